// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ec/g1.h"

#include "base/hex.h"
#include "ec/curve_impl.h"

namespace cuzk::ec {

template class Jacobian<G1Curve>;

namespace {

ff::Fp FpFromHex(const char* hex) { return *ff::Fp::FromBytesBE(*FromHex(hex)); }

// beta: the primitive cube root of unity in Fp whose endomorphism acts as [-x^2] on G1. Of the
// two roots (beta, beta^2) exactly one has this eigenvalue; it is picked on the generator.
const ff::Fp& Beta() {
  static const ff::Fp beta = [] {
    // A primitive cube root of unity is g^((p-1)/3) for any non-cube g.
    constexpr ff::Limbs<6> kExp = [] {
      ff::Limbs<6> e = ff::SubSmall(ff::FpConfig::kModulus, 1);
      ff::uint128_t rem = 0;
      for (size_t i = 6; i-- > 0;) {
        ff::uint128_t cur = (rem << 64) | e[i];
        e[i] = static_cast<uint64_t>(cur / 3);
        rem = cur % 3;
      }
      return e;
    }();
    ff::Fp b = ff::Fp::One();
    for (uint64_t g = 2; b.IsOne(); ++g) b = ff::Fp::FromUint64(g).Pow(kExp);
    const G1Affine& g = G1Curve::Generator();
    G1 x2g = G1(g).MulByUint64(kSeedAbs).MulByUint64(kSeedAbs);
    G1 want = -x2g;
    if (G1(G1Affine::FromXY(g.x * b, g.y)) == want) return b;
    return b.Square();
  }();
  return beta;
}

}  // namespace

const ff::Fp& G1Curve::B() {
  static const ff::Fp b = ff::Fp::FromUint64(4);
  return b;
}

const G1Affine& G1Curve::Generator() {
  static const G1Affine g =
      G1Affine::FromXY(FpFromHex("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586"
                                 "c55e83ff97a1aeffb3af00adb22c6bb"),
                       FpFromHex("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd"
                                 "03cc744a2888ae40caa232946c5e7e1"));
  return g;
}

G1 Mul(const G1& p, const ff::Fr& k) { return p.Mul(k.ToCanonical()); }

G1Affine G1Endomorphism(const G1Affine& p) {
  if (p.infinity) return p;
  return G1Affine::FromXY(p.x * Beta(), p.y);
}

bool IsInG1Subgroup(const G1Affine& p) {
  if (p.infinity) return true;
  G1 x2p = G1(p).MulByUint64(kSeedAbs).MulByUint64(kSeedAbs);  // [x^2]P, x^2 = |x|^2
  return (x2p + G1Endomorphism(p)).IsIdentity();
}

}  // namespace cuzk::ec
