// SPDX-License-Identifier: Apache-2.0 OR MIT
// Which field kernels this process runs, chosen at start-up from CPUID rather than at build time,
// so that one binary runs on every x86-64 CPU: the MULX/ADX assembly products where the CPU has
// BMI2 and ADX (every Intel CPU since Broadwell, every AMD CPU since Zen), the portable C++ ones
// elsewhere, with the same results; and the AVX-512 IFMA lane kernels (NTT butterflies, MSM
// additions) where the CPU has IFMA. The process's owner may ask for less (ChooseFieldKernels:
// the daemon and cuzk-bench read CUZK_FIELD_KERNEL), to compare or to rule a kernel out; this
// library reads no environment.
#pragma once

#include <atomic>
#include <string>
#include <string_view>

#include "base/status.h"

namespace cuzk::ff {

// The kernels a process asks for.
enum class FieldKernels {
  kAuto,      // the fastest this build and CPU run
  kPortable,  // the portable C++ products, and no IFMA lane kernels
  kNoIfma,    // the assembly products where the CPU runs them, and no IFMA lane kernels
};

// Parses "auto", "portable" or "no-ifma" (empty: auto); the error names the three.
Result<FieldKernels> ParseFieldKernels(std::string_view name);
// Returns "auto", "portable" or "no-ifma".
const char* FieldKernelsName(FieldKernels kernels);

// Sets the process's choice. Call it before field work starts on other threads (at the start of
// main, or of a test): a product made before under another choice is still right, since every
// kernel gives the same results.
void ChooseFieldKernels(FieldKernels kernels);
// Returns the process's choice (kAuto unless ChooseFieldKernels said otherwise).
FieldKernels ChosenFieldKernels();

// Returns true iff this build has the assembly kernels and the CPU runs them (reads CPUID).
bool CpuRunsAsmKernels();

namespace internal {
// Whether MontField multiplies with the assembly kernels: false until static initialization
// reads CPUID (the portable kernels, which give the same results, multiply until then), then
// CpuRunsAsmKernels(), unless ChooseFieldKernels asks for the portable ones. A relaxed load is a
// plain load, as the constant it replaced.
inline std::atomic<bool> asm_kernels{false};
}  // namespace internal

// Returns true iff MontField multiplies with the assembly kernels now.
inline bool AsmKernelsInUse() { return internal::asm_kernels.load(std::memory_order_relaxed); }

// One line naming the field kernels in use and why, and the vector extensions the CPU has, for
// start-up logs and `cuzk-bench tour` (e.g. "x86-64 MULX/ADX assembly; AVX2 yes, AVX-512 IFMA no").
std::string DescribeFieldKernels();

}  // namespace cuzk::ff
