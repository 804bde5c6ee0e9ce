// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/cpu_kernels.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ff/fp_x8_ifma.h"
#include "ff/fr_x8_ifma.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace cuzk::ff {
namespace {

// What CPUID leaf 7 says about the instructions the kernels use (all false off x86-64).
struct CpuFlags {
  bool bmi2_adx = false;
  bool avx2 = false;
  bool avx512_ifma = false;
};

CpuFlags ReadCpuFlags() {
  CpuFlags f;
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
    f.bmi2_adx = ((ebx >> 8) & 1) && ((ebx >> 19) & 1);
  }
  __builtin_cpu_init();
  f.avx2 = __builtin_cpu_supports("avx2");
  f.avx512_ifma = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma");
#endif
  return f;
}

// Whether CUZK_FIELD_KERNEL asks for the portable kernels ("portable"); "auto", "no-ifma" (the
// assembly, without the AVX-512 IFMA kernels: IfmaDeclinedByEnvironment reads it) or unset do
// not. Unused in a build without the assembly.
[[maybe_unused]] bool PortableRequested() {
  const char* v = std::getenv("CUZK_FIELD_KERNEL");
  if (v == nullptr || *v == '\0' || std::strcmp(v, "auto") == 0) return false;
  if (std::strcmp(v, "portable") == 0) return true;
  if (std::strcmp(v, "no-ifma") == 0) return false;
  std::fprintf(stderr, "cuzk: CUZK_FIELD_KERNEL=%s is not auto, portable or no-ifma; using auto\n",
               v);
  return false;
}

}  // namespace

bool ifma::IfmaDeclinedByEnvironment() {
  const char* v = std::getenv("CUZK_FIELD_KERNEL");
  return v != nullptr && (std::strcmp(v, "portable") == 0 || std::strcmp(v, "no-ifma") == 0);
}

bool DetectAsmKernels() {
#if CUZK_USE_ASM
  return ReadCpuFlags().bmi2_adx && !PortableRequested();
#else
  return false;
#endif
}

std::string DescribeFieldKernels() {
  CpuFlags cpu = ReadCpuFlags();
  std::string kernels;
#if CUZK_USE_ASM
  if (kAsmKernels) {
    kernels = "x86-64 MULX/ADX assembly";
  } else if (PortableRequested()) {
    kernels = "portable C++ (CUZK_FIELD_KERNEL=portable)";
  } else {
    kernels = "portable C++ (this CPU has no BMI2/ADX)";
  }
#else
  kernels = "portable C++ (built with CUZK_ASM=OFF)";
#endif
  std::string ifma = "no";
  if (cpu.avx512_ifma) {
    // The MSM's Fp kernels are named only once they passed their known-answer check.
    ifma =
        ifma::IfmaDeclinedByEnvironment()
            ? std::string("yes (off: CUZK_FIELD_KERNEL=") + std::getenv("CUZK_FIELD_KERNEL") + ")"
            : std::string("yes (NTT butterflies") +
                  (ifma::CheckedIfmaFpKernels() != nullptr ? ", G1 and G2 MSM additions)" : ")");
  }
  return kernels + "; AVX2 " + (cpu.avx2 ? "yes" : "no") + ", AVX-512 IFMA " + ifma;
}

}  // namespace cuzk::ff
