# SPDX-License-Identifier: Apache-2.0 OR MIT
# Project-wide helpers: warning flags, the assembly switch, and cuzk_add_test()/cuzk_add_bench().

# -Wno-stringop-overread: GCC 12 reports false positives inside Boost.Container's small_vector.
set(CUZK_WARNINGS -Wall -Wextra -Wpedantic -Wno-pedantic -Werror=return-type -Wshadow
    -Wno-stringop-overread)

# Decides whether the x86-64 mulx/adcx/adox Montgomery kernels are built. AUTO enables them on an
# x86-64 host whose CPU reports both BMI2 and ADX; the library checks the CPU again at start-up.
function(cuzk_resolve_asm)
  set(use_asm OFF)
  if(CUZK_ASM STREQUAL "ON")
    set(use_asm ON)
  elseif(CUZK_ASM STREQUAL "AUTO" AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    if(EXISTS /proc/cpuinfo)
      file(READ /proc/cpuinfo cpuinfo)
      if(cpuinfo MATCHES " bmi2" AND cpuinfo MATCHES " adx")
        set(use_asm ON)
      endif()
    endif()
  endif()
  set(CUZK_USE_ASM ${use_asm} PARENT_SCOPE)
  message(STATUS "cuzk: x86-64 assembly field kernels: ${use_asm} (CUZK_ASM=${CUZK_ASM})")
endfunction()

# cuzk_add_library(NAME SOURCES ... DEPS ...): one static library per src/ folder.
function(cuzk_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${CUZK_WARNINGS}>)
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
endfunction()

# cuzk_add_test(NAME SOURCES ... DEPS ... [LABELS ...]): a GoogleTest binary registered with CTest.
function(cuzk_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE ${CUZK_WARNINGS})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  add_test(NAME ${name} COMMAND ${name} --gtest_brief=1)
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()

# cuzk_add_bench(NAME SOURCES ... DEPS ...): a Google Benchmark binary (not run by CTest).
function(cuzk_add_bench name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE ${CUZK_WARNINGS})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} benchmark::benchmark)
endfunction()
