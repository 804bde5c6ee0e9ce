// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device arithmetic compiled for the host and checked against the CPU code: the fields
// against src/ff (the 32-bit-word product that device code uses included, over CarryChain's host
// form), the XYZZ point formulas against src/ec, and the MSM and NTT steps, run thread by
// thread in loops, against msm::MsmG1 and ntt::EvaluationDomain on seeded random inputs and edge
// values. Runs on every `make test`; no GPU is needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "gpu/host_plan.h"
#include "gpu/msm_steps.h"
#include "msm/pippenger.h"
#include "ntt/evaluation_domain.h"

namespace cuzk::gpu {
namespace {

using ff::Fp;
using ff::Fr;

template <typename Dev, typename Host>
Dev Dv(const Host& x) {
  Dev d;
  std::copy(x.montgomery().begin(), x.montgomery().end(), d.l);
  return d;
}

template <typename Host, typename Dev>
Host Hs(const Dev& d) {
  typename Host::Repr r;
  std::copy(d.l, d.l + Dev::N, r.begin());
  return Host::FromMontgomery(r);
}

TEST(GpuFieldTest, ConstantsMatchTheHostFields) {
  EXPECT_EQ(FpParams::kInv, Fp::kInv);
  EXPECT_EQ(FrParams::kInv, Fr::kInv);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(FpParams::Modulus().v[i], Fp::kModulus[i]);
    EXPECT_EQ(FpParams::MontgomeryOne().v[i], Fp::kR[i]);
  }
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(FrParams::Modulus().v[i], Fr::kModulus[i]);
    EXPECT_EQ(FrParams::MontgomeryOne().v[i], Fr::kR[i]);
  }
  // (r - 1)/2 * 2 + 1 = r.
  DevFr half;
  for (int i = 0; i < 4; ++i) half.l[i] = FrParams::HalfModulus().v[i];
  Fr half_value = *Fr::FromCanonical(Fr::Repr{half.l[0], half.l[1], half.l[2], half.l[3]});
  EXPECT_TRUE((half_value + half_value + Fr::One()).IsZero());
}

template <typename Host, typename Dev>
void CheckFieldOps(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Host> values = {Host::Zero(), Host::One(), Host::MinusOne(), Host::Two(),
                              -Host::Two()};
  for (int i = 0; i < 200; ++i) values.push_back(Host::Random(rng));
  for (const Host& a : values) {
    for (const Host& b : {values[0], values[1], values[2], values[3], Host::Random(rng), a}) {
      Dev da = Dv<Dev>(a), db = Dv<Dev>(b);
      ASSERT_EQ((Hs<Host>(da + db)), a + b);
      ASSERT_EQ((Hs<Host>(da - db)), a - b);
      ASSERT_EQ((Hs<Host>(da * db)), a * b);
      ASSERT_EQ((Hs<Host>(Dev::Mul32(da, db))), a * b);  // device code's product
      ASSERT_EQ((da == db), (a == b));
    }
    Dev da = Dv<Dev>(a);
    ASSERT_EQ((Hs<Host>(-da)), -a);
    ASSERT_EQ((Hs<Host>(da.Square())), a.Square());
    ASSERT_EQ((Hs<Host>(da.Double())), a + a);
    ASSERT_EQ(da.IsZero(), a.IsZero());
    auto canonical = a.ToCanonical();
    Dev plain = da.FromMontgomeryForm();
    ASSERT_TRUE(std::equal(canonical.begin(), canonical.end(), plain.l));
    Dev redc = Dev::Redc32(da);  // device code's FromMontgomeryForm
    ASSERT_TRUE(std::equal(canonical.begin(), canonical.end(), redc.l));
  }
}

// CarryChain's host form keeps PTX's carry: out of each step into the next, 0 or 1, a borrow in
// subtractions (0 - 0 - borrow is all ones), none into a chain's first step.
TEST(GpuFieldTest, CarryChainCarriesAsPtxDoes) {
  const uint32_t edges[] = {0, 1, 2, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff};
  for (uint32_t a : edges) {
    for (uint32_t b : edges) {
      for (uint32_t c : edges) {
        const uint64_t product = uint64_t{a} * b;
        const uint64_t lo = product & 0xffffffff, hi = product >> 32;
        for (uint32_t carry : {0u, 1u}) {
          CarryChain chain;
          chain.Add(carry, 0xffffffff);  // sets the carry to `carry`
          uint64_t sum = lo + c + carry;
          ASSERT_EQ(chain.MadcLo(a, b, c), uint32_t(sum));
          ASSERT_EQ(chain.AddcEnd(0, 0), uint32_t(sum >> 32));
          chain.Add(carry, 0xffffffff);
          sum = hi + c + carry;
          ASSERT_EQ(chain.MadcHi(a, b, c), uint32_t(sum));
          ASSERT_EQ(chain.Addc(0, 0), uint32_t(sum >> 32));
          chain.Add(carry, 0xffffffff);
          sum = uint64_t{a} + b + carry;
          ASSERT_EQ(chain.Addc(a, b), uint32_t(sum));
          ASSERT_EQ(chain.AddcEnd(0, 0), uint32_t(sum >> 32));
          chain.Sub(0, carry);  // sets the borrow to `carry`
          const uint64_t difference = uint64_t{a} - b - carry;
          ASSERT_EQ(chain.Subc(a, b), uint32_t(difference));
          ASSERT_EQ(chain.SubcEnd(0, 0), a < uint64_t{b} + carry ? 0xffffffffu : 0u);
        }
        CarryChain first;
        first.Add(1, 0xffffffff);
        ASSERT_EQ(first.MadLo(a, b, c), uint32_t(lo + c));  // no carry in
        ASSERT_EQ(first.AddcEnd(0, 0), uint32_t((lo + c) >> 32));
        first.Sub(0, 1);
        ASSERT_EQ(first.Sub(a, b), uint32_t(a - b));  // no borrow in
        ASSERT_EQ(first.SubcEnd(0, 0), a < b ? 0xffffffffu : 0u);
        ASSERT_EQ(first.Add(a, b), uint32_t(a + b));
        ASSERT_EQ(first.AddcEnd(0, 0), uint32_t((uint64_t{a} + b) >> 32));
      }
    }
  }
}

TEST(GpuFieldTest, FpMatchesTheHostField) { CheckFieldOps<Fp, DevFp>(1); }
TEST(GpuFieldTest, FrMatchesTheHostField) { CheckFieldOps<Fr, DevFr>(2); }

std::vector<ec::G1Affine> RandomPoints(size_t n, std::mt19937_64& rng) {
  std::vector<ec::G1> jac;
  ec::G1 p = ec::Mul(ec::G1::Generator(), Fr::Random(rng));
  for (size_t i = 0; i < n; ++i) {
    jac.push_back(p);
    p += ec::G1::Generator();
  }
  std::vector<ec::G1Affine> out(n);
  ec::G1::BatchToAffine(jac, out);
  return out;
}

TEST(GpuG1Test, XyzzFormulasMatchJacobian) {
  std::mt19937_64 rng(3);
  auto pts = RandomPoints(40, rng);
  G1Xyzz acc = G1Xyzz::Infinity();
  ec::G1 want = ec::G1::Identity();
  for (const auto& p : pts) {
    G1AffineDev dp = ToDevice(p);
    EXPECT_EQ(FromDevice(G1Xyzz::FromAffine(dp)).ToAffine(), p);
    // mixed addition, then full addition of the XYZZ form of the same point, then doubling
    acc = acc.AddAffine(dp);
    want += p;
    ASSERT_EQ(FromDevice(acc), want);
    acc = acc.Add(G1Xyzz::FromAffine(dp).Double());
    want += ec::G1(p).Double();
    ASSERT_EQ(FromDevice(acc), want);
  }
  // Edge cases: P + P through both additions, P - P, infinity on either side.
  G1AffineDev p = ToDevice(pts[0]);
  G1Xyzz xp = G1Xyzz::FromAffine(p).Add(G1Xyzz::FromAffine(ToDevice(pts[1])));
  ec::G1 hp = ec::G1(pts[0]) + pts[1];
  EXPECT_EQ(FromDevice(xp.Add(xp)), hp.Double());
  EXPECT_EQ(FromDevice(xp.Double()), hp.Double());
  EXPECT_EQ(FromDevice(G1Xyzz::FromAffine(p).AddAffine(p)), ec::G1(pts[0]).Double());
  // The same point in other coordinates (another ZZ): the doublings Add and AddAffine fall back to.
  // (l^2 X : l^3 Y : l^2 ZZ : l^3 ZZZ) is the same point for any l != 0.
  DevFp l2 = xp.x.Square(), l3 = l2 * xp.x;
  G1Xyzz xp_other{xp.x * l2, xp.y * l3, xp.zz * l2, xp.zzz * l3};
  ASSERT_NE(Hs<Fp>(xp_other.zz), Hs<Fp>(xp.zz));
  ASSERT_EQ(FromDevice(xp_other), hp);
  EXPECT_EQ(FromDevice(xp.Add(xp_other)), hp.Double());
  EXPECT_TRUE(xp.Add(xp_other.Negated()).IsInfinity());
  EXPECT_EQ(FromDevice(xp.AddAffine(ToDevice(hp.ToAffine()))), hp.Double());
  EXPECT_TRUE(G1Xyzz::FromAffine(p).AddAffine(p.Negated()).IsInfinity());
  EXPECT_TRUE(xp.Add(xp.Negated()).IsInfinity());
  G1AffineDev inf = ToDevice(ec::G1Affine::Identity());
  EXPECT_TRUE(inf.IsInfinity());
  EXPECT_TRUE(G1Xyzz::FromAffine(inf).IsInfinity());
  EXPECT_EQ(FromDevice(xp.AddAffine(inf)), hp);
  EXPECT_EQ(FromDevice(G1Xyzz::Infinity().AddAffine(p)).ToAffine(), pts[0]);
  EXPECT_EQ(FromDevice(G1Xyzz::Infinity().Add(xp)), hp);
  EXPECT_EQ(FromDevice(xp.Add(G1Xyzz::Infinity())), hp);
  EXPECT_TRUE(G1Xyzz::Infinity().Double().IsInfinity());
  EXPECT_TRUE(FromDevice(G1Xyzz::Infinity()).IsIdentity());
}

// Sum_w digits[w] 2^(c w) must give the magnitude back, and every digit stays in
// [-2^(c-1) + 1, 2^(c-1)].
TEST(GpuMsmStepsTest, SignedDigitsRecomposeTheScalar) {
  std::mt19937_64 rng(4);
  std::vector<Fr> scalars = {Fr::MinusOne(), Fr::Two(), -Fr::Two(), Fr::FromUint64(0xffff)};
  for (int i = 0; i < 100; ++i) scalars.push_back(Fr::Random(rng));
  for (unsigned c = 2; c <= 20; ++c) {
    for (const Fr& k : scalars) {
      SignedMagnitude sm;
      ASSERT_EQ(ClassifyScalar(ToDevice(k), sm), ScalarClass::kOther);
      int32_t digits[kMagnitudeBits + 1];
      DigitsOf(sm.m, c, digits);
      Fr sum, weight = Fr::One(), step = Fr::FromUint64(uint64_t{1} << c);
      for (unsigned w = 0; w < WindowCount(c); ++w, weight *= step) {
        ASSERT_LE(digits[w], 1 << (c - 1));
        ASSERT_GT(digits[w], -(1 << (c - 1)));
        Fr d = Fr::FromUint64(static_cast<uint64_t>(digits[w] < 0 ? -digits[w] : digits[w]));
        sum += (digits[w] < 0 ? -d : d) * weight;
      }
      ASSERT_EQ(sm.negate ? -sum : sum, k) << "c = " << c;
    }
  }
  SignedMagnitude sm;
  EXPECT_EQ(ClassifyScalar(ToDevice(Fr::Zero()), sm), ScalarClass::kZero);
  EXPECT_EQ(ClassifyScalar(ToDevice(Fr::One()), sm), ScalarClass::kOne);
  EXPECT_EQ(ClassOf(ToDevice(Fr::Zero())), ScalarClass::kZero);
  EXPECT_EQ(ClassOf(ToDevice(Fr::One())), ScalarClass::kOne);
  for (Fr k : {Fr::Two(), Fr::MinusOne(), Fr::FromUint64(uint64_t{1} << 32)}) {
    EXPECT_EQ(ClassOf(ToDevice(k)), ScalarClass::kOther);
  }
}

TEST(GpuMsmStepsTest, PlanKeepsKeysAndPassesInBounds) {
  for (size_t log_n = 0; log_n <= 28; ++log_n) {
    MsmPlan plan = PlanMsm(size_t{1} << log_n);
    EXPECT_GE(plan.window_bits, 4u);
    EXPECT_LE(plan.window_bits, 16u);
    EXPECT_EQ(plan.windows, WindowCount(plan.window_bits));
    EXPECT_GE(plan.windows_per_pass, 1u);
    EXPECT_LE((size_t{1} << log_n) * plan.windows_per_pass,
              std::max(kMaxPairsPerPass, size_t{1} << log_n));
    // The sort key (window in pass, |digit| <= 2^(c-1)) fits 32 bits.
    EXPECT_LT(uint64_t{plan.windows_per_pass} << plan.window_bits, uint64_t{1} << 32);
    EXPECT_EQ(plan.segments() << plan.log_segment, plan.buckets());
  }
}

// Runs the device MSM's steps on the host, one loop per kernel and the sort by std::sort.
ec::G1 EmulateMsm(const std::vector<ec::G1Affine>& bases, const std::vector<Fr>& scalars,
                  const MsmPlan& plan) {
  size_t n = bases.size();
  std::vector<G1AffineDev> dev_bases(n);
  for (size_t i = 0; i < n; ++i) dev_bases[i] = ToDevice(bases[i]);
  unsigned c = plan.window_bits;
  std::vector<SignedMagnitude> mags(n);
  std::vector<ScalarClass> classes(n);
  ec::G1 ones = ec::G1::Identity();
  for (size_t i = 0; i < n; ++i) {
    classes[i] = ClassifyScalar(ToDevice(scalars[i]), mags[i]);
    if (classes[i] == ScalarClass::kOne) ones += bases[i];
  }
  std::vector<G1Xyzz> window_sums(plan.windows);
  for (unsigned pass = 0; pass < plan.passes(); ++pass) {
    unsigned w0 = pass * plan.windows_per_pass;
    unsigned count = std::min(plan.windows_per_pass, plan.windows - w0);
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    for (size_t i = 0; i < n; ++i) {
      int32_t digits[kMagnitudeBits + 1] = {};
      if (classes[i] == ScalarClass::kOther) DigitsOf(mags[i].m, c, digits);
      for (unsigned w = 0; w < count; ++w) {
        int32_t d = digits[w0 + w];
        pairs.push_back(
            {BucketKey(w, d, c), BucketValue(static_cast<uint32_t>(i), d, mags[i].negate)});
      }
    }
    std::sort(pairs.begin(), pairs.end());
    std::vector<uint32_t> keys(pairs.size()), values(pairs.size());
    for (size_t i = 0; i < pairs.size(); ++i) std::tie(keys[i], values[i]) = pairs[i];
    std::vector<uint32_t> start(size_t{count} << c), end(size_t{count} << c);
    for (size_t i = 0; i < keys.size(); ++i)
      BucketRanges(keys.data(), keys.size(), i, start.data(), end.data());
    for (unsigned w = 0; w < count; ++w) {
      std::vector<G1Xyzz> buckets(plan.buckets());
      for (uint32_t b = 1; b <= plan.buckets(); ++b) {
        size_t key = (size_t{w} << c) | b;
        buckets[b - 1] = AccumulateBucket(dev_bases.data(), values.data(), start[key], end[key]);
      }
      std::vector<G1Xyzz> acc(plan.segments()), total(plan.segments());
      for (unsigned s = 0; s < plan.segments(); ++s)
        FoldSegment(buckets.data(), s, 1u << plan.log_segment, acc[s], total[s]);
      for (unsigned level = 0; (2u << level) <= plan.segments(); ++level) {
        for (uint64_t a = 0; a < plan.segments(); a += 2u << level)
          MergeSegmentRuns(acc.data(), total.data(), a, a + (1u << level),
                           plan.log_segment + level);
      }
      window_sums[w0 + w] = acc[0];
    }
  }
  ec::G1 result = ec::G1::Identity();
  for (unsigned w = plan.windows; w-- > 0;) {
    for (unsigned i = 0; i < c; ++i) result = result.Double();
    result += FromDevice(window_sums[w]);
  }
  return result + ones;
}

TEST(GpuMsmStepsTest, EmulatedMsmEqualsTheCpuMsm) {
  std::mt19937_64 rng(5);
  for (size_t n : {1, 7, 300, 2000}) {
    auto bases = RandomPoints(n, rng);
    if (n > 10) bases[3] = ec::G1Affine::Identity();
    std::vector<Fr> scalars(n);
    for (size_t i = 0; i < n; ++i) {
      switch (rng() % 5) {
        case 0:
          scalars[i] = Fr::Zero();
          break;
        case 1:
          scalars[i] = Fr::One();
          break;
        case 2:
          scalars[i] = Fr::MinusOne();
          break;
        default:
          scalars[i] = Fr::Random(rng);
      }
    }
    if (n > 10) bases[5] = bases[4];  // a repeated base, so a bucket can double
    ec::G1 want = msm::MsmG1(bases, scalars, 1);
    // The plan's own choice, a narrow window (several segments per window, several passes) and
    // a wide one.
    MsmPlan wide = PlanMsm(n);
    wide.window_bits = 13;
    wide.windows = WindowCount(13);
    wide.windows_per_pass = 7;
    wide.log_segment = 6;
    MsmPlan narrow = wide;
    narrow.window_bits = 5;
    narrow.windows = WindowCount(5);
    narrow.windows_per_pass = 4;
    narrow.log_segment = 2;
    for (const MsmPlan& plan : {PlanMsm(n), wide, narrow})
      ASSERT_EQ(EmulateMsm(bases, scalars, plan), want)
          << "n = " << n << ", c = " << plan.window_bits;
  }
}

std::vector<DevFr> ToDeviceVector(const std::vector<Fr>& v) {
  std::vector<DevFr> d(v.size());
  for (size_t i = 0; i < v.size(); ++i) d[i] = ToDevice(v[i]);
  return d;
}

std::vector<Fr> FromDeviceVector(const std::vector<DevFr>& d) {
  std::vector<Fr> v(d.size());
  for (size_t i = 0; i < d.size(); ++i) v[i] = FromDevice(d[i]);
  return v;
}

// The device transform emulated: bit reversal, then the stages.
void EmulateTransform(std::vector<DevFr>& v, unsigned log_n, const HostPowerTables& twiddles) {
  for (uint64_t i = 0; i < v.size(); ++i) BitReverseStep(v.data(), i, log_n);
  for (unsigned s = 0; s < log_n; ++s)
    for (uint64_t j = 0; j < v.size() / 2; ++j)
      ButterflyStep(v.data(), s, j, log_n, twiddles.view());
}

// RadixStep<g> at stage s equals g rounds of ButterflyStep (stages s .. s + g - 1), bit for bit,
// at every start stage, including groups whose stride is 1 and groups that end at the last stage.
template <unsigned kStages>
void ExpectRadixStepEqualsButterflies(std::mt19937_64& rng) {
  for (unsigned log_n : {kStages, kStages + 1, 7u}) {
    uint64_t n = uint64_t{1} << log_n;
    QuotientConstants q = MakeQuotientConstants(log_n);
    std::vector<DevFr> x(n);
    for (auto& e : x) e = ToDevice(Fr::Random(rng));
    for (unsigned s = 0; s + kStages <= log_n; ++s) {
      std::vector<DevFr> want = x, got = x;
      for (unsigned g = 0; g < kStages; ++g)
        for (uint64_t j = 0; j < n / 2; ++j)
          ButterflyStep(want.data(), s + g, j, log_n, q.omega.view());
      for (uint64_t t = 0; t < (n >> kStages); ++t)
        RadixStep<kStages>(got.data(), s, t, log_n, q.omega.view());
      ASSERT_EQ(FromDeviceVector(got), FromDeviceVector(want))
          << kStages << " stages from stage " << s << ", log n = " << log_n;
    }
  }
}

TEST(GpuNttStepsTest, RadixStepsEqualTheirButterflyStages) {
  std::mt19937_64 rng(8);
  ExpectRadixStepEqualsButterflies<1>(rng);
  ExpectRadixStepEqualsButterflies<2>(rng);
  ExpectRadixStepEqualsButterflies<3>(rng);
}

TEST(GpuNttStepsTest, PowerTablesGiveEveryPower) {
  Fr base = Fr::FromUint64(7), constant = Fr::FromUint64(11);
  for (unsigned log_count : {0u, 1u, 5u, 8u}) {
    HostPowerTables t = MakePowerTables(base, constant, log_count);
    Fr want = constant;
    for (uint64_t e = 0; e < (uint64_t{1} << log_count); ++e, want *= base)
      ASSERT_EQ(FromDevice(PowerAt(t.view(), e)), want) << e;
  }
}

TEST(GpuNttStepsTest, EmulatedTransformsEqualTheCpuDomain) {
  std::mt19937_64 rng(6);
  for (unsigned log_n : {1u, 2u, 5u, 10u}) {
    size_t n = size_t{1} << log_n;
    auto domain = ntt::EvaluationDomain::ForSize(n);
    ASSERT_TRUE(domain.ok());
    QuotientConstants q = MakeQuotientConstants(log_n);
    std::vector<Fr> x(n);
    for (auto& e : x) e = Fr::Random(rng);

    std::vector<Fr> want = x;
    domain->Fft(want, 1);
    std::vector<DevFr> got = ToDeviceVector(x);
    EmulateTransform(got, log_n, q.omega);
    ASSERT_EQ(FromDeviceVector(got), want) << "FFT, log n = " << log_n;

    // The inverse is the transform with omega^-1 and the factor 1/n (folded into to_coset's
    // constant, which at i = 0 scales by 1/n only).
    want = x;
    domain->Ifft(want, 1);
    got = ToDeviceVector(x);
    EmulateTransform(got, log_n, q.omega_inv);
    DevFr n_inv = PowerAt(q.to_coset.view(), 0);
    for (auto& e : got) e = e * n_inv;
    ASSERT_EQ(FromDeviceVector(got), want) << "iFFT, log n = " << log_n;

    // Domain -> coset: inverse transform, scale by n^-1 g^i, forward transform.
    want = x;
    domain->DomainToCoset(want, 1);
    got = ToDeviceVector(x);
    EmulateTransform(got, log_n, q.omega_inv);
    for (uint64_t i = 0; i < n; ++i) ScaleStep(got.data(), i, q.to_coset.view());
    EmulateTransform(got, log_n, q.omega);
    ASSERT_EQ(FromDeviceVector(got), want) << "domain to coset, log n = " << log_n;
  }
}

// The quotient H as the device computes it equals the CPU's (EvaluationDomain's DomainToCoset
// and QuotientCoefficients, as groth16's CPU backend calls them).
TEST(GpuNttStepsTest, EmulatedQuotientEqualsTheCpuQuotient) {
  std::mt19937_64 rng(7);
  for (unsigned log_n : {1u, 3u, 9u}) {
    size_t n = size_t{1} << log_n;
    auto domain = ntt::EvaluationDomain::ForSize(n);
    QuotientConstants q = MakeQuotientConstants(log_n);
    std::vector<Fr> a(n), b(n), c(n);
    for (size_t i = 0; i < n; ++i) {
      a[i] = Fr::Random(rng);
      b[i] = Fr::Random(rng);
      c[i] = a[i] * b[i];
    }
    std::vector<Fr> wa = a, wb = b, wc = c;
    domain->DomainToCoset(wa, 1);
    domain->DomainToCoset(wb, 1);
    for (size_t i = 0; i < n; ++i) wa[i] *= wb[i];
    domain->QuotientCoefficients(wa, wc, 1);

    std::vector<DevFr> da = ToDeviceVector(a), db = ToDeviceVector(b), dc = ToDeviceVector(c);
    for (auto* v : {&da, &db}) {
      EmulateTransform(*v, log_n, q.omega_inv);
      for (uint64_t i = 0; i < n; ++i) ScaleStep(v->data(), i, q.to_coset.view());
      EmulateTransform(*v, log_n, q.omega);
    }
    for (size_t i = 0; i < n; ++i) da[i] = da[i] * db[i];
    EmulateTransform(da, log_n, q.omega_inv);
    EmulateTransform(dc, log_n, q.omega_inv);
    for (uint64_t i = 0; i < n; ++i)
      QuotientStep(da.data(), dc.data(), i, q.from_coset.view(), q.c_scale);
    ASSERT_EQ(FromDeviceVector(da), wa) << "log n = " << log_n;
    // A satisfied system gives a polynomial H of degree below n - 1.
    EXPECT_TRUE(wa[n - 1].IsZero());
  }
}

}  // namespace
}  // namespace cuzk::gpu
