// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ec/g2.h"

#include "base/hex.h"
#include "ec/curve_impl.h"
#include "ff/fp6.h"

namespace cuzk::ec {

template class Jacobian<G2Curve>;

namespace {

ff::Fp FpFromHex(const char* hex) { return *ff::Fp::FromBytesBE(*FromHex(hex)); }

}  // namespace

const ff::Fp2& G2Curve::B() {
  static const ff::Fp2 b = ff::Fp2{ff::Fp::FromUint64(4), ff::Fp::FromUint64(4)};
  return b;
}

const G2Affine& G2Curve::Generator() {
  static const G2Affine g =
      G2Affine::FromXY(ff::Fp2{FpFromHex("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647"
                                         "ae3d1770bac0326a805bbefd48056c8c121bdb8"),
                               FpFromHex("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbd"
                                         "c7f5049334cf11213945d57e5ac7d055d042b7e")},
                       ff::Fp2{FpFromHex("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695"
                                         "160d12c923ac9cc3baca289e193548608b82801"),
                               FpFromHex("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab5"
                                         "72e99ab3f370d275cec1da1aaa9075ff05f79be")});
  return g;
}

G2 Mul(const G2& q, const ff::Fr& k) { return q.Mul(k.ToCanonical()); }

G2Affine G2Psi(const G2Affine& q) {
  if (q.infinity) return q;
  // xi^((p-1)/3) = gamma(1, 2) and xi^((p-1)/2) = gamma(1, 3) (w^6 = xi).
  static const ff::Fp2 kX = ff::FrobeniusCoefficient(1, 2).Inverse();
  static const ff::Fp2 kY = ff::FrobeniusCoefficient(1, 3).Inverse();
  return G2Affine::FromXY(q.x.Conjugate() * kX, q.y.Conjugate() * kY);
}

bool IsInG2Subgroup(const G2Affine& q) {
  if (q.infinity) return true;
  G2 xq = -G2(q).MulByUint64(kSeedAbs);  // [x]Q with x = -|x|
  return xq == G2(G2Psi(q));
}

}  // namespace cuzk::ec
