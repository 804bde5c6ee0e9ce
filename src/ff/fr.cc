// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fr.h"

#include "ff/mont_field_impl.h"

namespace cuzk::ff {

template class MontField<FrConfig>;

Fr FrMultiplicativeGenerator() { return Fr::FromUint64(7); }

Fr FrRootOfUnity() {
  static const Fr root = [] {
    constexpr Limbs<4> kExponent = ShiftRight(SubSmall(FrConfig::kModulus, 1), kFrTwoAdicity);
    return FrMultiplicativeGenerator().Pow(kExponent);
  }();
  return root;
}

}  // namespace cuzk::ff
