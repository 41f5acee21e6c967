# Cross-compiling liblatchkey for Windows x64 with MinGW-w64 (Debian: apt-get install mingw-w64 wine64).
# cmake -S libs/sdk-c -B build-windows -DCMAKE_TOOLCHAIN_FILE=libs/sdk-c/cmake/mingw-w64-x86_64.cmake
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(LATCHKEY_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${LATCHKEY_MINGW_PREFIX}-gcc)
set(CMAKE_CXX_COMPILER ${LATCHKEY_MINGW_PREFIX}-g++)
set(CMAKE_RC_COMPILER ${LATCHKEY_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${LATCHKEY_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# GCC's own runtime linked in, so the DLL and programs need no libgcc/libstdc++ DLLs beside them.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# ctest runs the test programs under Wine (wine64 where Debian installs it so, else wine).
find_program(LATCHKEY_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(LATCHKEY_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${LATCHKEY_WINE})
endif()
