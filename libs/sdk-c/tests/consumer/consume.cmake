# Builds tests/consumer against liblatchkey one way and runs what it built:
#   cmake -DMODE=<subdirectory|fetchcontent|package|static> -DSOURCE=<libs/sdk-c> -DWORK=<scratch dir>
#         [-DINSTALL_FROM=<a configured and built libs/sdk-c tree>] -P consume.cmake
# The consumer's project never calls pkg-config, and neither may the installed CMake package.
cmake_minimum_required(VERSION 3.21)
foreach(var MODE SOURCE WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is needed")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(CONSUMER ${CMAKE_CURRENT_LIST_DIR})
set(PLAIN -DCMAKE_BUILD_TYPE=)  # no optimisation: these builds prove linking, not speed

function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " line "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${line}")
  endif()
endfunction()

# Configures, builds and runs the consumer; `ARGN`: its CMake options.
function(consume)
  file(GLOB package_files ${WORK}/prefix/lib*/cmake/latchkey/*.cmake)
  foreach(package_file IN LISTS package_files)
    file(STRINGS ${package_file} pkg_config_calls REGEX "pkg_check_modules|PkgConfig")
    if(pkg_config_calls)
      message(FATAL_ERROR "${package_file} uses pkg-config: ${pkg_config_calls}")
    endif()
  endforeach()
  run(${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK}/consumer ${PLAIN} ${ARGN})
  run(${CMAKE_COMMAND} --build ${WORK}/consumer --parallel 2)
  run(${WORK}/consumer/consumer-c)
  run(${WORK}/consumer/consumer-cpp)
endfunction()

if(MODE STREQUAL "subdirectory")
  consume(-DLATCHKEY_FROM=subdirectory -DLATCHKEY_SOURCE=${SOURCE})
elseif(MODE STREQUAL "fetchcontent")
  # libs/sdk-c alone, as a vendor would download it: nothing else of the repository comes along.
  file(GLOB entries RELATIVE ${SOURCE} ${SOURCE}/*)
  list(FILTER entries EXCLUDE REGEX "^build")
  get_filename_component(name ${SOURCE} NAME)
  get_filename_component(parent ${SOURCE} DIRECTORY)
  list(TRANSFORM entries PREPEND "${name}/")
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar czf ${WORK}/latchkey.tar.gz ${entries}
                  WORKING_DIRECTORY ${parent} COMMAND_ERROR_IS_FATAL ANY)
  consume(-DLATCHKEY_FROM=fetchcontent -DLATCHKEY_URL=file://${WORK}/latchkey.tar.gz)
elseif(MODE STREQUAL "package")
  run(${CMAKE_COMMAND} --install ${INSTALL_FROM} --prefix ${WORK}/prefix)
  consume(-DLATCHKEY_FROM=package -DCMAKE_PREFIX_PATH=${WORK}/prefix)
elseif(MODE STREQUAL "static")
  run(${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/latchkey ${PLAIN} -DBUILD_SHARED_LIBS=OFF
      -DLATCHKEY_TESTS=OFF -DLATCHKEY_EXAMPLES=OFF)
  run(${CMAKE_COMMAND} --build ${WORK}/latchkey --parallel 2)
  run(${CMAKE_COMMAND} --install ${WORK}/latchkey --prefix ${WORK}/prefix)
  consume(-DLATCHKEY_FROM=package -DCMAKE_PREFIX_PATH=${WORK}/prefix)
  # The pkg-config recipe of the README, where there is pkg-config.
  find_program(PKG_CONFIG pkg-config)
  find_program(CC NAMES cc gcc clang)
  if(PKG_CONFIG AND CC)
    file(GLOB pc_dir ${WORK}/prefix/lib*/pkgconfig)
    set(ENV{PKG_CONFIG_PATH} ${pc_dir})
    execute_process(COMMAND ${PKG_CONFIG} --static --cflags --libs latchkey OUTPUT_VARIABLE flags
                    OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
    separate_arguments(flags UNIX_COMMAND "${flags}")
    run(${CC} -std=c11 ${CONSUMER}/main.c -o ${WORK}/consumer-pkg-config ${flags})
    run(${WORK}/consumer-pkg-config)
  endif()
else()
  message(FATAL_ERROR "MODE must be subdirectory, fetchcontent, package or static")
endif()
