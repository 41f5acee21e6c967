/* A salted machine id for `hwid` (docs/client-protocol.md section 6). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#elif defined(__APPLE__)
#include <CoreFoundation/CoreFoundation.h>
#include <IOKit/IOKitKeys.h>
#include <IOKit/IOKitLib.h>
#endif

#include "internal.h"

#define RAW_ID_MAX 256

lk_error lk_machine_id_of(const char *raw, const char *salt, char **out, lk_error_info *error) {
  *out = NULL;
  if (!salt || !*salt) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "machine id needs an app-specific salt, e.g. your appId");
  }
  while (isspace((unsigned char)*raw)) raw++;
  size_t length = strlen(raw);
  while (length > 0 && isspace((unsigned char)raw[length - 1])) length--;
  if (length == 0) return lk_fail(error, LK_ERR_MACHINE_ID_UNAVAILABLE, 0, "No machine id found");
  char *normalized = malloc(length + 1);
  if (!normalized) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  for (size_t i = 0; i < length; i++) normalized[i] = (char)tolower((unsigned char)raw[i]);
  normalized[length] = '\0';
  unsigned char digest[32];
  bool ok = lk_hmac_sha256((const unsigned char *)salt, strlen(salt), (const unsigned char *)normalized, length, digest);
  free(normalized);
  if (!ok) return lk_fail(error, LK_ERR_MACHINE_ID_UNAVAILABLE, 0, "HMAC-SHA256 failed");
  *out = lk_hex(digest, 32);
  return *out ? LK_OK : lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
}

#if defined(_WIN32)
/* MachineGuid under HKLM\SOFTWARE\Microsoft\Cryptography, 64-bit view: written at installation. */
static bool read_raw_id(char raw[RAW_ID_MAX]) {
  DWORD size = RAW_ID_MAX;
  return RegGetValueA(HKEY_LOCAL_MACHINE, "SOFTWARE\\Microsoft\\Cryptography", "MachineGuid",
                      RRF_RT_REG_SZ | RRF_SUBKEY_WOW6464KEY, NULL, raw, &size) == ERROR_SUCCESS;
}
#elif defined(__APPLE__)
/*
 * kIOPlatformUUIDKey of IOPlatformExpertDevice: the hardware UUID, asked of
 * IOKit in-process (no child process, no PATH lookup). MACH_PORT_NULL is the
 * default main port on every macOS version.
 */
static bool read_raw_id(char raw[RAW_ID_MAX]) {
  io_service_t platform = IOServiceGetMatchingService(MACH_PORT_NULL, IOServiceMatching("IOPlatformExpertDevice"));
  if (!platform) return false;
  CFTypeRef uuid = IORegistryEntryCreateCFProperty(platform, CFSTR(kIOPlatformUUIDKey), kCFAllocatorDefault, 0);
  IOObjectRelease(platform);
  bool ok = uuid && CFGetTypeID(uuid) == CFStringGetTypeID() &&
            CFStringGetCString((CFStringRef)uuid, raw, RAW_ID_MAX, kCFStringEncodingUTF8);
  if (uuid) CFRelease(uuid);
  return ok;
}
#else
/* /etc/machine-id, else /var/lib/dbus/machine-id (systemd / D-Bus): written at installation. */
static bool read_raw_id(char raw[RAW_ID_MAX]) {
  static const char *const FILES[] = {"/etc/machine-id", "/var/lib/dbus/machine-id"};
  for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++) {
    FILE *file = fopen(FILES[i], "r");
    if (!file) continue;
    bool read = fgets(raw, RAW_ID_MAX, file) != NULL;
    fclose(file);
    const char *c = raw;
    while (read && isspace((unsigned char)*c)) c++;
    if (read && *c) return true;
  }
  return false;
}
#endif

lk_error lk_machine_id(const char *salt, char **out, lk_error_info *error) {
  if (!out) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "out must not be NULL");
  *out = NULL;
  char raw[RAW_ID_MAX] = {0};
  if (!read_raw_id(raw)) return lk_fail(error, LK_ERR_MACHINE_ID_UNAVAILABLE, 0, "No machine id found on this system");
  return lk_machine_id_of(raw, salt, out, error);
}
