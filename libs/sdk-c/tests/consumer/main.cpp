// The same through the C++ header: a bad argument throws latchkey::Error.
#include <latchkey.hpp>

#include <iostream>

int main() {
  latchkey::Library library;
  try {
    latchkey::Client client("https://lk.example.com", "app", "key", "not a key");
  } catch (const latchkey::Error &error) {
    std::cout << error.name() << ": " << error.what() << "\n";
    return error.code() == LK_ERR_INVALID_ARGUMENT ? 0 : 1;
  }
  return 1;
}
