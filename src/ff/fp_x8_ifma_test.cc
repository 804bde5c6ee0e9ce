// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane Fp kernels against GMP: the product a b / 2^384 mod p, fully reduced, on seeded
// random lanes below 2p and the edges 0, 1, p - 1, p, 2p - 1; the sum and difference mod p on
// lanes below p. The kernels' source runs twice: emulated (plain loops with the intrinsics'
// semantics) on every CPU, and on AVX-512 IFMA where the CPU has it. The known-answer check that
// guards the IFMA kernels at run time accepts right kernels and refuses wrong ones.
#include "ff/fp_x8_ifma.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <type_traits>
#include <vector>

#include "ff/fp.h"
#include "ff/fp2.h"
#include "ff/fr_x8_ifma.h"
#include "support/gmp_reference.h"

namespace cuzk::ff::ifma {
namespace {

using cuzk::testing::FromMpz;
using cuzk::testing::OperandsBelowTwice;
using cuzk::testing::ToMpz;

using Limbs6 = Limbs<6>;

// Returns `count` seeded lanes below `bound` (p or 2p), the edges first.
std::vector<Limbs6> Operands(const mpz_class& p, bool below_twice, size_t count, uint64_t seed) {
  std::vector<Limbs6> out;
  for (const mpz_class& x : OperandsBelowTwice<6>(p, 2 * count, seed)) {
    if (below_twice || x < p) out.push_back(FromMpz<6>(x));
    if (out.size() == count) break;
  }
  return out;
}

// Checks kernels.op on groups of eight lanes against want(a, b) (GMP), with b's first groups
// taken from the edges too, and again with out aliasing a.
template <typename Want>
void ExpectLanesMatchGmp(void (*op)(FpX8&, const FpX8&, const FpX8&), bool below_twice, Want want) {
  mpz_class p = ToMpz(FpConfig::kModulus);
  auto as = Operands(p, below_twice, 4000, 2), bs = Operands(p, below_twice, 4000, 3);
  size_t edges = below_twice ? 5 : 3;
  for (size_t i = 0; i + 8 <= std::min(as.size(), bs.size()); i += 8) {
    std::array<Limbs6, 8> a, b;
    for (size_t k = 0; k < 8; ++k) {
      a[k] = as[i + k];
      b[k] = i < 40 ? as[(i / 8 + k) % edges] : bs[i + k];
    }
    FpX8 x = FpX8::Pack(a), y = FpX8::Pack(b), z;
    op(z, x, y);
    auto got = z.Unpack();
    for (size_t k = 0; k < 8; ++k) {
      ASSERT_EQ(ToMpz(got[k]), want(ToMpz(a[k]), ToMpz(b[k]), p))
          << "lane " << k << " of group " << i / 8;
    }
    op(x, x, y);  // out aliasing an input
    ASSERT_EQ(x.Unpack(), got) << i;
  }
}

void ExpectKernelsMatchGmp(const FpX8Kernels& kernels) {
  mpz_class r_inv, two384 = mpz_class(1) << 384, p = ToMpz(FpConfig::kModulus);
  mpz_invert(r_inv.get_mpz_t(), two384.get_mpz_t(), p.get_mpz_t());
  ExpectLanesMatchGmp(kernels.mul, true,
                      [&](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return a * b * r_inv % m;
                      });
  ExpectLanesMatchGmp(kernels.add, false,
                      [](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return (a + b) % m;
                      });
  ExpectLanesMatchGmp(kernels.sub, false,
                      [](const mpz_class& a, const mpz_class& b, const mpz_class& m) -> mpz_class {
                        return (a - b + m) % m;
                      });
}

// x then y, as the chord kernels address a point.
template <typename Field>
struct XY {
  Field x, y;
};

// The chord kernels' lane form of Field (Fp or Fp2), and conversions.
template <typename Field>
struct ChordLanes {
  using Lanes = FpX8;
  static void Set(Lanes& x, int k, const Fp& v) { x.SetLane(k, v.montgomery()); }
  static Fp Get(const Lanes& x, int k) { return Fp::FromMontgomery(x.Lane(k)); }
  static Fp Coordinate(std::mt19937_64& rng) {
    const Fp edges[] = {Fp::Zero(), Fp::One(), -Fp::One()};
    return rng() % 4 == 0 ? edges[rng() % 3] : Fp::Random(rng);
  }
};

template <>
struct ChordLanes<Fp2> {
  using Lanes = Fp2X8;
  static void Set(Lanes& x, int k, const Fp2& v) {
    ChordLanes<Fp>::Set(x.c[0], k, v.c0);
    ChordLanes<Fp>::Set(x.c[1], k, v.c1);
  }
  static Fp2 Get(const Lanes& x, int k) {
    return {ChordLanes<Fp>::Get(x.c[0], k), ChordLanes<Fp>::Get(x.c[1], k)};
  }
  static Fp2 Coordinate(std::mt19937_64& rng) {
    return {ChordLanes<Fp>::Coordinate(rng), ChordLanes<Fp>::Coordinate(rng)};
  }
};

// Checks the chord kernels over Field on `pairs` seeded pairs (each Fp part random or 0, 1,
// p - 1; Q negated in a random third of them), groups of eight and a last partial one, against
// the scalar chord rule, and that a sentinel point past the last lane is left alone.
template <typename Field>
void ExpectChordsMatchScalar(const FpX8Kernels& kernels, size_t pairs) {
  using C = ChordLanes<Field>;
  std::mt19937_64 rng(pairs);
  std::vector<XY<Field>> p(pairs + 1), q(pairs + 1);
  for (size_t i = 0; i <= pairs; ++i) {
    p[i] = {C::Coordinate(rng), C::Coordinate(rng)};
    do {
      q[i] = {C::Coordinate(rng), C::Coordinate(rng)};
    } while (q[i].x == p[i].x);
  }
  std::vector<XY<Field>> before = p;
  std::vector<bool> negated(pairs);
  for (size_t i = 0; i < pairs; ++i) negated[i] = rng() % 3 == 0;
  size_t groups = (pairs + 7) / 8;
  std::vector<typename C::Lanes> diff(groups), prefix(groups);
  typename C::Lanes product;
  for (int k = 0; k < 8; ++k) C::Set(product, k, Field::One());
  auto run = [&](size_t g, bool forward) {
    uint64_t* p_at[8];
    const uint64_t* q_at[8];
    int lanes = static_cast<int>(std::min<size_t>(8, pairs - 8 * g));
    unsigned negate = 0;
    for (int k = 0; k < 8; ++k) {
      // Lanes past `lanes` point at the sentinel: it must stay as it is.
      size_t i = k < lanes ? 8 * g + static_cast<size_t>(k) : pairs;
      p_at[k] = reinterpret_cast<uint64_t*>(&p[i]);
      q_at[k] = reinterpret_cast<const uint64_t*>(&q[i]);
      if (k < lanes && negated[i]) negate |= 1u << k;
    }
    if constexpr (std::is_same_v<Field, Fp>) {
      if (forward) return kernels.chord_forward(diff[g], prefix[g], product, p_at, q_at, lanes);
      kernels.chord_backward(product, prefix[g], diff[g], p_at, q_at, lanes, negate);
    } else {
      if (forward) {
        return kernels.chord_forward_fp2(diff[g], prefix[g], product, p_at, q_at, lanes);
      }
      kernels.chord_backward_fp2(product, prefix[g], diff[g], p_at, q_at, lanes, negate);
    }
  };
  for (size_t g = 0; g < groups; ++g) run(g, true);
  for (int k = 0; k < 8; ++k) C::Set(product, k, C::Get(product, k).InverseVartime());
  for (size_t g = groups; g-- > 0;) run(g, false);
  for (size_t i = 0; i < pairs; ++i) {
    const XY<Field>& a = before[i];
    XY<Field> b = q[i];
    if (negated[i]) b.y = -b.y;
    Field lambda = (b.y - a.y) * (b.x - a.x).InverseVartime();
    Field x = lambda.Square() - a.x - b.x;
    ASSERT_EQ(p[i].x, x) << "pair " << i << " of " << pairs;
    ASSERT_EQ(p[i].y, lambda * (a.x - x) - a.y) << "pair " << i << " of " << pairs;
  }
  EXPECT_EQ(p[pairs].x, before[pairs].x);
  EXPECT_EQ(p[pairs].y, before[pairs].y);
}

// The chord kernels over Fp and Fp2 on several pair counts.
void ExpectChordKernelsMatchScalar(const FpX8Kernels& kernels) {
  for (size_t pairs : {1, 7, 8, 9, 64, 203}) {
    ExpectChordsMatchScalar<Fp>(kernels, pairs);
    ExpectChordsMatchScalar<Fp2>(kernels, pairs);
  }
}

TEST(FpX8IfmaTest, EmulatedChordKernelsMatchTheScalarChordRule) {
  ExpectChordKernelsMatchScalar(emulated::FpKernels());
}

TEST(FpX8IfmaTest, IfmaChordKernelsMatchTheScalarChordRule) {
#if defined(__x86_64__)
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectChordKernelsMatchScalar(FpX8Kernels{&MulMontFpX8, &AddFpX8, &SubFpX8, &ChordForwardFpX8,
                                            &ChordBackwardFpX8, &ChordForwardFp2X8,
                                            &ChordBackwardFp2X8});
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(FpX8IfmaTest, EmulatedKernelsMatchGmpAndAreFullyReduced) {
  ExpectKernelsMatchGmp(emulated::FpKernels());
}

TEST(FpX8IfmaTest, IfmaKernelsMatchGmpAndAreFullyReduced) {
#if defined(__x86_64__)
  if (!FrX8Supported()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectKernelsMatchGmp(FpX8Kernels{&MulMontFpX8, &AddFpX8, &SubFpX8, &ChordForwardFpX8,
                                    &ChordBackwardFpX8, &ChordForwardFp2X8, &ChordBackwardFp2X8});
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(FpX8IfmaTest, KnownAnswerCheckAcceptsRightKernelsAndRefusesWrongOnes) {
  EXPECT_TRUE(FpKernelsAgreeWithScalar(emulated::FpKernels()));
  FpX8Kernels swapped = emulated::FpKernels();
  swapped.add = swapped.sub;
  EXPECT_FALSE(FpKernelsAgreeWithScalar(swapped));
  // A product that is off in one bit of one lane.
  FpX8Kernels flipped = emulated::FpKernels();
  flipped.mul = [](FpX8& out, const FpX8& a, const FpX8& b) {
    emulated::MulMontFpX8(out, a, b);
    out.limb[3][5] ^= 1;
  };
  EXPECT_FALSE(FpKernelsAgreeWithScalar(flipped));
  // A chord step that writes y where x belongs.
  FpX8Kernels wrong_chord = emulated::FpKernels();
  wrong_chord.chord_backward = [](FpX8& product, const FpX8& prefix, const FpX8& diff,
                                  uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                                  unsigned negate_q) {
    emulated::ChordBackwardFpX8(product, prefix, diff, p, q, lanes, negate_q);
    for (int k = 0; k < lanes; ++k) std::copy(p[k] + 6, p[k] + 12, p[k]);
  };
  EXPECT_FALSE(FpKernelsAgreeWithScalar(wrong_chord));
  // A G2 chord step that leaves the last lane's point as it was.
  FpX8Kernels lazy_chord = emulated::FpKernels();
  lazy_chord.chord_backward_fp2 = [](Fp2X8& product, const Fp2X8& prefix, const Fp2X8& diff,
                                     uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                                     unsigned negate_q) {
    emulated::ChordBackwardFp2X8(product, prefix, diff, p, q, lanes - 1, negate_q);
  };
  EXPECT_FALSE(FpKernelsAgreeWithScalar(lazy_chord));
  // A G1 chord step that ignores the negations.
  FpX8Kernels unsigned_chord = emulated::FpKernels();
  unsigned_chord.chord_backward = [](FpX8& product, const FpX8& prefix, const FpX8& diff,
                                     uint64_t* const p[8], const uint64_t* const q[8], int lanes,
                                     unsigned) {
    emulated::ChordBackwardFpX8(product, prefix, diff, p, q, lanes, 0);
  };
  EXPECT_FALSE(FpKernelsAgreeWithScalar(unsigned_chord));
#if defined(__x86_64__)
  if (FrX8Supported() && !IfmaDeclined()) {
    EXPECT_NE(CheckedIfmaFpKernels(), nullptr);
    return;
  }
#endif
  EXPECT_EQ(CheckedIfmaFpKernels(), nullptr);
}

}  // namespace
}  // namespace cuzk::ff::ifma
