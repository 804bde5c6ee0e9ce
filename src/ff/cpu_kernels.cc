// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/cpu_kernels.h"

#include <atomic>

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

std::atomic<FieldKernels> chosen{FieldKernels::kAuto};

// Reads CPUID once, during static initialization, before main (a choice made earlier, by another
// file's static initializer, is kept: `chosen` is constant-initialized).
[[maybe_unused]] const bool kAsmKernelsDetected = [] {
  internal::asm_kernels.store(
      chosen.load(std::memory_order_relaxed) != FieldKernels::kPortable && CpuRunsAsmKernels(),
      std::memory_order_relaxed);
  return true;
}();

}  // namespace

Result<FieldKernels> ParseFieldKernels(std::string_view name) {
  if (name.empty() || name == "auto") return FieldKernels::kAuto;
  if (name == "portable") return FieldKernels::kPortable;
  if (name == "no-ifma") return FieldKernels::kNoIfma;
  return Status::InvalidArgument("field kernels \"" + std::string(name) +
                                 "\": expected auto, portable or no-ifma");
}

const char* FieldKernelsName(FieldKernels kernels) {
  switch (kernels) {
    case FieldKernels::kPortable:
      return "portable";
    case FieldKernels::kNoIfma:
      return "no-ifma";
    case FieldKernels::kAuto:
      break;
  }
  return "auto";
}

void ChooseFieldKernels(FieldKernels kernels) {
  chosen.store(kernels, std::memory_order_relaxed);
  internal::asm_kernels.store(kernels != FieldKernels::kPortable && CpuRunsAsmKernels(),
                              std::memory_order_relaxed);
}

FieldKernels ChosenFieldKernels() { return chosen.load(std::memory_order_relaxed); }

bool ifma::IfmaDeclined() { return ChosenFieldKernels() != FieldKernels::kAuto; }

bool CpuRunsAsmKernels() {
#if CUZK_USE_ASM
  return ReadCpuFlags().bmi2_adx;
#else
  return false;
#endif
}

std::string DescribeFieldKernels() {
  CpuFlags cpu = ReadCpuFlags();
  std::string kernels;
#if CUZK_USE_ASM
  if (AsmKernelsInUse()) {
    kernels = "x86-64 MULX/ADX assembly";
  } else if (ChosenFieldKernels() == FieldKernels::kPortable) {
    kernels = "portable C++ (field kernels chosen: portable)";
  } else {
    kernels = "portable C++ (this CPU has no BMI2/ADX)";
  }
#else
  kernels = "portable C++ (built with CUZK_ASM=OFF)";
#endif
  std::string ifma = "no";
  if (cpu.avx512_ifma) {
    // The MSM's Fp kernels are named only once they passed their known-answer check.
    ifma = ifma::IfmaDeclined()
               ? std::string("yes (off: field kernels chosen: ") +
                     FieldKernelsName(ChosenFieldKernels()) + ")"
               : std::string("yes (NTT butterflies") +
                     (ifma::CheckedIfmaFpKernels() != nullptr ? ", G1 and G2 MSM additions)" : ")");
  }
  return kernels + "; AVX2 " + (cpu.avx2 ? "yes" : "no") + ", AVX-512 IFMA " + ifma;
}

}  // namespace cuzk::ff
