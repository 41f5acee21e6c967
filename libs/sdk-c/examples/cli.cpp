// The licensed command-line program of examples/cli.c through the C++ header
// (RAII and exceptions): same flags, same output, same exit statuses.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>

#include "latchkey.hpp"

namespace {
const char *const USAGE =
    "usage: latchkey-cli-cpp --key <license key> [--var <key>] [--file <fileId> --out <path>] [--hwid <id>]\n"
    "environment: LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY, LATCHKEY_PUBLIC_KEY\n";

std::string isoTime(std::int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm utc{};
#ifdef _WIN32
  gmtime_s(&utc, &t);
#else
  gmtime_r(&t, &utc);
#endif
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%S.000Z", &utc);
  return out;
}

// MSVC's C4996 on getenv is about keeping the pointer across putenv; the value is copied at once.
std::string env(const char *name) {
#ifdef _MSC_VER
#pragma warning(suppress : 4996)
#endif
  const char *value = std::getenv(name);
  return value ? value : "";
}
}  // namespace

int main(int argc, char **argv) {
  std::optional<std::string> key, var, file, out, hwid;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    std::string name = arg.substr(0, arg.find('='));
    std::optional<std::string> value;
    if (name.size() < arg.size()) value = arg.substr(name.size() + 1);
    else if (i + 1 < argc) value = argv[++i];
    std::optional<std::string> *slot = name == "--key"    ? &key
                                       : name == "--var"  ? &var
                                       : name == "--file" ? &file
                                       : name == "--out"  ? &out
                                       : name == "--hwid" ? &hwid
                                                          : nullptr;
    if (!slot || !value) {
      std::cerr << "Unknown option or missing value '" << arg << "'\n" << USAGE;
      return 2;
    }
    *slot = value;
  }
  std::string missing;
  for (const char *name : {"LATCHKEY_URL", "LATCHKEY_APP_ID", "LATCHKEY_API_KEY", "LATCHKEY_PUBLIC_KEY"}) {
    if (env(name).empty()) missing += (missing.empty() ? "" : ", ") + std::string(name);
  }
  if (!key || !missing.empty() || (file && !out)) {
    if (!missing.empty()) std::cerr << "missing " << missing << "\n";
    std::cerr << USAGE;
    return 2;
  }
  try {
    latchkey::Library library;
    latchkey::Client client(env("LATCHKEY_URL"), env("LATCHKEY_APP_ID"), env("LATCHKEY_API_KEY"),
                            env("LATCHKEY_PUBLIC_KEY"));
    std::string machine = hwid ? *hwid : latchkey::machineId(env("LATCHKEY_APP_ID"));
    latchkey::Session session = client.license(*key, machine);
    std::cout << "level: " << session.user.level << "\n";
    std::cout << "expires: " << session.user.expiresAt.value_or("never (lifetime)") << "\n";
    if (session.ticket) std::cout << "offline until: " << isoTime(client.verifyTicket(session.ticket, machine).exp) << "\n";
    if (var) std::cout << *var << ": " << client.var(*var) << "\n";
    if (file) {
      latchkey::FileInfo info = client.file(*file, *out);
      std::cout << "downloaded: " << info.name << " (" << info.size << " bytes, sha256 " << info.sha256 << ") to "
                << *out << "\n";
    }
    client.logout();
  } catch (const latchkey::Error &error) {
    std::cout.flush();
    std::cerr << "error " << error.name() << ": " << error.what() << "\n";
    return 1;
  }
  return 0;
}
