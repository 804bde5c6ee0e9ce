// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "msm/affine_lanes.h"

namespace cuzk::msm::detail {

FpX8 FpOnesX8() {
  FpX8 x;
  for (int k = 0; k < 8; ++k) SetFpLane(x, k, ff::Fp::One());
  return x;
}

void InvertEachLane(FpX8& x) {
  // Montgomery's trick on the eight lanes: prefix products, one inversion, back again.
  ff::Fp lane[8], prefix[8];
  ff::Fp product = ff::Fp::One();
  for (int k = 0; k < 8; ++k) {
    lane[k] = FpLane(x, k);
    prefix[k] = product;
    product *= lane[k];
  }
  ff::Fp inverse = product.InverseVartime();
  for (int k = 8; k-- > 0;) {
    SetFpLane(x, k, inverse * prefix[k]);
    inverse *= lane[k];
  }
}

}  // namespace cuzk::msm::detail
