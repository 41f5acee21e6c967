// The C++ header's downloads to memory and to a callback, against tests/fake-service.mjs.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "latchkey.hpp"

namespace {
const char *const FILE_ID = "7d1f0c2e-5b8a-4c3e-9f21-0a6b4d2c8e91";
const std::size_t CONTENT_BYTES = 150000;

#define EXPECT(condition)                                                          \
  do {                                                                             \
    if (!(condition)) {                                                            \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      return 1;                                                                    \
    }                                                                              \
  } while (0)

struct Fake {
  std::string url, appId, publicKey;
};

bool readFake(Fake &fake) {
#ifdef _MSC_VER
#pragma warning(suppress : 4996)
#endif
  const char *path = std::getenv("LATCHKEY_FAKE_STATE");
  std::ifstream file(path ? path : "");
  return std::getline(file, fake.url) && std::getline(file, fake.appId) && std::getline(file, fake.publicKey);
}

bool expected(const std::vector<unsigned char> &bytes) {
  if (bytes.size() != CONTENT_BYTES) return false;
  for (std::size_t i = 0; i < bytes.size(); i++) {
    if (bytes[i] != static_cast<unsigned char>((i * 7) % 251)) return false;
  }
  return true;
}

int memory(latchkey::Client &client) {
  for (bool encrypted : {true, false}) {
    latchkey::FileInfo info;
    std::vector<unsigned char> bytes = client.fileToMemory(FILE_ID, encrypted, &info);
    EXPECT(expected(bytes));
    EXPECT(info.encrypted == encrypted && info.size == CONTENT_BYTES && info.name == "fake.bin");
  }
  return 0;
}

int callback(latchkey::Client &client) {
  std::vector<unsigned char> bytes;
  latchkey::FileInfo info = client.fileToCallback(FILE_ID, [&](const unsigned char *piece, std::size_t length) {
    bytes.insert(bytes.end(), piece, piece + length);
    return true;
  });
  EXPECT(expected(bytes) && info.encrypted);
  try {
    client.fileToCallback(FILE_ID, [](const unsigned char *, std::size_t) -> bool { throw std::runtime_error("full"); });
    EXPECT(false);
  } catch (const std::runtime_error &e) {
    EXPECT(std::string(e.what()) == "full");
  }
  try {
    client.fileToCallback(FILE_ID, [](const unsigned char *, std::size_t) { return false; });
    EXPECT(false);
  } catch (const latchkey::Error &e) {
    EXPECT(e.code() == LK_ERR_IO);
  }
  return 0;
}

int refused(const Fake &fake) {
  latchkey::Client client(fake.url + "/file-corrupt", fake.appId, "lk_fake", fake.publicKey);
  client.license("KEY-1");
  try {
    client.fileToMemory(FILE_ID);
    EXPECT(false);
  } catch (const latchkey::Error &e) {
    EXPECT(e.code() == LK_ERR_FILE_INTEGRITY);
  }
  return 0;
}
}  // namespace

int main(int argc, char **argv) {
  Fake fake;
  if (argc < 2 || !readFake(fake)) {
    std::fputs("usage: latchkey-cpp-test <case> (LATCHKEY_FAKE_STATE naming the fake service's state)\n", stderr);
    return 2;
  }
  latchkey::Library library;
  const std::string name = argv[1];
  try {
    if (name == "refused_into_memory") return refused(fake);
    latchkey::Client client(fake.url + "/file-ok", fake.appId, "lk_fake", fake.publicKey);
    client.license("KEY-1");
    if (name == "memory_download") return memory(client);
    if (name == "callback_download") return callback(client);
  } catch (const latchkey::Error &e) {
    std::fprintf(stderr, "%s: %s\n", e.name(), e.what());
    return 1;
  }
  std::fprintf(stderr, "no case %s\n", name.c_str());
  return 2;
}
