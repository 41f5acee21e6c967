// C++17 face of liblatchkey: RAII owners over the C API and exceptions
// (latchkey::Error, carrying the code, the contract's message and the HTTP
// status). Everything returned is a value type the caller owns outright.
#ifndef LATCHKEY_HPP
#define LATCHKEY_HPP

#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "latchkey.h"

namespace latchkey {

class Error : public std::runtime_error {
 public:
  explicit Error(const lk_error_info &info) : std::runtime_error(info.message), code_(info.code), status_(info.status) {}
  lk_error code() const noexcept { return code_; }
  // "SIGNATURE_INVALID", "LICENSE_BANNED", ...: the TypeScript SDK's code names
  const char *name() const noexcept { return lk_error_name(code_); }
  // the HTTP status of the answer, 0 when none is involved
  int status() const noexcept { return status_; }

 private:
  lk_error code_;
  int status_;
};

namespace detail {
inline void check(lk_error code, const lk_error_info &info) {
  if (code != LK_OK) throw Error(info);
}
inline std::optional<std::string> optional(const char *text) {
  return text ? std::optional<std::string>(text) : std::nullopt;
}
inline std::string text(const char *text) { return text ? text : ""; }
template <typename T, void (*Free)(T *)>
struct Deleter {
  void operator()(T *pointer) const noexcept { Free(pointer); }
};
template <typename T, void (*Free)(T *)>
using Owned = std::unique_ptr<T, Deleter<T, Free>>;
inline void free_string(char *text) { lk_free(text); }
using String = Owned<char, free_string>;
inline void free_bytes(unsigned char *bytes) { lk_free(bytes); }
}  // namespace detail

struct AppInfo {
  std::string name;
  std::string version;
  std::optional<std::string> updateUrl;
};

struct User {
  std::string userId;
  std::string username;
  long level = 0;
  std::optional<std::string> hwid;
  std::optional<std::string> expiresAt;  // nullopt: a lifetime license
  std::string createdAt;
  std::optional<std::string> lastLoginAt;

  static User of(const lk_user *user) {
    return {detail::text(user->user_id),    detail::text(user->username),      user->level,
            detail::optional(user->hwid),   detail::optional(user->expires_at), detail::text(user->created_at),
            detail::optional(user->last_login_at)};
  }
};

struct Session {
  std::string token;
  std::string expiresAt;
  User user;
  std::optional<std::string> ticket;

  static Session of(const lk_session *session) {
    return {detail::text(session->token), detail::text(session->expires_at),
            session->user ? User::of(session->user) : User{}, detail::optional(session->ticket)};
  }
};

struct FileInfo {
  std::string fileId;
  std::string name;
  std::uint64_t size = 0;
  std::string sha256;
  bool encrypted = false;
};

struct TicketClaims {
  std::string iss;
  std::string sub;
  std::string sid;
  long level = 0;
  std::optional<std::string> hwid;
  std::int64_t iat = 0;
  std::int64_t exp = 0;
};

// Initialises the library for the program's lifetime: make one in main before any Client.
class Library {
 public:
  Library() {
    lk_error_info info{};
    info.code = lk_global_init();
    detail::check(info.code, info);
  }
  ~Library() { lk_global_cleanup(); }
  Library(const Library &) = delete;
  Library &operator=(const Library &) = delete;
};

// The salted machine id for `hwid` (see lk_machine_id).
inline std::string machineId(const std::string &salt) {
  lk_error_info info{};
  char *id = nullptr;
  detail::check(lk_machine_id(salt.c_str(), &id, &info), info);
  return detail::String(id).get();
}

class HeartbeatTimer;

class Client {
 public:
  Client(const std::string &url, const std::string &appId, const std::string &apiKey, const std::string &publicKey) {
    lk_error_info info{};
    lk_client *client = nullptr;
    detail::check(lk_client_new(url.c_str(), appId.c_str(), apiKey.c_str(), publicKey.c_str(), &client, &info), info);
    client_.reset(client);
  }

  void setMaxSkew(long seconds) { lk_client_set_max_skew(get(), seconds); }
  void setTimeout(long milliseconds) { lk_client_set_timeout(get(), milliseconds); }

  AppInfo init() {
    lk_error_info info{};
    lk_app_info *app = nullptr;
    detail::check(lk_init(get(), &app, &info), info);
    detail::Owned<lk_app_info, lk_app_info_free> owned(app);
    return {detail::text(app->name), detail::text(app->version), detail::optional(app->update_url)};
  }

  Session registerUser(const std::string &username, const std::string &password, const std::string &licenseKey,
                       const std::optional<std::string> &hwid = std::nullopt) {
    return session([&](lk_session **out, lk_error_info *info) {
      return lk_register(get(), username.c_str(), password.c_str(), licenseKey.c_str(), cstr(hwid), out, info);
    });
  }
  Session login(const std::string &username, const std::string &password,
                const std::optional<std::string> &hwid = std::nullopt) {
    return session([&](lk_session **out, lk_error_info *info) {
      return lk_login(get(), username.c_str(), password.c_str(), cstr(hwid), out, info);
    });
  }
  Session license(const std::string &licenseKey, const std::optional<std::string> &hwid = std::nullopt) {
    return session([&](lk_session **out, lk_error_info *info) {
      return lk_license(get(), licenseKey.c_str(), cstr(hwid), out, info);
    });
  }
  User upgrade(const std::string &username, const std::string &password, const std::string &licenseKey) {
    lk_error_info info{};
    lk_user *user = nullptr;
    detail::check(lk_upgrade(get(), username.c_str(), password.c_str(), licenseKey.c_str(), &user, &info), info);
    detail::Owned<lk_user, lk_user_free> owned(user);
    return User::of(user);
  }
  Session check() {
    return session([&](lk_session **out, lk_error_info *info) { return lk_check(get(), out, info); });
  }
  std::optional<Session> currentSession() {
    lk_error_info info{};
    lk_session *out = nullptr;
    lk_error code = lk_current_session(get(), &out, &info);
    if (code == LK_ERR_NO_SESSION) return std::nullopt;
    detail::check(code, info);
    detail::Owned<lk_session, lk_session_free> owned(out);
    return Session::of(out);
  }
  void useSession(const std::string &token, const std::optional<std::string> &ticket = std::nullopt) {
    lk_error_info info{};
    detail::check(lk_use_session(get(), token.c_str(), cstr(ticket), &info), info);
  }
  std::string heartbeat() {
    lk_error_info info{};
    char *expiresAt = nullptr;
    detail::check(lk_heartbeat(get(), &expiresAt, &info), info);
    return detail::text(detail::String(expiresAt).get());
  }
  void logout() {
    lk_error_info info{};
    detail::check(lk_logout(get(), &info), info);
  }
  std::string var(const std::string &key) {
    return value([&](char **out, lk_error_info *info) { return lk_var(get(), key.c_str(), out, info); });
  }
  std::string userVar(const std::string &key) {
    return value([&](char **out, lk_error_info *info) { return lk_user_var(get(), key.c_str(), out, info); });
  }
  void setUserVar(const std::string &key, const std::string &value) {
    lk_error_info info{};
    detail::check(lk_set_user_var(get(), key.c_str(), value.c_str(), &info), info);
  }
  void deleteUserVar(const std::string &key) {
    lk_error_info info{};
    detail::check(lk_delete_user_var(get(), key.c_str(), &info), info);
  }
  std::map<std::string, std::string> userVars() {
    lk_error_info info{};
    lk_variables *variables = nullptr;
    detail::check(lk_user_vars(get(), &variables, &info), info);
    detail::Owned<lk_variables, lk_variables_free> owned(variables);
    std::map<std::string, std::string> result;
    for (std::size_t i = 0; i < variables->count; i++) result[variables->items[i].key] = variables->items[i].value;
    return result;
  }
  void log(const std::string &message) {
    lk_error_info info{};
    detail::check(lk_log(get(), message.c_str(), &info), info);
  }
  FileInfo file(const std::string &fileId, const std::string &path, bool encrypted = true) {
    lk_error_info info{};
    lk_file_info *file = nullptr;
    detail::check(lk_file(get(), fileId.c_str(), path.c_str(), encrypted ? 1 : 0, &file, &info), info);
    detail::Owned<lk_file_info, lk_file_info_free> owned(file);
    return fileInfo(file);
  }
  // The verified file in memory, never on disk (for a module loaded from memory).
  std::vector<unsigned char> fileToMemory(const std::string &fileId, bool encrypted = true, FileInfo *about = nullptr) {
    lk_error_info info{};
    unsigned char *bytes = nullptr;
    std::size_t length = 0;
    lk_file_info *file = nullptr;
    detail::check(lk_file_to_memory(get(), fileId.c_str(), encrypted ? 1 : 0, &bytes, &length, &file, &info), info);
    detail::Owned<lk_file_info, lk_file_info_free> owned(file);
    detail::Owned<unsigned char, detail::free_bytes> buffer(bytes);
    if (about) *about = fileInfo(file);
    return std::vector<unsigned char>(bytes, bytes + length);
  }
  // Each piece as it streams; answer false to stop. Only trust what arrived once this returns (see
  // lk_file_to_callback). An exception thrown by `write` stops the download and is rethrown here.
  FileInfo fileToCallback(const std::string &fileId, const std::function<bool(const unsigned char *, std::size_t)> &write,
                          bool encrypted = true) {
    struct Context {
      const std::function<bool(const unsigned char *, std::size_t)> *write;
      std::exception_ptr thrown;
    } context{&write, nullptr};
    auto call = [](void *user, const unsigned char *bytes, std::size_t length) -> int {
      auto *c = static_cast<Context *>(user);
      try {
        return (*c->write)(bytes, length) ? 0 : 1;
      } catch (...) {
        c->thrown = std::current_exception();
        return 1;
      }
    };
    lk_error_info info{};
    lk_file_info *file = nullptr;
    lk_error code = lk_file_to_callback(get(), fileId.c_str(), encrypted ? 1 : 0, call, &context, &file, &info);
    detail::Owned<lk_file_info, lk_file_info_free> owned(file);
    if (context.thrown) std::rethrow_exception(context.thrown);
    detail::check(code, info);
    return fileInfo(file);
  }
  // ticket nullopt: the held session's
  TicketClaims verifyTicket(const std::optional<std::string> &ticket = std::nullopt,
                            const std::optional<std::string> &hwid = std::nullopt) {
    lk_error_info info{};
    lk_ticket_claims *claims = nullptr;
    detail::check(lk_verify_ticket(get(), cstr(ticket), cstr(hwid), &claims, &info), info);
    detail::Owned<lk_ticket_claims, lk_ticket_claims_free> owned(claims);
    return {detail::text(claims->iss), detail::text(claims->sub), detail::text(claims->sid), claims->level,
            detail::optional(claims->hwid), claims->iat, claims->exp};
  }

  lk_client *get() const noexcept { return client_.get(); }

 private:
  static const char *cstr(const std::optional<std::string> &text) { return text ? text->c_str() : nullptr; }
  static FileInfo fileInfo(const lk_file_info *file) {
    return {detail::text(file->file_id), detail::text(file->name), file->size, detail::text(file->sha256),
            file->encrypted != 0};
  }
  template <typename Call>
  static Session session(Call call) {
    lk_error_info info{};
    lk_session *out = nullptr;
    detail::check(call(&out, &info), info);
    detail::Owned<lk_session, lk_session_free> owned(out);
    return Session::of(out);
  }
  template <typename Call>
  static std::string value(Call call) {
    lk_error_info info{};
    char *out = nullptr;
    detail::check(call(&out, &info), info);
    return detail::text(detail::String(out).get());
  }

  detail::Owned<lk_client, lk_client_free> client_;
};

// Heartbeats on a thread of their own while this object lives (see lk_heartbeat_timer_start).
// The Client must outlive the timer. The rules of the callbacks, which run on the timer's thread:
// - an exception a callback throws is caught there and dropped (it cannot reach the program's
//   threads, and must not end the process): handle failures inside the callback;
// - a callback may stop the timer (stop(), or destroying this object): the call returns at once
//   and the thread ends when the callback returns; from other threads, stopping waits for a
//   heartbeat under way;
// - the interval is measured on a steady clock (Linux, macOS, the BSDs): setting the wall clock
//   does not move the next beat.
class HeartbeatTimer {
 public:
  using Callback = std::function<void(const Error &)>;
  HeartbeatTimer(Client &client, long intervalMs, Callback onLost, Callback onError = nullptr)
      : callbacks_(new Callbacks{std::move(onLost), std::move(onError)}) {
    lk_error_info info{};
    lk_heartbeat_timer *timer = nullptr;
    detail::check(lk_heartbeat_timer_start(client.get(), intervalMs, &HeartbeatTimer::lost, &HeartbeatTimer::failed,
                                           callbacks_.get(), &timer, &info),
                  info);
    timer_.reset(timer);
  }

  // Stops the beats (see the rules above); the destructor does the same.
  void stop() noexcept { timer_.reset(); }

 private:
  struct Callbacks {
    Callback onLost;
    Callback onError;
  };
  // Called by the C timer; nothing may propagate out of it. The callback runs on a copy, so a
  // callback that stops (or destroys) this timer does not destroy the function under way.
  static void call(const Callback &callback, const lk_error_info *info) noexcept {
    if (!callback) return;
    try {
      Callback running = callback;
      running(Error(*info));
    } catch (...) {  // dropped: documented above
    }
  }
  static void lost(const lk_error_info *info, void *context) noexcept {
    call(static_cast<Callbacks *>(context)->onLost, info);
  }
  static void failed(const lk_error_info *info, void *context) noexcept {
    call(static_cast<Callbacks *>(context)->onError, info);
  }
  // Declared first so it is destroyed last: the thread stops before the callbacks go. Stopped from
  // a callback, the callbacks go while it runs its copy: the C timer touches them no more.
  std::unique_ptr<Callbacks> callbacks_;
  detail::Owned<lk_heartbeat_timer, lk_heartbeat_timer_stop> timer_;
};

}  // namespace latchkey

#endif
