/* The protocol's constructions over the platform's primitives: nonces, key ids, the file key, GCM records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define KEY_INFO_PREFIX "latchkey-file-v1:"

char *lk_new_nonce(void) {
  unsigned char bytes[16];
  if (!lk_random(bytes, sizeof bytes)) return NULL;
  return lk_base64url_encode(bytes, sizeof bytes);
}

void lk_key_id(const unsigned char public_key[32], char out[17]) {
  unsigned char digest[32];
  char *hex = lk_sha256(public_key, 32, digest) ? lk_hex(digest, 8) : NULL;
  if (hex) memcpy(out, hex, 17);
  else out[0] = '\0';
  free(hex);
}

bool lk_raw_key(const char *base64, unsigned char out[32]) {
  size_t length = 0;
  unsigned char *raw = base64 ? lk_base64_decode(base64, &length) : NULL;
  bool ok = raw && length == 32;
  if (ok) memcpy(out, raw, 32);
  free(raw);
  return ok;
}

bool lk_derive_file_key(const unsigned char client_private[32], const unsigned char server_public[32],
                        const unsigned char *salt, size_t salt_length, const char *file_id, unsigned char key[32]) {
  unsigned char shared[32];
  if (!lk_x25519_shared(client_private, server_public, shared)) return false;
  size_t info_length = strlen(KEY_INFO_PREFIX) + strlen(file_id);
  char *info = malloc(info_length + 1);
  bool ok = false;
  if (info) {
    snprintf(info, info_length + 1, "%s%s", KEY_INFO_PREFIX, file_id);
    ok = lk_hkdf_sha256(shared, sizeof shared, salt, salt_length, (const unsigned char *)info, info_length, key);
  }
  lk_cleanse(shared, sizeof shared);
  free(info);
  return ok;
}

struct lk_decipher {
  size_t sealed_record_bytes;
  unsigned char *pending; /* at most one sealed record plus what the last update brought */
  size_t pending_length;
  size_t pending_capacity;
  uint64_t index;
  lk_aead *aead;
  unsigned char *plain;
  lk_sink sink;
  void *sink_context;
};

lk_decipher *lk_decipher_new(const unsigned char key[32], size_t record_size, lk_sink sink, void *sink_context) {
  lk_decipher *decipher = calloc(1, sizeof *decipher);
  if (!decipher) return NULL;
  decipher->sealed_record_bytes = record_size + LK_RECORD_TAG_BYTES;
  decipher->aead = lk_aead_new(key);
  decipher->plain = malloc(record_size + 1);
  decipher->sink = sink;
  decipher->sink_context = sink_context;
  if (!decipher->aead || !decipher->plain) {
    lk_decipher_free(decipher);
    return NULL;
  }
  return decipher;
}

void lk_decipher_free(lk_decipher *decipher) {
  if (!decipher) return;
  lk_aead_free(decipher->aead);
  free(decipher->pending);
  free(decipher->plain);
  free(decipher);
}

/* Opens one sealed record (ciphertext || tag) and hands its plaintext to the sink. */
static lk_error open_record(lk_decipher *d, const unsigned char *sealed, size_t length, bool last,
                            lk_error_info *error) {
  unsigned char nonce[12] = {0};
  for (int i = 0; i < 8; i++) nonce[4 + i] = (unsigned char)(d->index >> (56 - 8 * i));
  const unsigned char aad = last ? 1 : 0;
  if (!lk_aead_open(d->aead, nonce, &aad, 1, sealed, length, d->plain)) {
    return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Encrypted download record %llu failed to authenticate",
                   (unsigned long long)d->index);
  }
  d->index++;
  return d->sink(d->sink_context, d->plain, length - LK_RECORD_TAG_BYTES, error);
}

lk_error lk_decipher_update(lk_decipher *d, const unsigned char *bytes, size_t length, lk_error_info *error) {
  if (d->pending_length + length > d->pending_capacity) {
    size_t capacity = d->pending_length + length;
    unsigned char *grown = realloc(d->pending, capacity);
    if (!grown) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory while decrypting");
    d->pending = grown;
    d->pending_capacity = capacity;
  }
  memcpy(d->pending + d->pending_length, bytes, length);
  d->pending_length += length;
  /* Strictly more than one sealed record buffered: the first one is not the last. */
  size_t offset = 0;
  while (d->pending_length - offset > d->sealed_record_bytes) {
    lk_error code = open_record(d, d->pending + offset, d->sealed_record_bytes, false, error);
    if (code != LK_OK) return code;
    offset += d->sealed_record_bytes;
  }
  if (offset > 0) {
    memmove(d->pending, d->pending + offset, d->pending_length - offset);
    d->pending_length -= offset;
  }
  return LK_OK;
}

lk_error lk_decipher_final(lk_decipher *d, lk_error_info *error) {
  if (d->pending_length < LK_RECORD_TAG_BYTES) {
    return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Encrypted download is truncated");
  }
  return open_record(d, d->pending, d->pending_length, true, error);
}
