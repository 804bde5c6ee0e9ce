// SPDX-License-Identifier: Apache-2.0 OR MIT
// Which field kernels this process runs, chosen once at start-up from CPUID rather than at build
// time, so that one binary runs on every x86-64 CPU: the MULX/ADX assembly products where the CPU
// has BMI2 and ADX (every Intel CPU since Broadwell, every AMD CPU since Zen), the portable C++
// ones elsewhere, with the same results. CUZK_FIELD_KERNEL=portable in the environment asks for
// the portable kernels on any CPU (to compare, or to rule the assembly out).
#pragma once

#include <string>

namespace cuzk::ff {

// Returns true iff this build has the assembly kernels, the CPU runs them and the environment
// does not ask for the portable ones. Reads CPUID and CUZK_FIELD_KERNEL; call it once.
bool DetectAsmKernels();

// Whether MontField multiplies with the assembly kernels: fixed during static initialization.
// Until it is set (false), and wherever it is false, the portable kernels multiply, which give the
// same results, so a product computed during another file's static initialization is still right.
inline const bool kAsmKernels = DetectAsmKernels();

// One line naming the field kernels in use and why, and the vector extensions the CPU has, for
// start-up logs and `cuzk-bench tour` (e.g. "x86-64 MULX/ADX assembly; AVX2 yes, AVX-512 IFMA no").
std::string DescribeFieldKernels();

}  // namespace cuzk::ff
