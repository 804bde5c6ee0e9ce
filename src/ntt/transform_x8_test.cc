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

// The IFMA butterfly's results (ff/fr_x8_kernels.inc, from `kernel`) equal Fr's lane by lane.
void ExpectButterflyEqualsThePortableOne(x8::ButterflyFn kernel) {
  std::vector<Fr> u = LaneValues(500, 5), v = LaneValues(500, 6), w = LaneValues(500, 7);
  for (size_t g = 0; g < 500; ++g) {
    FrX8 a_u, a_v, b_u, b_v, lw = x8::PackTwiddles(&w[8 * g], 1);
    x8::Pack(&u[8 * g], a_u);
    x8::Pack(&v[8 * g], a_v);
    b_u = a_u;
    b_v = a_v;
    kernel(a_u, a_v, lw);
    x8::ButterflyPortable(b_u, b_v, lw);
    Fr au[8], av[8], bu[8], bv[8];
    x8::Unpack(a_u, au);
    x8::Unpack(a_v, av);
    x8::Unpack(b_u, bu);
    x8::Unpack(b_v, bv);
    for (int k = 0; k < 8; ++k) {
      ASSERT_EQ(au[k], bu[k]) << "sum, group " << g << " lane " << k;
      ASSERT_EQ(av[k], bv[k]) << "difference, group " << g << " lane " << k;
    }
  }
}

TEST(TransformX8Test, EmulatedIfmaButterflyEqualsThePortableOne) {
  ExpectButterflyEqualsThePortableOne(&ff::ifma::emulated::ButterflyFrX8);
}

TEST(TransformX8Test, IfmaButterflyEqualsThePortableOne) {
  x8::ButterflyFn ifma = x8::IfmaButterfly();
  if (ifma == nullptr) GTEST_SKIP() << "this CPU has no AVX-512 IFMA";
  ExpectButterflyEqualsThePortableOne(ifma);
}

// The first-use check accepts the IFMA kernels' source (emulated) and the portable butterfly,
// and refuses a kernel that is wrong in one lane or that swaps its outputs.
TEST(TransformX8Test, TheKnownAnswerCheckRefusesAWrongKernel) {
  EXPECT_TRUE(x8::AgreesWithPortable(&ff::ifma::emulated::ButterflyFrX8));
  EXPECT_TRUE(x8::AgreesWithPortable(&x8::ButterflyPortable));
  EXPECT_FALSE(x8::AgreesWithPortable([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    std::swap(u, v);
  }));
  EXPECT_FALSE(x8::AgreesWithPortable([](FrX8& u, FrX8& v, const FrX8& w) {
    x8::ButterflyPortable(u, v, w);
    v.limb[0][7] ^= 1;
  }));
  if (x8::IfmaButterfly() != nullptr) {
    EXPECT_TRUE(x8::AgreesWithPortable(x8::IfmaButterfly()));
  }
}

// Every transform of a domain with `kernel` equals the scalar domain's, bit for bit, at sizes
// below one lane group, within one cache block, and past it (the tiled wide passes: 2^15 has one
// radix-2 pass, 2^16 one radix-4 pass, 2^17 both).
// With per-call twiddles, the lanes run the block stages only.
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
  if (x8::IfmaButterfly() == nullptr) {
    auto refused =
        EvaluationDomain::ForSize(64, TwiddleTables::kPrecomputed, NttKernel::kEightLaneIfma);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.status().message().find("IFMA"), std::string::npos);
    GTEST_SKIP() << "this CPU has no AVX-512 IFMA (the request for it was refused)";
  }
  ExpectKernelEqualsScalar(NttKernel::kEightLaneIfma, TwiddleTables::kPrecomputed);
  ExpectKernelEqualsScalar(NttKernel::kEightLaneIfma, TwiddleTables::kPerCall);
}

// CUZK_FIELD_KERNEL=no-ifma (or portable) turns the IFMA butterflies off on any CPU.
TEST(TransformX8Test, TheEnvironmentCanTurnIfmaOff) {
  const char* before = std::getenv("CUZK_FIELD_KERNEL");
  std::string saved = before ? before : "";
  for (const char* value : {"no-ifma", "portable"}) {
    setenv("CUZK_FIELD_KERNEL", value, 1);
    EXPECT_EQ(x8::AutoButterfly(), nullptr) << value;
    auto domain = EvaluationDomain::ForSize(1024);
    ASSERT_TRUE(domain.ok());
    EXPECT_EQ(domain->kernel(), NttKernel::kScalar) << value;
  }
  if (before) {
    setenv("CUZK_FIELD_KERNEL", saved.c_str(), 1);
  } else {
    unsetenv("CUZK_FIELD_KERNEL");
    EXPECT_EQ(x8::AutoButterfly(), x8::IfmaButterfly());
  }
}

TEST(TransformX8Test, AutoIsIfmaWhereTheCpuHasIt) {
  for (TwiddleTables tables : {TwiddleTables::kPrecomputed, TwiddleTables::kPerCall}) {
    auto automatic = EvaluationDomain::ForSize(1024, tables);
    ASSERT_TRUE(automatic.ok());
    EXPECT_EQ(automatic->kernel(),
              x8::AutoButterfly() ? NttKernel::kEightLaneIfma : NttKernel::kScalar);
  }
}

}  // namespace
}  // namespace cuzk::ntt
