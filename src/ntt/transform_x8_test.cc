// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight-lane NTT (ntt/transform_x8.h): its transforms equal the scalar ones bit for bit, with
// the portable lane-by-lane butterfly on every CPU and with the AVX-512 IFMA butterfly where the
// CPU has it; the IFMA butterfly's source, emulated on every CPU and on IFMA where there is one,
// equals the portable butterfly on random and edge lanes.
#include "ntt/transform_x8.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ff/cpu_kernels.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::ntt {
namespace {

using x8::FrX8;

std::vector<Fr> RandomVector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::Random(rng);
  return v;
}

// Lanes of seeded random values, with the edges 0, 1 and r - 1 in the first groups.
std::vector<Fr> LaneValues(size_t groups, uint64_t seed) {
  std::vector<Fr> v = RandomVector(8 * groups, seed);
  const Fr edges[] = {Fr::Zero(), Fr::One(), -Fr::One()};
  for (size_t i = 0; i < 24 && i < v.size(); ++i) v[i] = edges[(i + seed) % 3];
  return v;
}

TEST(TransformX8Test, PackingRoundTripsAndTwiddlesTakeTheLanesForm) {
  std::vector<Fr> x = LaneValues(4, 1);
  for (size_t g = 0; g < 4; ++g) {
    FrX8 lanes;
    x8::Pack(&x[8 * g], lanes);
    Fr back[8];
    x8::Unpack(lanes, back);
    for (int k = 0; k < 8; ++k) ASSERT_EQ(back[k], x[8 * g + k]) << g << " " << k;
  }
  // A twiddle lane holds 2^260 w mod r, the Montgomery form of 16 w; every other one with
  // stride 2.
  FrX8 w = x8::PackTwiddles(x.data(), 2);
  Fr got[8];
  x8::Unpack(w, got);
  for (int k = 0; k < 8; ++k) EXPECT_EQ(got[k], x[2 * k] * Fr::FromUint64(16)) << k;
}

// Lanes in [r, 4r) (the butterflies' lazy form) reduce to their residue below r, and the bound
// checks hold up to r - 1 and 4r - 1 and not at r and 4r, nor for a limb of 53 bits.
TEST(TransformX8Test, ReductionTakesLazyLanesBelowRAndTheBoundsHold) {
  std::vector<Fr> x = LaneValues(2, 8);
  for (size_t g = 0; g < 2; ++g) {
    FrX8 lanes;
    x8::Pack(&x[8 * g], lanes);
    for (unsigned lift : {0x5au, 0xf0u, 0xccu}) x8::AddModulusToLanes(lanes, lift);
    EXPECT_TRUE(x8::LanesBelowFourR(lanes));
    EXPECT_FALSE(x8::LanesBelowR(lanes));
    x8::ReducePortable(lanes);
    EXPECT_TRUE(x8::LanesBelowR(lanes));
    Fr back[8];
    x8::Unpack(lanes, back);
    for (int k = 0; k < 8; ++k) {
      EXPECT_EQ(back[k], x[8 * g + k]) << g << " " << k;
      EXPECT_TRUE(ff::LessThan(back[k].montgomery(), ff::FrConfig::kModulus)) << g << " " << k;
    }
  }
  FrX8 edge;
  x8::LaneInt four_r{};
  for (int i = 0; i < 4; ++i) {
    ff::AddInPlace(four_r, x8::LaneInt{ff::FrConfig::kModulus[0], ff::FrConfig::kModulus[1],
                                       ff::FrConfig::kModulus[2], ff::FrConfig::kModulus[3], 0});
  }
  for (int k = 0; k < 8; ++k) x8::SetLaneValue(edge, k, ff::SubSmall(four_r, 1));
  EXPECT_TRUE(x8::LanesBelowFourR(edge));
  x8::ReducePortable(edge);
  Fr last[8];
  x8::Unpack(edge, last);
  EXPECT_EQ(last[0], Fr::FromMontgomery(ff::SubSmall(ff::FrConfig::kModulus, 1)));
  x8::SetLaneValue(edge, 1, four_r);
  EXPECT_FALSE(x8::LanesBelowR(edge));
  x8::SetLaneValue(edge, 1, x8::LaneInt{0});
  EXPECT_TRUE(x8::LanesBelowR(edge));
  x8::SetLaneValue(edge, 3, four_r);
  EXPECT_EQ(x8::LaneValue(edge, 3), four_r);
  EXPECT_FALSE(x8::LanesBelowFourR(edge));
  x8::SetLaneValue(edge, 3, x8::LaneInt{1});
  EXPECT_TRUE(x8::LanesBelowFourR(edge));
  edge.limb[2][3] = FrX8::kLimbMask + 1;  // a limb of 53 bits
  EXPECT_FALSE(x8::LanesBelowFourR(edge));
}

TEST(TransformX8Test, PortableButterflyIsTheRadix2Butterfly) {
  std::vector<Fr> u = LaneValues(6, 2), v = LaneValues(6, 3), w = LaneValues(6, 4);
  for (size_t g = 0; g < 6; ++g) {
    FrX8 lu, lv, lw = x8::PackTwiddles(&w[8 * g], 1);
    x8::Pack(&u[8 * g], lu);
    x8::Pack(&v[8 * g], lv);
    x8::ButterflyPortable(lu, lv, lw);
    Fr su[8], sv[8];
    x8::Unpack(lu, su);
    x8::Unpack(lv, sv);
    for (int k = 0; k < 8; ++k) {
      size_t i = 8 * g + k;
      Fr t = v[i] * w[i];
      ASSERT_EQ(su[k], u[i] + t) << i;
      ASSERT_EQ(sv[k], u[i] - t) << i;
    }
  }
}

// Expects the butterfly results (a_u, a_v) and (b_u, b_v) to be equal modulo r lane by lane.
void ExpectSameLanes(const FrX8& a_u, const FrX8& a_v, const FrX8& b_u, const FrX8& b_v,
                     const std::string& where) {
  Fr au[8], av[8], bu[8], bv[8];
  FrX8 lanes[4] = {a_u, a_v, b_u, b_v};
  for (FrX8& x : lanes) x8::ReducePortable(x);
  x8::Unpack(lanes[0], au);
  x8::Unpack(lanes[1], av);
  x8::Unpack(lanes[2], bu);
  x8::Unpack(lanes[3], bv);
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(au[k], bu[k]) << "sum, " << where << " lane " << k;
    EXPECT_EQ(av[k], bv[k]) << "difference, " << where << " lane " << k;
  }
}

// The IFMA kernels' results (ff/fr_x8_kernels.inc, from `kernels`) equal Fr's lane by lane: the
// butterfly's below 4r, the reduction's below r.
void ExpectKernelsEqualThePortableOnes(const x8::LaneKernels& kernels) {
  std::vector<Fr> u = LaneValues(500, 5), v = LaneValues(500, 6), w = LaneValues(500, 7);
  for (size_t g = 0; g < 500; ++g) {
    FrX8 a_u, a_v, b_u, b_v, lw = x8::PackTwiddles(&w[8 * g], 1);
    x8::Pack(&u[8 * g], a_u);
    x8::Pack(&v[8 * g], a_v);
    // Inputs in the lazy form too: lanes lifted by 0 to 3 r, by patterns that vary by group.
    for (unsigned lift = 0; lift < 3; ++lift) {
      x8::AddModulusToLanes(a_u, static_cast<unsigned>(g * 37 + lift * 11) & 0xff);
      x8::AddModulusToLanes(a_v, static_cast<unsigned>(g * 101 + lift * 29 + 5) & 0xff);
    }
    b_u = a_u;
    b_v = a_v;
    kernels.butterfly(a_u, a_v, lw);
    x8::ButterflyPortable(b_u, b_v, lw);
    ASSERT_TRUE(x8::LanesBelowFourR(a_u) && x8::LanesBelowFourR(a_v)) << "group " << g;
    ExpectSameLanes(a_u, a_v, b_u, b_v, "random group " + std::to_string(g));
    FrX8 reduced = a_u;
    kernels.reduce(reduced);
    ASSERT_TRUE(x8::LanesBelowR(reduced)) << "group " << g;
    ExpectSameLanes(reduced, a_v, b_u, b_v, "reduced group " + std::to_string(g));
    if (::testing::Test::HasFailure()) return;
  }
  // Every combination of the edge integers (raw lanes, not Montgomery forms of chosen values).
  for (size_t g = 0; 8 * g < x8::kEdgeTriples; ++g) {
    FrX8 a_u, a_v, lw;
    x8::EdgeLanes(a_u, a_v, lw, g);
    FrX8 b_u = a_u, b_v = a_v, reduced = a_v, want = a_v;
    kernels.reduce(reduced);  // the edge integers themselves, up to 4r - 1
    x8::ReducePortable(want);
    for (int k = 0; k < 8; ++k) {
      ASSERT_EQ(x8::LaneValue(reduced, k), x8::LaneValue(want, k)) << "edge group " << g;
    }
    kernels.butterfly(a_u, a_v, lw);
    x8::ButterflyPortable(b_u, b_v, lw);
    ASSERT_TRUE(x8::LanesBelowFourR(a_u) && x8::LanesBelowFourR(a_v)) << "edge group " << g;
    ExpectSameLanes(a_u, a_v, b_u, b_v, "edge group " + std::to_string(g));
  }
}

TEST(TransformX8Test, EmulatedIfmaKernelsEqualThePortableOnes) {
  ExpectKernelsEqualThePortableOnes(x8::kEmulatedIfmaKernels);
}

TEST(TransformX8Test, IfmaKernelsEqualThePortableOnes) {
  const x8::LaneKernels* ifma = x8::IfmaKernels();
  if (ifma == nullptr) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectKernelsEqualThePortableOnes(*ifma);
}

// The first-use check accepts the IFMA kernels' source (emulated) and the portable kernels, and
// refuses a butterfly that is wrong in one lane, swaps its outputs, leaves a lane at 4r or more
// or a limb not normalized, and a reduction that leaves a lane at r.
TEST(TransformX8Test, TheKnownAnswerCheckRefusesWrongKernels) {
  EXPECT_TRUE(x8::AgreesWithPortable(x8::kEmulatedIfmaKernels));
  EXPECT_TRUE(x8::AgreesWithPortable(x8::kPortableKernels));
  auto with_butterfly = [](x8::ButterflyFn butterfly) {
    return x8::LaneKernels{butterfly, &x8::ReducePortable, &x8::MulPortable};
  };
  EXPECT_FALSE(x8::AgreesWithPortable(with_butterfly([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    std::swap(u, v);
  })));
  EXPECT_FALSE(x8::AgreesWithPortable(with_butterfly([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    v.limb[0][7] ^= 1;
  })));
  // Right modulo r, but one lane at 4r or more: past the bound the next stages rely on.
  EXPECT_FALSE(x8::AgreesWithPortable(with_butterfly([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    for (int i = 0; i < 4; ++i) x8::AddModulusToLanes(u, 0x10);
  })));
  // A lane's limb not normalized (the same integer, where the next limb is not 0).
  EXPECT_FALSE(x8::AgreesWithPortable(with_butterfly([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    v.limb[0][2] += FrX8::kLimbMask + 1;
    v.limb[1][2] -= 1;
  })));
  // A reduction one subtraction short (below 2r only).
  EXPECT_FALSE(x8::AgreesWithPortable(x8::LaneKernels{&x8::ButterflyPortable,
                                                      [](FrX8& x) {
                                                        x8::ReducePortable(x);
                                                        x8::AddModulusToLanes(x, 0x21);
                                                      },
                                                      &x8::MulPortable}));
  // A product wrong in one lane, and one right modulo r but left at r or more.
  auto with_mul = [](x8::MulFn mul) {
    return x8::LaneKernels{&x8::ButterflyPortable, &x8::ReducePortable, mul};
  };
  EXPECT_FALSE(x8::AgreesWithPortable(with_mul([](FrX8& out, const FrX8& a, const FrX8& b) {
    x8::MulPortable(out, a, b);
    out.limb[1][5] ^= 1;
  })));
  EXPECT_FALSE(x8::AgreesWithPortable(with_mul([](FrX8& out, const FrX8& a, const FrX8& b) {
    x8::MulPortable(out, a, b);
    x8::AddModulusToLanes(out, 0x80);
  })));
  if (x8::IfmaKernels() != nullptr) {
    EXPECT_TRUE(x8::AgreesWithPortable(*x8::IfmaKernels()));
  }
}

// The block stages and the tiled wide passes give the same values with the IFMA kernels' source
// (emulated: lazily reduced, so lanes in [r, 4r) flow from stage to stage) as with the portable
// kernels, on random twiddle tables: 2^12-point blocks, 16 rows of 64 through a radix-2, a
// radix-4 and a radix-2 pass, and the same rows through the four stages with composed twiddles.
TEST(TransformX8Test, LazyStagesEqualTheReducedOnes) {
  std::vector<FrX8> scratch;
  auto small = x8::PackSmall(RandomVector(4096, 9));
  std::vector<Fr> x = RandomVector(4096, 10), want = x;
  x8::BlockStages(x.data(), 4096, small, x8::kEmulatedIfmaKernels, scratch);
  x8::BlockStages(want.data(), 4096, small, x8::kPortableKernels, scratch);
  ASSERT_EQ(x, want) << "block stages";

  constexpr size_t kBlock = 64;
  const std::vector<std::pair<size_t, unsigned>> passes = {{64, 2}, {128, 4}, {512, 2}};
  const std::vector<std::vector<Fr>> wide = {RandomVector(64, 11), RandomVector(256, 12),
                                             RandomVector(512, 13)};
  x8::PackedTwiddles twiddles = x8::PackDirection(
      RandomVector(kBlock, 14), passes, [&](size_t p, size_t begin, size_t end, Fr* out) {
        std::copy(wide[p].begin() + begin, wide[p].begin() + end, out);
      });
  std::vector<Fr> y = RandomVector(16 * kBlock, 15), want_y = y;
  x8::HighStagesTiled(y, kBlock, passes, twiddles, x8::kEmulatedIfmaKernels, 2, nullptr);
  x8::HighStagesTiled(want_y, kBlock, passes, twiddles, x8::kPortableKernels, 2, nullptr);
  ASSERT_EQ(y, want_y) << "tiled passes";

  Fr root = RandomVector(1, 16)[0];  // any root: both sides compose the same twiddles
  std::vector<Fr> z = RandomVector(16 * kBlock, 17), want_z = z;
  x8::HighStagesComposed(z, kBlock, root, x8::kEmulatedIfmaKernels, 2, nullptr);
  x8::HighStagesComposed(want_z, kBlock, root, x8::kPortableKernels, 2, nullptr);
  ASSERT_EQ(z, want_z) << "composed stages";
}

// The lanes' scaling passes give Fr's values bit for bit, over chunks of 512 groups and a tail of
// fewer than eight values: ScaleByPowers with the emulated IFMA kernels (and the real ones where
// the CPU has them), and the quotient's ScaledDifference against its scalar formula.
TEST(TransformX8Test, LaneScalingPassesEqualTheScalarOnes) {
  std::vector<const x8::LaneKernels*> kernels = {&x8::kEmulatedIfmaKernels};
  if (x8::IfmaKernels() != nullptr) kernels.push_back(x8::IfmaKernels());
  for (size_t n : {size_t{5}, size_t{8}, size_t{8 * 1500 + 3}}) {
    std::vector<Fr> x = RandomVector(n, 30 + n), c = RandomVector(n, 40 + n);
    Fr start = RandomVector(1, 50)[0], step = RandomVector(1, 51)[0];
    std::vector<Fr> want = x;
    ScaleByPowers(want, start, step, 1);
    std::vector<Fr> want_diff = x;
    Fr w = Fr::One();
    for (size_t i = 0; i < n; ++i, w *= step) want_diff[i] = (want_diff[i] * w - c[i]) * start;
    for (const x8::LaneKernels* k : kernels) {
      std::vector<Fr> got = x;
      x8::ScaleByPowers(got, start, step, *k, 2);
      EXPECT_EQ(got, want) << "n = " << n;
      got = x;
      x8::ScaledDifference(got, c, step, start, *k, 2);
      EXPECT_EQ(got, want_diff) << "n = " << n;
    }
  }
}

// Every transform of a domain with `kernel` equals the scalar domain's, bit for bit, at sizes
// below one lane group, within one cache block, and past it (the tiled wide passes: 2^15 has one
// radix-2 pass, 2^16 one radix-4 pass, 2^17 both; with per-call twiddles, the composed stages:
// one, two and three of them).
void ExpectKernelEqualsScalar(NttKernel kernel, TwiddleTables tables) {
  for (unsigned log_n : {0u, 1u, 3u, 4u, 5u, 9u, 14u, 15u, 16u, 17u}) {
    size_t n = size_t{1} << log_n;
    auto scalar = EvaluationDomain::ForSize(n, tables, NttKernel::kScalar);
    auto lanes = EvaluationDomain::ForSize(n, tables, kernel);
    ASSERT_TRUE(scalar.ok() && lanes.ok());
    ASSERT_EQ(lanes->kernel(), kernel);
    std::vector<Fr> x = RandomVector(n, 100 + log_n), c = RandomVector(n, 200 + log_n);
    auto same = [&](auto transform, const char* what) {
      std::vector<Fr> want = x, got = x;
      transform(*scalar, want);
      transform(*lanes, got);
      ASSERT_EQ(got, want) << what << ", log n = " << log_n
                           << (tables == TwiddleTables::kPerCall ? ", per-call twiddles" : "");
    };
    same([](const EvaluationDomain& d, std::vector<Fr>& v) { d.Fft(v, 2); }, "FFT");
    same([](const EvaluationDomain& d, std::vector<Fr>& v) { d.Ifft(v, 2); }, "iFFT");
    same([](const EvaluationDomain& d, std::vector<Fr>& v) { d.CosetFft(v, 2); }, "coset FFT");
    same([](const EvaluationDomain& d, std::vector<Fr>& v) { d.DomainToCoset(v, 2); },
         "domain to coset");
    same(
        [&](const EvaluationDomain& d, std::vector<Fr>& v) {
          std::vector<Fr> cc = c;
          d.QuotientCoefficients(v, cc, 2);
        },
        "quotient");
  }
}

TEST(TransformX8Test, PortableLanesEqualTheScalarTransforms) {
  ExpectKernelEqualsScalar(NttKernel::kEightLanePortable, TwiddleTables::kPrecomputed);
  ExpectKernelEqualsScalar(NttKernel::kEightLanePortable, TwiddleTables::kPerCall);
}

TEST(TransformX8Test, IfmaLanesEqualTheScalarTransforms) {
  if (x8::IfmaKernels() == nullptr) {
    auto refused =
        EvaluationDomain::ForSize(64, TwiddleTables::kPrecomputed, NttKernel::kEightLaneIfma);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.status().message().find("IFMA"), std::string::npos);
    GTEST_SKIP() << "this CPU has no AVX-512 IFMA (the request for it was refused)";
  }
  ExpectKernelEqualsScalar(NttKernel::kEightLaneIfma, TwiddleTables::kPrecomputed);
  ExpectKernelEqualsScalar(NttKernel::kEightLaneIfma, TwiddleTables::kPerCall);
}

// The field-kernel choice kNoIfma (or kPortable, ff/cpu_kernels.h) turns the IFMA butterflies off
// on any CPU; kAuto turns them back on where the CPU has them.
TEST(TransformX8Test, TheFieldKernelChoiceCanTurnIfmaOff) {
  const ff::FieldKernels before = ff::ChosenFieldKernels();
  for (ff::FieldKernels off : {ff::FieldKernels::kNoIfma, ff::FieldKernels::kPortable}) {
    ff::ChooseFieldKernels(off);
    EXPECT_EQ(x8::AutoKernels(), nullptr) << ff::FieldKernelsName(off);
    auto domain = EvaluationDomain::ForSize(1024);
    ASSERT_TRUE(domain.ok());
    EXPECT_EQ(domain->kernel(), NttKernel::kScalar) << ff::FieldKernelsName(off);
  }
  ff::ChooseFieldKernels(ff::FieldKernels::kAuto);
  EXPECT_EQ(x8::AutoKernels(), x8::IfmaKernels());
  ff::ChooseFieldKernels(before);
}

TEST(TransformX8Test, AutoIsIfmaWhereTheCpuHasIt) {
  for (TwiddleTables tables : {TwiddleTables::kPrecomputed, TwiddleTables::kPerCall}) {
    auto automatic = EvaluationDomain::ForSize(1024, tables);
    ASSERT_TRUE(automatic.ok());
    EXPECT_EQ(automatic->kernel(),
              x8::AutoKernels() ? NttKernel::kEightLaneIfma : NttKernel::kScalar);
  }
}

}  // namespace
}  // namespace cuzk::ntt
