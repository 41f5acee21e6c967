# find_package(cJSON) for liblatchkey: defines cJSON::cJSON, with no pkg-config.
#
# cJSON's own CMake package (Debian's and Ubuntu's libcjson-dev, vcpkg, a
# source install) names its target `cjson`; cJSON::cJSON stands for it. Where
# there is none (Fedora, Homebrew, some source builds), the header
# <cjson/cJSON.h> and the library are searched for directly (hint: cJSON_ROOT
# or CMAKE_PREFIX_PATH). A target cJSON::cJSON defined beforehand (a project
# that builds cJSON itself) is used as it is.
include(FindPackageHandleStandardArgs)

if(NOT TARGET cJSON::cJSON)
  if(NOT TARGET cjson)
    find_package(cJSON CONFIG QUIET)
  endif()
  if(TARGET cjson)
    add_library(cJSON::cJSON INTERFACE IMPORTED GLOBAL)
    set_target_properties(cJSON::cJSON PROPERTIES INTERFACE_LINK_LIBRARIES cjson)
  else()
    find_path(LATCHKEY_CJSON_INCLUDE_DIR cjson/cJSON.h)
    find_library(LATCHKEY_CJSON_LIBRARY NAMES cjson libcjson)
    mark_as_advanced(LATCHKEY_CJSON_INCLUDE_DIR LATCHKEY_CJSON_LIBRARY)
    if(LATCHKEY_CJSON_INCLUDE_DIR AND LATCHKEY_CJSON_LIBRARY)
      add_library(cJSON::cJSON UNKNOWN IMPORTED GLOBAL)
      set_target_properties(cJSON::cJSON PROPERTIES IMPORTED_LOCATION "${LATCHKEY_CJSON_LIBRARY}"
                                                    INTERFACE_INCLUDE_DIRECTORIES "${LATCHKEY_CJSON_INCLUDE_DIR}")
    endif()
  endif()
endif()

if(TARGET cJSON::cJSON)
  set(LATCHKEY_CJSON_TARGET cJSON::cJSON)
endif()
find_package_handle_standard_args(cJSON REQUIRED_VARS LATCHKEY_CJSON_TARGET)
