/* The primitives over OpenSSL 3 (Linux, macOS): Ed25519, X25519, HKDF, HMAC and SHA-256, AES-256-GCM, random. */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

#include "internal.h"

bool lk_random(unsigned char *out, size_t length) { return RAND_bytes(out, (int)length) == 1; }

void lk_cleanse(void *bytes, size_t length) { OPENSSL_cleanse(bytes, length); }

bool lk_sha256(const unsigned char *data, size_t length, unsigned char out[32]) {
  return EVP_Digest(data, length, out, NULL, EVP_sha256(), NULL) == 1;
}

lk_sha256_context *lk_sha256_new(void) {
  EVP_MD_CTX *context = EVP_MD_CTX_new();
  if (context && EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
    EVP_MD_CTX_free(context);
    return NULL;
  }
  return (lk_sha256_context *)context;
}

bool lk_sha256_update(lk_sha256_context *context, const unsigned char *data, size_t length) {
  return EVP_DigestUpdate((EVP_MD_CTX *)context, data, length) == 1;
}

bool lk_sha256_final(lk_sha256_context *context, unsigned char out[32]) {
  unsigned int length = 0;
  return EVP_DigestFinal_ex((EVP_MD_CTX *)context, out, &length) == 1 && length == 32;
}

void lk_sha256_free(lk_sha256_context *context) { EVP_MD_CTX_free((EVP_MD_CTX *)context); }

bool lk_hmac_sha256(const unsigned char *key, size_t key_length, const unsigned char *data, size_t length,
                    unsigned char out[32]) {
  size_t out_length = 0;
  return EVP_Q_mac(NULL, "HMAC", NULL, "SHA256", NULL, key, key_length, data, length, out, 32, &out_length) != NULL &&
         out_length == 32;
}

bool lk_ed25519_verify(const unsigned char public_key[32], const unsigned char *message, size_t length,
                       const unsigned char signature[64]) {
  EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, public_key, 32);
  EVP_MD_CTX *context = key ? EVP_MD_CTX_new() : NULL;
  bool ok = context && EVP_DigestVerifyInit(context, NULL, NULL, NULL, key) == 1 &&
            EVP_DigestVerify(context, signature, 64, message, length) == 1;
  EVP_MD_CTX_free(context);
  EVP_PKEY_free(key);
  return ok;
}

bool lk_x25519_public(const unsigned char private_key[32], unsigned char public_key[32]) {
  EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, private_key, 32);
  size_t length = 32;
  bool ok = key && EVP_PKEY_get_raw_public_key(key, public_key, &length) == 1 && length == 32;
  EVP_PKEY_free(key);
  return ok;
}

bool lk_x25519_generate(unsigned char private_key[32], unsigned char public_key[32]) {
  return lk_random(private_key, 32) && lk_x25519_public(private_key, public_key);
}

bool lk_x25519_shared(const unsigned char private_key[32], const unsigned char server_public[32],
                      unsigned char shared[32]) {
  EVP_PKEY *own = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, private_key, 32);
  EVP_PKEY *peer = own ? EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, server_public, 32) : NULL;
  EVP_PKEY_CTX *context = peer ? EVP_PKEY_CTX_new(own, NULL) : NULL;
  size_t length = 32;
  bool ok = context && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer(context, peer) == 1 &&
            EVP_PKEY_derive(context, shared, &length) == 1 && length == 32;
  EVP_PKEY_CTX_free(context);
  EVP_PKEY_free(peer);
  EVP_PKEY_free(own);
  return ok;
}

bool lk_hkdf_sha256(const unsigned char *secret, size_t secret_length, const unsigned char *salt, size_t salt_length,
                    const unsigned char *info, size_t info_length, unsigned char key[32]) {
  EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
  EVP_KDF_CTX *context = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
  bool ok = false;
  if (context) {
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)secret, secret_length),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_length),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_length),
        OSSL_PARAM_construct_end(),
    };
    ok = EVP_KDF_derive(context, key, 32, params) == 1;
  }
  EVP_KDF_CTX_free(context);
  EVP_KDF_free(kdf);
  return ok;
}

struct lk_aead {
  unsigned char key[32];
  EVP_CIPHER_CTX *cipher;
};

lk_aead *lk_aead_new(const unsigned char key[32]) {
  lk_aead *aead = calloc(1, sizeof *aead);
  if (!aead) return NULL;
  memcpy(aead->key, key, 32);
  aead->cipher = EVP_CIPHER_CTX_new();
  if (!aead->cipher) {
    lk_aead_free(aead);
    return NULL;
  }
  return aead;
}

bool lk_aead_open(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *sealed, size_t length, unsigned char *plain) {
  if (length < LK_RECORD_TAG_BYTES || length - LK_RECORD_TAG_BYTES > (size_t)INT32_MAX) return false;
  size_t cipher_length = length - LK_RECORD_TAG_BYTES;
  int written = 0;
  int final_written = 0;
  return EVP_DecryptInit_ex(aead->cipher, EVP_aes_256_gcm(), NULL, aead->key, nonce) == 1 &&
         EVP_DecryptUpdate(aead->cipher, NULL, &written, aad, (int)aad_length) == 1 &&
         EVP_DecryptUpdate(aead->cipher, plain, &written, sealed, (int)cipher_length) == 1 &&
         EVP_CIPHER_CTX_ctrl(aead->cipher, EVP_CTRL_GCM_SET_TAG, LK_RECORD_TAG_BYTES,
                             (void *)(sealed + cipher_length)) == 1 &&
         EVP_DecryptFinal_ex(aead->cipher, plain + written, &final_written) == 1;
}

bool lk_aead_seal(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *plain, size_t length, unsigned char *sealed) {
  if (length > (size_t)INT32_MAX) return false;
  int written = 0;
  int final_written = 0;
  return EVP_EncryptInit_ex(aead->cipher, EVP_aes_256_gcm(), NULL, aead->key, nonce) == 1 &&
         EVP_EncryptUpdate(aead->cipher, NULL, &written, aad, (int)aad_length) == 1 &&
         EVP_EncryptUpdate(aead->cipher, sealed, &written, plain, (int)length) == 1 &&
         EVP_EncryptFinal_ex(aead->cipher, sealed + written, &final_written) == 1 &&
         EVP_CIPHER_CTX_ctrl(aead->cipher, EVP_CTRL_GCM_GET_TAG, LK_RECORD_TAG_BYTES, sealed + length) == 1;
}

void lk_aead_free(lk_aead *aead) {
  if (!aead) return;
  OPENSSL_cleanse(aead->key, sizeof aead->key);
  EVP_CIPHER_CTX_free(aead->cipher);
  free(aead);
}
