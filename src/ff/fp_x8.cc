// SPDX-License-Identifier: Apache-2.0 OR MIT
// Choosing the eight-lane Fp kernels at run time: the IFMA ones only where the CPU runs them, the
// environment allows them and they agree with Fp's scalar arithmetic on a known-answer check.
#include <cstdio>
#include <random>

#include "ff/fp.h"
#include "ff/fp_x8_ifma.h"
#include "ff/fr_x8_ifma.h"

namespace cuzk::ff::ifma {
namespace {

// Returns lanes of values[first + k] (k < 8, indices mod 24).
FpX8 PackValues(const Fp (&values)[24], int first) {
  FpX8 x;
  for (int k = 0; k < 8; ++k) x.SetLane(k, values[(first + k) % 24].montgomery());
  return x;
}

}  // namespace

bool FpKernelsAgreeWithScalar(const FpX8Kernels& kernels) {
  std::mt19937_64 rng(0x5eed1e55);
  Fp values[24];
  for (Fp& v : values) v = Fp::Random(rng);
  values[0] = values[13] = Fp::Zero();
  values[1] = values[22] = Fp::One();
  values[2] = values[11] = values[23] = -Fp::One();
  for (int round = 0; round < 3; ++round) {
    FpX8 a = PackValues(values, 8 * round), b = PackValues(values, 8 * round + 5);
    FpX8 product, sum, difference;
    kernels.mul(product, a, b);
    kernels.add(sum, a, b);
    kernels.sub(difference, a, b);
    for (int k = 0; k < 8; ++k) {
      const Fp &x = values[(8 * round + k) % 24], &y = values[(8 * round + 5 + k) % 24];
      if (product.Lane(k) != (x * y).montgomery() || sum.Lane(k) != (x + y).montgomery() ||
          difference.Lane(k) != (x - y).montgomery()) {
        return false;
      }
    }
  }
  return true;
}

const FpX8Kernels* CheckedIfmaFpKernels() {
#if defined(__x86_64__)
  static const FpX8Kernels kIfma{&MulMontFpX8, &AddFpX8, &SubFpX8};
  static const bool usable = [] {
    if (!FrX8Supported()) return false;
    if (!FpKernelsAgreeWithScalar(kIfma)) {
      std::fprintf(stderr,
                   "cuzk: the AVX-512 IFMA Fp kernels disagree with the scalar ones on this CPU: "
                   "the MSM runs scalar\n");
      return false;
    }
    return true;
  }();
  return usable && !IfmaDeclinedByEnvironment() ? &kIfma : nullptr;
#else
  return nullptr;
#endif
}

}  // namespace cuzk::ff::ifma
