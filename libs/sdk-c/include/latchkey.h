/*
 * liblatchkey: a C11 client for Latchkey's client protocol (docs/client-protocol.md).
 *
 * Every answer is checked before it is believed: its Ed25519 signature (with
 * the app's public key given here, never taken from the network), its JSON
 * shape, its timestamp (within max skew, default 30 s) and the echo of the
 * request's fresh nonce. A refusal of the service comes back as an lk_error
 * code (the TypeScript SDK's code names, prefixed LK_ERR_) with the contract's
 * message and HTTP status in an lk_error_info.
 *
 * OWNERSHIP
 * - lk_client: made by lk_client_new, freed by lk_client_free (NULL is fine).
 * - Every `char **out` string and every `lk_xxx **out` structure is allocated
 *   by the library and owned by the caller: free strings with lk_free, and
 *   each structure with its own lk_xxx_free (NULL is fine for all of them).
 *   On error, *out is left NULL.
 * - `const char *` arguments are only read during the call; the library keeps
 *   copies of what it needs (e.g. the configuration, the session token).
 * - lk_error_info is the caller's (on the stack is fine); pass NULL when the
 *   message and status are not wanted.
 * - Structures are only ever allocated by the library, so later versions may
 *   add fields at their end without breaking binaries built against this one.
 *
 * THREADS
 * - lk_global_init once before any other call (it initialises libcurl, where
 *   the build uses it) and
 *   lk_global_cleanup once at the end, while no other thread uses the library.
 *   There is no other global state.
 * - One lk_client may be used from several threads: its calls are serialised
 *   by a lock of its own (a file download holds it only for the signed `file`
 *   request, not for the transfer). Different clients never share anything.
 * - lk_heartbeat_timer runs heartbeats on a thread of its own; its callbacks
 *   run on that thread. Stop it (lk_heartbeat_timer_stop) before freeing its
 *   client.
 */
#ifndef LATCHKEY_H
#define LATCHKEY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(LATCHKEY_SHARED)
#  ifdef LATCHKEY_BUILDING
#    define LK_API __declspec(dllexport)
#  else
#    define LK_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__)
#  define LK_API __attribute__((visibility("default")))
#else
#  define LK_API
#endif

#define LATCHKEY_VERSION "1.0.0"

/*
 * Error codes: the same names as the TypeScript SDK's LatchkeyError codes
 * (libs/sdk/src/errors.ts). The numbers are part of the ABI and never change.
 */
typedef enum lk_error {
  LK_OK = 0,
  /* Answers of the service (verified where the answer was signed). */
  LK_ERR_VALIDATION = 1,               /* 400 naming a field */
  LK_ERR_UNKNOWN_TYPE = 2,             /* 400 Unknown request type */
  LK_ERR_INVALID_APP_CREDENTIALS = 3,  /* 401 */
  LK_ERR_APP_DISABLED = 4,             /* 403 */
  LK_ERR_ACCESS_DENIED = 5,            /* 403 */
  LK_ERR_INVALID_USER_LOGIN = 6,       /* 401 Invalid username or password */
  LK_ERR_LICENSE_NOT_FOUND = 7,        /* 404 */
  LK_ERR_LICENSE_BANNED = 8,           /* 403 */
  LK_ERR_LICENSE_EXPIRED = 9,          /* 403 */
  LK_ERR_LICENSE_USED = 10,            /* 409 */
  LK_ERR_USERNAME_TAKEN = 11,          /* 409 */
  LK_ERR_USER_BANNED = 12,             /* 403 */
  LK_ERR_HWID_MISMATCH = 13,           /* 403 */
  LK_ERR_INVALID_SESSION = 14,         /* 401 Invalid or expired session */
  LK_ERR_VARIABLE_NOT_FOUND = 15,      /* 404 */
  LK_ERR_FILE_NOT_FOUND = 16,          /* 404 */
  LK_ERR_USER_VARIABLE_LIMIT = 17,     /* 409 */
  LK_ERR_INSUFFICIENT_LEVEL = 18,      /* 403 */
  LK_ERR_TOO_MANY_REQUESTS = 19,       /* 429 */
  LK_ERR_DOWNLOAD_GONE = 20,           /* 410: a download link used twice, after 60 s or after logout */
  LK_ERR_SERVER_ERROR = 21,            /* 5xx */
  LK_ERR_UNKNOWN_ERROR = 22,           /* a status and message this version does not know */
  /* Checks made on this side. */
  LK_ERR_SIGNATURE_INVALID = 40,       /* unsigned answer, malformed signature headers, or no verify */
  LK_ERR_STALE_RESPONSE = 41,          /* signed timestamp further from now than max skew */
  LK_ERR_NONCE_MISMATCH = 42,          /* the answer does not carry this request's nonce: a replay */
  LK_ERR_NETWORK = 43,                 /* no answer: connection refused, DNS, timeout */
  LK_ERR_UNEXPECTED_RESPONSE = 44,     /* not JSON, not an envelope, file answer not as asked */
  LK_ERR_FILE_INTEGRITY = 45,          /* a record that fails to authenticate, or size/SHA-256 not as signed */
  LK_ERR_TICKET_INVALID = 46,          /* offline ticket: signature, key id, issuer, machine or claims */
  LK_ERR_TICKET_EXPIRED = 47,          /* offline ticket past its exp */
  LK_ERR_NO_SESSION = 48,              /* a session call before register/login/license or after logout */
  LK_ERR_MACHINE_ID_UNAVAILABLE = 49,  /* no operating system machine id */
  LK_ERR_APP_UNKNOWN = 50,             /* the service does not know the app id (its unsigned 401) */
  /* C usage. */
  LK_ERR_INVALID_ARGUMENT = 60,        /* a NULL where a value is needed, or a malformed public key */
  LK_ERR_OUT_OF_MEMORY = 61,
  LK_ERR_IO = 62                       /* the download's destination could not be written */
} lk_error;

/* What went wrong: the code, the HTTP status (0 when no answer is involved) and a message. */
typedef struct lk_error_info {
  lk_error code;
  int status;
  /* the contract's exact wording for refusals of the service; a description for the rest */
  char message[256];
} lk_error_info;

/* "SIGNATURE_INVALID" for LK_ERR_SIGNATURE_INVALID, "OK" for LK_OK: a static string, never freed. */
LK_API const char *lk_error_name(lk_error code);

LK_API lk_error lk_global_init(void);
LK_API void lk_global_cleanup(void);

/* Frees a string the library returned. */
LK_API void lk_free(void *string);

typedef struct lk_client lk_client;

/*
 * url: where the service runs (e.g. "https://licensing.example.com"; a trailing /v1 or / is fine);
 * public_key: the app's Ed25519 public key, base64 of the raw 32 bytes (dashboard or admin API).
 */
LK_API lk_error lk_client_new(const char *url, const char *app_id, const char *api_key, const char *public_key,
                              lk_client **out, lk_error_info *error);
LK_API void lk_client_free(lk_client *client);
/* How far a signed answer's timestamp may be from this clock; default 30. */
LK_API void lk_client_set_max_skew(lk_client *client, long seconds);
/* Per request (for downloads: the longest stall); default 15000. */
LK_API void lk_client_set_timeout(lk_client *client, long milliseconds);

typedef struct lk_app_info {
  char *name;
  char *version;
  char *update_url; /* NULL when the app has none */
} lk_app_info;
LK_API void lk_app_info_free(lk_app_info *info);

typedef struct lk_user {
  char *user_id;
  char *username;
  long level;
  char *hwid;       /* NULL when not bound to a machine */
  char *expires_at; /* ISO 8601; NULL for a lifetime license */
  char *created_at;
  char *last_login_at; /* NULL before the first login */
} lk_user;
LK_API void lk_user_free(lk_user *user);

typedef struct lk_session {
  char *token;
  char *expires_at; /* when the session ends unless renewed by activity */
  lk_user *user;
  char *ticket; /* offline ticket; NULL when the app hands none out */
} lk_session;
LK_API void lk_session_free(lk_session *session);

typedef struct lk_variable {
  char *key;
  char *value;
} lk_variable;
typedef struct lk_variables {
  size_t count;
  lk_variable *items; /* ordered by key */
} lk_variables;
LK_API void lk_variables_free(lk_variables *variables);

typedef struct lk_file_info {
  char *file_id;
  char *name;
  uint64_t size;
  char *sha256; /* hex SHA-256 of the plaintext, as signed and checked */
  int encrypted;
} lk_file_info;
LK_API void lk_file_info_free(lk_file_info *info);

typedef struct lk_ticket_claims {
  char *iss; /* appId */
  char *sub; /* userId */
  char *sid; /* session id */
  long level;
  char *hwid; /* NULL when the ticket is bound to no machine */
  int64_t iat;
  int64_t exp; /* unix seconds: valid offline until then */
} lk_ticket_claims;
LK_API void lk_ticket_claims_free(lk_ticket_claims *claims);

/* The app's name, version and update URL. */
LK_API lk_error lk_init(lk_client *client, lk_app_info **out, lk_error_info *error);

/*
 * register, login and license open a session the client holds for the calls
 * that need one; `out` (may be NULL) receives a copy. hwid may be NULL.
 */
LK_API lk_error lk_register(lk_client *client, const char *username, const char *password, const char *license_key,
                            const char *hwid, lk_session **out, lk_error_info *error);
LK_API lk_error lk_login(lk_client *client, const char *username, const char *password, const char *hwid,
                         lk_session **out, lk_error_info *error);
LK_API lk_error lk_license(lk_client *client, const char *license_key, const char *hwid, lk_session **out,
                           lk_error_info *error);
/* Redeems an unused key for an existing account; `out` (may be NULL) receives the upgraded user. */
LK_API lk_error lk_upgrade(lk_client *client, const char *username, const char *password, const char *license_key,
                           lk_user **out, lk_error_info *error);

/* A copy of the held session (LK_ERR_NO_SESSION when there is none). */
LK_API lk_error lk_current_session(lk_client *client, lk_session **out, lk_error_info *error);
/* Continues a session kept from an earlier run; ticket may be NULL. lk_check tells whether it still holds. */
LK_API lk_error lk_use_session(lk_client *client, const char *token, const char *ticket, lk_error_info *error);

/* Whether the session is still valid; refreshes the held user, expiry and ticket. `out` may be NULL. */
LK_API lk_error lk_check(lk_client *client, lk_session **out, lk_error_info *error);
/* Keeps the session from going idle; `expires_at` (may be NULL) receives its new expiry. */
LK_API lk_error lk_heartbeat(lk_client *client, char **expires_at, lk_error_info *error);
/* Ends the session on the service and forgets it here. */
LK_API lk_error lk_logout(lk_client *client, lk_error_info *error);

/* A server-side variable of the app. */
LK_API lk_error lk_var(lk_client *client, const char *key, char **value, lk_error_info *error);
/* The session user's own variables (LK_ERR_VARIABLE_NOT_FOUND when it has none by that key). */
LK_API lk_error lk_user_var(lk_client *client, const char *key, char **value, lk_error_info *error);
/* Creates or replaces one (a new key beyond the user's 50: LK_ERR_USER_VARIABLE_LIMIT). */
LK_API lk_error lk_set_user_var(lk_client *client, const char *key, const char *value, lk_error_info *error);
LK_API lk_error lk_delete_user_var(lk_client *client, const char *key, lk_error_info *error);
LK_API lk_error lk_user_vars(lk_client *client, lk_variables **out, lk_error_info *error);

/* Adds a line to the app's audit log, attributed to the session's user. */
LK_API lk_error lk_log(lk_client *client, const char *message, lk_error_info *error);

/*
 * Downloads a file to `path`. With `encrypted` (recommended) the file is
 * end-to-end encrypted to an X25519 key made for this download only and
 * decrypted record by record as it streams; in any case the plaintext's size
 * and SHA-256 are checked against the signed answer. The bytes go to a
 * temporary file beside `path`, renamed to `path` only once everything
 * verified: `path` never holds a partial or forged file. `out` may be NULL.
 * `path` is UTF-8 on every system (on Windows too, whatever the code page).
 */
LK_API lk_error lk_file(lk_client *client, const char *file_id, const char *path, int encrypted,
                        lk_file_info **out, lk_error_info *error);

/*
 * Downloads a file into memory, never to disk (for a module loaded from
 * memory), with the same checks as lk_file. On LK_OK *bytes holds the
 * verified plaintext (*length bytes; not NUL-terminated; never NULL, even for
 * an empty file), owned by the caller: free it with lk_free. On error *bytes
 * is NULL and what had arrived was wiped. `out` may be NULL.
 */
LK_API lk_error lk_file_to_memory(lk_client *client, const char *file_id, int encrypted, unsigned char **bytes,
                                  size_t *length, lk_file_info **out, lk_error_info *error);

/*
 * Receives a download's plaintext piece by piece, as it streams, with no
 * whole copy anywhere. Answer 0 to go on; anything else stops the download
 * (LK_ERR_IO). Pieces of an encrypted download have passed their record's
 * authentication, but the file is only verified (size and SHA-256) when
 * lk_file_to_callback returns LK_OK: on any other result, discard what the
 * callback received.
 */
typedef int (*lk_write_callback)(void *user_data, const unsigned char *bytes, size_t length);
LK_API lk_error lk_file_to_callback(lk_client *client, const char *file_id, int encrypted, lk_write_callback write,
                                    void *user_data, lk_file_info **out, lk_error_info *error);

/*
 * Checks an offline ticket with no network: signature, key id, issuer, expiry
 * and claims, and, when hwid is not NULL, that a machine-bound ticket names
 * this machine. ticket NULL: the held session's. `out` may be NULL.
 */
LK_API lk_error lk_verify_ticket(lk_client *client, const char *ticket, const char *hwid, lk_ticket_claims **out,
                                 lk_error_info *error);

/*
 * A stable id of this machine for `hwid`: hex HMAC-SHA256 keyed with `salt`
 * (something of your app's, e.g. its appId) over the lowercased operating
 * system installation id (Windows MachineGuid, macOS IOPlatformUUID, Linux
 * /etc/machine-id). The raw id never leaves the machine.
 */
LK_API lk_error lk_machine_id(const char *salt, char **out, lk_error_info *error);

/*
 * Heartbeats on a thread of their own every interval_ms (default 60000 when
 * 0; keep it below the app's idle timeout). on_lost: the service refused the
 * session (a signed 401/403, or no session): the thread ends. on_error: a
 * heartbeat failed otherwise (network, signature, 429, 5xx): the thread goes
 * on. Both may be NULL and run on the heartbeat thread.
 *
 * The interval is measured on a steady clock where the system has one
 * (Linux, macOS, the BSDs): setting the wall clock does not move the next beat.
 */
typedef void (*lk_heartbeat_callback)(const lk_error_info *error, void *user_data);
typedef struct lk_heartbeat_timer lk_heartbeat_timer;
LK_API lk_error lk_heartbeat_timer_start(lk_client *client, long interval_ms, lk_heartbeat_callback on_lost,
                                         lk_heartbeat_callback on_error, void *user_data, lk_heartbeat_timer **out,
                                         lk_error_info *error);
/*
 * Stops the thread and frees the timer; NULL is fine. From another thread it
 * waits for a heartbeat under way. From one of the timer's own callbacks it
 * returns at once and the timer is freed when the callback returns: the timer
 * must not be used after this call either way.
 */
LK_API void lk_heartbeat_timer_stop(lk_heartbeat_timer *timer);

#ifdef __cplusplus
}
#endif

#endif
