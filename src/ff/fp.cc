// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fp.h"

#include <cstdio>
#include <cstdlib>

#include "ff/mont_field_impl.h"

#if CUZK_USE_ASM
#include <cpuid.h>
#endif

namespace cuzk::ff {

template class MontField<FpConfig>;

#if CUZK_USE_ASM
namespace {

// The assembly kernels use MULX (BMI2) and ADCX/ADOX (ADX); refuse to run on a CPU without them
// rather than die on an illegal instruction in the middle of a proof.
const bool kCpuChecked = [] {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  bool bmi2 = false, adx = false;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
    bmi2 = (ebx >> 8) & 1;
    adx = (ebx >> 19) & 1;
  }
  if (!bmi2 || !adx) {
    std::fprintf(stderr,
                 "cuzk: this build uses BMI2/ADX instructions the CPU lacks; "
                 "rebuild with -DCUZK_ASM=OFF\n");
    std::abort();
  }
  return true;
}();

}  // namespace
#endif

}  // namespace cuzk::ff
