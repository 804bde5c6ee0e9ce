# SPDX-License-Identifier: Apache-2.0 OR MIT
# Project-wide helpers: warning flags, the assembly switch, and cuzk_add_test()/cuzk_add_bench().

# -Wno-stringop-overread: GCC 12 reports false positives inside Boost.Container's small_vector.
# -Wthread-safety: clang (the sanitizer builds) checks the locking that base/thread_annotations.h
# declares, as errors.
set(CUZK_WARNINGS -Wall -Wextra -Wpedantic -Wno-pedantic -Werror=return-type -Wshadow
    $<$<CXX_COMPILER_ID:GNU>:-Wno-stringop-overread>
    $<$<CXX_COMPILER_ID:Clang>:-Wthread-safety -Werror=thread-safety>)

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

# Decides whether the CUDA backend (src/gpu/cuda) is built and enables the CUDA language if so.
# AUTO builds it when nvcc is on the PATH or at /usr/local/cuda/bin; ON requires it. The default
# targets are sm_90 machine code (H100/H200) plus compute_90 and compute_80 PTX, which the driver
# compiles at the first start for other parts (A100, RTX 30xx/40xx from compute_80; newer ones);
# each target costs about a minute of build on 2 cores. Set CMAKE_CUDA_ARCHITECTURES to change
# them (e.g. "86-real;90" for RTX 30xx machine code).
macro(cuzk_resolve_cuda)
  set(CUZK_WITH_CUDA OFF)
  if(NOT CUZK_CUDA STREQUAL "OFF")
    if(NOT CMAKE_CUDA_COMPILER)
      find_program(CUZK_NVCC nvcc PATHS /usr/local/cuda/bin)
      if(CUZK_NVCC)
        set(CMAKE_CUDA_COMPILER "${CUZK_NVCC}")
      endif()
    endif()
    if(CMAKE_CUDA_COMPILER)
      if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
        set(CMAKE_CUDA_ARCHITECTURES "80-virtual;90")
      endif()
      if(CCACHE_PROGRAM)
        set(CMAKE_CUDA_COMPILER_LAUNCHER "${CCACHE_PROGRAM}")
      endif()
      # nvcc's -O sets the host compiler's level only; device code is optimized in full either way
      # (cicc and ptxas get the same flags). The host side of our .cu files only launches kernels,
      # while -O3 also compiled every __host__ __device__ kernel body for the host: -O1 takes
      # kernels_msm.cu from about 115 to 88 s on 2 cores (its .nv_fatbin was byte-identical
      # between host -O0 and -O3).
      enable_language(CUDA)
      string(REPLACE "-O3" "-O1" CMAKE_CUDA_FLAGS_RELEASE "${CMAKE_CUDA_FLAGS_RELEASE}")
      # CMake 3.25 (Debian 12) knows no C++20 dialect for nvcc on Linux; nvcc 12+ has -std=c++20.
      if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
        set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
        set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
        list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_20)
      endif()
      set(CMAKE_CUDA_STANDARD 20)
      # Packages found in /usr/include (OpenSSL) would otherwise reach nvcc as -isystem=/usr/include,
      # which breaks libstdc++'s #include_next <math.h>.
      list(APPEND CMAKE_CUDA_IMPLICIT_INCLUDE_DIRECTORIES /usr/include)
      set(CMAKE_CUDA_STANDARD_REQUIRED ON)
      # CUDA 12.9 removed the nvToolsExt library, and CMake 3.25's FindCUDAToolkit then sets a
      # property on a CUDA::nvToolsExt target it did not create, failing the configure (Debian 12
      # with CUDA 13). We never link it: an empty target satisfies the module.
      if(NOT TARGET CUDA::nvToolsExt)
        add_library(CUDA::nvToolsExt INTERFACE IMPORTED)
      endif()
      find_package(CUDAToolkit REQUIRED)
      set(CUZK_WITH_CUDA ON)
    elseif(CUZK_CUDA STREQUAL "ON")
      message(FATAL_ERROR "CUZK_CUDA=ON but nvcc was not found (PATH, /usr/local/cuda/bin)")
    endif()
  endif()
  message(STATUS "cuzk: CUDA backend: ${CUZK_WITH_CUDA} (CUZK_CUDA=${CUZK_CUDA}, "
                 "architectures ${CMAKE_CUDA_ARCHITECTURES})")
endmacro()

# cuzk_add_library(NAME SOURCES ... DEPS ...): one static library per src/ folder.
function(cuzk_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${CUZK_WARNINGS}>)
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
endfunction()

# cuzk_add_test(NAME SOURCES ... DEPS ... [LABELS ...]): a GoogleTest binary registered with CTest;
# it includes tests/ too (the shared test helpers, tests/support: GMP reference, test circuits).
function(cuzk_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE ${CUZK_WARNINGS})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  add_test(NAME ${name} COMMAND ${name} --gtest_brief=1)
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()

# cuzk_add_bench(NAME SOURCES ... DEPS ...): a Google Benchmark binary (not run by CTest).
# Each applies CUZK_FIELD_KERNEL before it runs (bench/field_kernels_from_environment.cc).
function(cuzk_add_bench name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES}
                 ${PROJECT_SOURCE_DIR}/bench/field_kernels_from_environment.cc)
  target_compile_options(${name} PRIVATE ${CUZK_WARNINGS})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/apps)
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} benchmark::benchmark)
endfunction()

# cuzk_test_costs(NAME SECONDS [NAME SECONDS ...]): CTest's COST, the seconds a long test is
# expected to take, for tests of the calling directory. CTest orders tests by the times it
# recorded in earlier runs; a fresh build tree (CI's clean clone) has none and falls back to COST,
# so the long tests start first instead of in declaration order, where a ten-minute test started
# late would run alone at the end. Figures: make test on 2 cores without AVX-512, the slower of
# the release and ASan builds.
function(cuzk_test_costs)
  set(args ${ARGN})
  while(args)
    list(POP_FRONT args name seconds)
    set_tests_properties(${name} PROPERTIES COST ${seconds})
  endwhile()
endfunction()
