// latchkey::HeartbeatTimer's rules (latchkey.hpp) against tests/fake-service.mjs: a callback that
// throws does not end the process, and a callback may stop or destroy its own timer.
#include <latchkey.hpp>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include <dirent.h>

namespace {

struct Fake {
  std::string url, appId, publicKey;
};

std::optional<Fake> readFakeService() {
  const char *path = std::getenv("LATCHKEY_FAKE_STATE");
  if (!path) return std::nullopt;
  std::ifstream file(path);
  Fake fake;
  if (!std::getline(file, fake.url) || !std::getline(file, fake.appId) || !std::getline(file, fake.publicKey)) {
    return std::nullopt;
  }
  return fake;
}

// A client whose session the fake service ends at the first heartbeat.
latchkey::Client losingClient(const Fake &fake) {
  latchkey::Client client(fake.url + "/heartbeat-lost", fake.appId, "lk_fake", fake.publicKey);
  client.license("KEY-1");
  return client;
}

// Threads of this process (Linux: /proc/self/task); -1 where that cannot be read.
int threadCount() {
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks) return -1;
  int count = 0;
  while (dirent *entry = readdir(tasks)) count += entry->d_name[0] != '.';
  closedir(tasks);
  return count;
}

// Waits until the process is back to `count` threads: a timer stopped from its callback frees itself as
// its thread ends, and the sanitizers' leak check at exit must not run before that.
bool waitForThreads(int count) {
  if (count < 0) return true;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (threadCount() > count) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

int throwingCallbackDoesNotEndTheProcess(const Fake &fake) {
  latchkey::Client client = losingClient(fake);
  std::promise<std::string> called;
  {
    latchkey::HeartbeatTimer timer(client, 20, [&](const latchkey::Error &error) {
      called.set_value(error.name());
      throw std::runtime_error("a vendor's callback failing");
    });
    if (called.get_future().get() != "INVALID_SESSION") return 1;
  }  // the destructor stops the thread, which caught the exception
  return 0;
}

int callbackStopsItsOwnTimer(const Fake &fake) {
  latchkey::Client client = losingClient(fake);
  int threads = threadCount();
  std::optional<latchkey::HeartbeatTimer> timer;
  std::promise<void> created;
  std::promise<void> stopped;
  std::shared_future<void> ready = created.get_future().share();
  timer.emplace(client, 20, [&](const latchkey::Error &) {
    ready.wait();
    timer.reset();  // destroys the timer from inside its own callback
    stopped.set_value();
  });
  created.set_value();
  stopped.get_future().get();
  return !timer.has_value() && waitForThreads(threads) ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  std::optional<Fake> fake = readFakeService();
  if (!fake || argc != 2) {
    std::cerr << "usage: LATCHKEY_FAKE_STATE=<state> latchkey-heartbeat-test <case>\n";
    return 1;
  }
  latchkey::Library library;
  if (std::strcmp(argv[1], "throwing_callback_does_not_end_the_process") == 0) {
    return throwingCallbackDoesNotEndTheProcess(*fake);
  }
  if (std::strcmp(argv[1], "callback_stops_its_own_timer") == 0) return callbackStopsItsOwnTimer(*fake);
  std::cerr << "unknown case " << argv[1] << "\n";
  return 1;
}
