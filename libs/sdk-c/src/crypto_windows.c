/*
 * The primitives on Windows: CNG (bcrypt.dll) for random, SHA-256, HMAC and
 * AES-256-GCM; Monocypher (third_party/, unmodified) for Ed25519 and X25519,
 * which CNG lacks or only has on recent Windows 10.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <bcrypt.h>

#include "internal.h"
#include "monocypher.h"
#include "optional/monocypher-ed25519.h"

#define CNG_OK(status) ((status) >= 0)

bool lk_random(unsigned char *out, size_t length) {
  return length <= ULONG_MAX && CNG_OK(BCryptGenRandom(NULL, out, (ULONG)length, BCRYPT_USE_SYSTEM_PREFERRED_RNG));
}

void lk_cleanse(void *bytes, size_t length) { SecureZeroMemory(bytes, length); }

struct lk_sha256_context {
  BCRYPT_ALG_HANDLE algorithm;
  BCRYPT_HASH_HANDLE hash;
};

/* SHA-256, or HMAC-SHA256 keyed with `key` when it is not NULL. */
static lk_sha256_context *hash_new(const unsigned char *key, size_t key_length) {
  lk_sha256_context *context = calloc(1, sizeof *context);
  if (!context) return NULL;
  ULONG flags = key ? BCRYPT_ALG_HANDLE_HMAC_FLAG : 0;
  if (key_length > ULONG_MAX ||
      !CNG_OK(BCryptOpenAlgorithmProvider(&context->algorithm, BCRYPT_SHA256_ALGORITHM, NULL, flags)) ||
      !CNG_OK(BCryptCreateHash(context->algorithm, &context->hash, NULL, 0, (PUCHAR)key, (ULONG)key_length, 0))) {
    lk_sha256_free(context);
    return NULL;
  }
  return context;
}

lk_sha256_context *lk_sha256_new(void) { return hash_new(NULL, 0); }

bool lk_sha256_update(lk_sha256_context *context, const unsigned char *data, size_t length) {
  while (length > 0) {
    ULONG piece = length > 0x40000000u ? 0x40000000u : (ULONG)length;
    if (!CNG_OK(BCryptHashData(context->hash, (PUCHAR)data, piece, 0))) return false;
    data += piece;
    length -= piece;
  }
  return true;
}

bool lk_sha256_final(lk_sha256_context *context, unsigned char out[32]) {
  return CNG_OK(BCryptFinishHash(context->hash, out, 32, 0));
}

void lk_sha256_free(lk_sha256_context *context) {
  if (!context) return;
  if (context->hash) BCryptDestroyHash(context->hash);
  if (context->algorithm) BCryptCloseAlgorithmProvider(context->algorithm, 0);
  free(context);
}

static bool hash_once(const unsigned char *key, size_t key_length, const unsigned char *data, size_t length,
                      unsigned char out[32]) {
  lk_sha256_context *context = hash_new(key, key_length);
  bool ok = context && lk_sha256_update(context, data, length) && lk_sha256_final(context, out);
  lk_sha256_free(context);
  return ok;
}

bool lk_sha256(const unsigned char *data, size_t length, unsigned char out[32]) {
  return hash_once(NULL, 0, data, length, out);
}

bool lk_hmac_sha256(const unsigned char *key, size_t key_length, const unsigned char *data, size_t length,
                    unsigned char out[32]) {
  /* CNG refuses an empty HMAC key; HMAC pads the key with zeros, so one zero byte is the same key. */
  static const unsigned char zero = 0;
  return key_length > 0 ? hash_once(key, key_length, data, length, out) : hash_once(&zero, 1, data, length, out);
}

/* RFC 5869 with L = 32 (one block): PRK = HMAC(salt, secret); OKM = HMAC(PRK, info || 0x01). */
bool lk_hkdf_sha256(const unsigned char *secret, size_t secret_length, const unsigned char *salt, size_t salt_length,
                    const unsigned char *info, size_t info_length, unsigned char key[32]) {
  unsigned char prk[32];
  unsigned char *block = malloc(info_length + 1);
  bool ok = block && lk_hmac_sha256(salt, salt_length, secret, secret_length, prk);
  if (ok) {
    memcpy(block, info, info_length);
    block[info_length] = 1;
    ok = lk_hmac_sha256(prk, sizeof prk, block, info_length + 1, key);
  }
  lk_cleanse(prk, sizeof prk);
  free(block);
  return ok;
}

bool lk_ed25519_verify(const unsigned char public_key[32], const unsigned char *message, size_t length,
                       const unsigned char signature[64]) {
  return crypto_ed25519_check(signature, public_key, message, length) == 0;
}

bool lk_x25519_public(const unsigned char private_key[32], unsigned char public_key[32]) {
  crypto_x25519_public_key(public_key, private_key);
  return true;
}

bool lk_x25519_generate(unsigned char private_key[32], unsigned char public_key[32]) {
  return lk_random(private_key, 32) && lk_x25519_public(private_key, public_key);
}

bool lk_x25519_shared(const unsigned char private_key[32], const unsigned char server_public[32],
                      unsigned char shared[32]) {
  static const unsigned char zero[32] = {0};
  crypto_x25519(shared, private_key, server_public);
  /* A low-order server key gives all zeros: refused, as OpenSSL refuses it. */
  return crypto_verify32(shared, zero) != 0;
}

struct lk_aead {
  BCRYPT_ALG_HANDLE algorithm;
  BCRYPT_KEY_HANDLE key;
};

lk_aead *lk_aead_new(const unsigned char key[32]) {
  lk_aead *aead = calloc(1, sizeof *aead);
  if (!aead) return NULL;
  if (!CNG_OK(BCryptOpenAlgorithmProvider(&aead->algorithm, BCRYPT_AES_ALGORITHM, NULL, 0)) ||
      !CNG_OK(BCryptSetProperty(aead->algorithm, BCRYPT_CHAINING_MODE, (PUCHAR)BCRYPT_CHAIN_MODE_GCM,
                                sizeof BCRYPT_CHAIN_MODE_GCM, 0)) ||
      !CNG_OK(BCryptGenerateSymmetricKey(aead->algorithm, &aead->key, NULL, 0, (PUCHAR)key, 32, 0))) {
    lk_aead_free(aead);
    return NULL;
  }
  return aead;
}

bool lk_aead_open(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *sealed, size_t length, unsigned char *plain) {
  if (length < LK_RECORD_TAG_BYTES || length > ULONG_MAX || aad_length > ULONG_MAX) return false;
  ULONG cipher_length = (ULONG)(length - LK_RECORD_TAG_BYTES);
  BCRYPT_AUTHENTICATED_CIPHER_MODE_INFO info;
  BCRYPT_INIT_AUTH_MODE_INFO(info);
  info.pbNonce = (PUCHAR)nonce;
  info.cbNonce = 12;
  info.pbAuthData = (PUCHAR)aad;
  info.cbAuthData = (ULONG)aad_length;
  info.pbTag = (PUCHAR)(sealed + cipher_length);
  info.cbTag = LK_RECORD_TAG_BYTES;
  ULONG written = 0;
  return CNG_OK(BCryptDecrypt(aead->key, (PUCHAR)sealed, cipher_length, &info, NULL, 0, plain, cipher_length,
                              &written, 0)) &&
         written == cipher_length;
}

bool lk_aead_seal(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *plain, size_t length, unsigned char *sealed) {
  if (length > ULONG_MAX - LK_RECORD_TAG_BYTES || aad_length > ULONG_MAX) return false;
  BCRYPT_AUTHENTICATED_CIPHER_MODE_INFO info;
  BCRYPT_INIT_AUTH_MODE_INFO(info);
  info.pbNonce = (PUCHAR)nonce;
  info.cbNonce = 12;
  info.pbAuthData = (PUCHAR)aad;
  info.cbAuthData = (ULONG)aad_length;
  info.pbTag = sealed + length;
  info.cbTag = LK_RECORD_TAG_BYTES;
  ULONG written = 0;
  return CNG_OK(BCryptEncrypt(aead->key, (PUCHAR)plain, (ULONG)length, &info, NULL, 0, sealed, (ULONG)length,
                              &written, 0)) &&
         written == length;
}

void lk_aead_free(lk_aead *aead) {
  if (!aead) return;
  if (aead->key) BCryptDestroyKey(aead->key);
  if (aead->algorithm) BCryptCloseAlgorithmProvider(aead->algorithm, 0);
  free(aead);
}
