// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device against the CPU, on a GPU (CTest label `gpu`): NTTs of 2^1..2^24 points (plain,
// inverse, coset, inverse coset), the quotient H, G1 MSMs of random, 90%-trivial and all-zero
// scalars at 2^8..2^22, and Groth16 proofs through CudaBackend equal to the CPU backend's for the
// same r and s, the key resident or streamed in chunks (a memory limit standing for a smaller
// card). Every test skips, saying why, when no device is usable; a build without CUDA
// checks instead that the backend says so. Built a second time as gpu_emulated_test, against the
// host emulator (gpu/emulated), at sizes up to 2^12, so that make test runs the backend's whole
// launch sequence without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>

#include "ec/g1.h"
#include "gpu/cuda_backend.h"
#include "gpu/device_ops.h"
#include "groth16/generator.h"
#include "groth16/prover.h"
#include "groth16/verifier.h"
#include "msm/pippenger.h"
#include "ntt/evaluation_domain.h"
#include "r1cs/shape.h"
#include "r1cs/test_constraint_system.h"
#include "support/backend_proofs.h"
#include "support/test_circuits.h"

#if CUZK_GPU_EMULATED
#include "gpu/emulated/emulated_device.h"
#endif

namespace cuzk::gpu {
namespace {

using ff::Fr;

// Skips the test, with the reason, unless a CUDA device is usable; the first device is used.
#define REQUIRE_DEVICE()                                                         \
  do {                                                                           \
    auto devices = ListDevices();                                                \
    if (!devices.ok()) GTEST_SKIP() << "no GPU: " << devices.status().message(); \
  } while (false)

constexpr int kDevice = 0;

#if CUZK_GPU_EMULATED
constexpr unsigned kMaxLog = 12;
#else
constexpr unsigned kMaxLog = 24;
#endif

// Returns the sizes from `sizes` that the build tests (all on a GPU, up to 2^kMaxLog emulated).
std::vector<unsigned> LogSizes(std::initializer_list<unsigned> sizes) {
  std::vector<unsigned> out;
  for (unsigned s : sizes)
    if (s <= kMaxLog) out.push_back(s);
  return out;
}

TEST(GpuRuntimeTest, ReportsDevicesOrWhyNot) {
  auto devices = ListDevices();
  if (!devices.ok()) {
    EXPECT_EQ(devices.status().code(), StatusCode::kUnavailable);
    EXPECT_FALSE(CountDevices().ok());
    EXPECT_FALSE(CudaBackend::Create(0).ok());
    if (!BuiltWithCuda()) {
      EXPECT_NE(devices.status().message().find("without CUDA"), std::string::npos);
    }
    GTEST_SKIP() << "no GPU: " << devices.status().message();
  }
  for (const auto& d : *devices) {
    EXPECT_FALSE(d.name.empty());
    EXPECT_GT(d.total_bytes, 0u);
    std::printf("cuda:%d %s, %.1f GiB (%.1f free), sm_%d%d\n", d.index, d.name.c_str(),
                d.total_bytes / 1073741824.0, d.free_bytes / 1073741824.0, d.compute_major,
                d.compute_minor);
  }
  // Counting opens no device, and a backend reads only its own device's figures.
  ASSERT_TRUE(CountDevices().ok());
  EXPECT_EQ(static_cast<size_t>(*CountDevices()), devices->size());
  auto first = CudaBackend::Create(0);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ((*first)->info().name, (*devices)[0].name);
  EXPECT_EQ((*first)->info().total_bytes, (*devices)[0].total_bytes);
  auto past = CudaBackend::Create(static_cast<int>(devices->size()));
  ASSERT_FALSE(past.ok());
  EXPECT_NE(past.status().message().find("does not exist (" + std::to_string(devices->size()) +
                                         " visible devices)"),
            std::string::npos)
      << past.status().message();
}

std::vector<Fr> RandomScalars(size_t n, std::mt19937_64& rng) {
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::Random(rng);
  return v;
}

// A failed allocation is no error of the next launch: CUDA records it as the thread's last error,
// which a launch's check would report as its own (so the proof retried after an eviction would
// fail) unless the allocation cleared it.
TEST(GpuRuntimeTest, AFailedAllocationDoesNotFailTheNextLaunch) {
  REQUIRE_DEVICE();
  auto too_big = DeviceMemory::Allocate(kDevice, size_t{1} << 50, "a test of failure");
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.status().code(), StatusCode::kUnavailable) << too_big.status().ToString();
  std::mt19937_64 rng(9);
  auto domain = ntt::EvaluationDomain::ForSize(1024);
  ASSERT_TRUE(domain.ok());
  std::vector<Fr> got = RandomScalars(1024, rng), want = got;
  domain->Fft(want, 0);
  Status s = NttOnDevice(kDevice, got, NttKind::kFft);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(got, want);
}

TEST(GpuNttTest, TransformsEqualTheCpuDomain) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(11);
  for (unsigned log_n : LogSizes({1, 10, 12, 14, 17, 20, 22, 24})) {
    auto domain = ntt::EvaluationDomain::ForSize(size_t{1} << log_n);
    ASSERT_TRUE(domain.ok());
    std::vector<Fr> x = RandomScalars(size_t{1} << log_n, rng);
    struct Case {
      NttKind kind;
      void (ntt::EvaluationDomain::*cpu)(std::span<Fr>, size_t) const;
      const char* name;
    } cases[] = {{NttKind::kFft, &ntt::EvaluationDomain::Fft, "FFT"},
                 {NttKind::kIfft, &ntt::EvaluationDomain::Ifft, "iFFT"},
                 {NttKind::kCosetFft, &ntt::EvaluationDomain::CosetFft, "coset FFT"},
                 {NttKind::kIcosetFft, &ntt::EvaluationDomain::IcosetFft, "inverse coset FFT"}};
    for (const Case& c : cases) {
      std::vector<Fr> want = x, got = x;
      ((*domain).*c.cpu)(want, 0);
      Status s = NttOnDevice(kDevice, got, c.kind);
      ASSERT_TRUE(s.ok()) << s.ToString();
      ASSERT_EQ(got, want) << c.name << ", 2^" << log_n;
    }
  }
}

TEST(GpuNttTest, QuotientEqualsTheCpuQuotient) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(12);
  for (unsigned log_n : LogSizes({2, 12, 18, 22})) {
    size_t n = size_t{1} << log_n;
    auto domain = ntt::EvaluationDomain::ForSize(n);
    std::vector<Fr> a = RandomScalars(n, rng), b = RandomScalars(n, rng), c(n);
    for (size_t i = 0; i < n; ++i) c[i] = a[i] * b[i];
    std::vector<Fr> wa = a, wb = b, wc = c;
    domain->DomainToCoset(wa, 0);
    domain->DomainToCoset(wb, 0);
    for (size_t i = 0; i < n; ++i) wa[i] *= wb[i];
    domain->QuotientCoefficients(wa, wc, 0);
    wa.resize(n - 1);
    for (bool derive : {false, true}) {
      auto h = QuotientOnDevice(kDevice, a, b, derive ? std::span<const Fr>() : c);
      ASSERT_TRUE(h.ok()) << h.status().ToString();
      ASSERT_EQ(*h, wa) << "2^" << log_n << (derive ? ", c derived" : "");
    }
  }
}

std::vector<ec::G1Affine> RandomBases(size_t n, std::mt19937_64& rng) {
  std::vector<ec::G1> jac(n);
  ec::G1 p = ec::Mul(ec::G1::Generator(), Fr::Random(rng));
  ec::G1 step = ec::Mul(ec::G1::Generator(), Fr::Random(rng));
  for (auto& j : jac) {
    j = p;
    p += step;
  }
  std::vector<ec::G1Affine> out(n);
  ec::G1::BatchToAffine(jac, out);
  return out;
}

TEST(GpuMsmTest, EqualsTheCpuMsm) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(13);
  for (unsigned log_n : LogSizes({8, 12, 14, 17, 20, 22})) {
    size_t n = size_t{1} << log_n;
    auto bases = RandomBases(n, rng);
    std::vector<Fr> random = RandomScalars(n, rng), trivial(n), zero(n);
    for (size_t i = 0; i < n; ++i) {
      uint64_t r = rng() % 20;
      trivial[i] = r < 9 ? Fr::Zero() : r < 18 ? Fr::One() : Fr::Random(rng);
    }
    for (const auto& [name, scalars] :
         {std::pair{"random", &random}, std::pair{"90% trivial", &trivial},
          std::pair{"all zero", &zero}}) {
      auto got = MsmG1(kDevice, bases, *scalars);
      ASSERT_TRUE(got.ok()) << got.status().ToString();
      ASSERT_EQ(*got, msm::MsmG1(bases, *scalars)) << name << ", 2^" << log_n;
    }
  }
}

// Plans with one and with two windows per sort pass: the multi-pass path (each pass's window sums
// downloaded into their place), which the real planner only takes past 2^28 (point, window) pairs.
MsmPlan OneWindowPerPass(size_t n) {
  MsmPlan plan = PlanMsm(n);
  plan.windows_per_pass = 1;
  return plan;
}
MsmPlan TwoWindowsPerPass(size_t n) {
  MsmPlan plan = PlanMsm(n);
  plan.windows_per_pass = 2;
  return plan;
}

// The pair buffers then hold n or 2n pairs, so with random scalars (all non-trivial) the driver
// runs one pass per window or per two; with mostly 0/1 scalars it fits more windows per pass.
TEST(GpuMsmTest, ManySortPassesEqualTheCpuMsm) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(14);
  for (unsigned log_n : {10u, 14u}) {
    size_t n = size_t{1} << log_n;
    auto bases = RandomBases(n, rng);
    std::vector<Fr> random = RandomScalars(n, rng), trivial(n);
    for (size_t i = 0; i < n; ++i) trivial[i] = rng() % 10 == 0 ? Fr::Random(rng) : Fr::One();
    for (MsmPlanner planner : {&OneWindowPerPass, &TwoWindowsPerPass}) {
      ASSERT_GT(planner(n).passes(), 1u);
      for (const auto* scalars : {&random, &trivial}) {
        auto got = MsmG1(kDevice, bases, *scalars, planner);
        ASSERT_TRUE(got.ok()) << got.status().ToString();
        ASSERT_EQ(*got, msm::MsmG1(bases, *scalars))
            << "2^" << log_n << ", " << planner(n).windows_per_pass << " window(s) per pass";
      }
    }
  }
}

TEST(GpuBackendTest, ProofsEqualTheCpuBackendsAndVerify) {
  REQUIRE_DEVICE();
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  for (auto [constraints, inputs] : {std::pair{50, 2}, std::pair{3000, 5}, std::pair{70000, 9}}) {
    if (constraints > (1 << kMaxLog)) continue;
    testing::RandomCircuit circuit(constraints, inputs, 21 + constraints);
    auto shape = r1cs::ShapeRecorder::Record(circuit);
    ASSERT_TRUE(shape.ok());
    auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(5), 0);
    ASSERT_TRUE(pk.ok()) << pk.status().ToString();
    std::mt19937_64 rng(constraints);
    Fr r = Fr::Random(rng), s = Fr::Random(rng);
    for (auto c_mode : {r1cs::CEvaluations::kRecord, r1cs::CEvaluations::kDerive}) {
      auto [cpu, gpu] = testing::ProveOnCpuAndOn(**backend, *pk, circuit, r, s, c_mode);
      ASSERT_TRUE(cpu.ok()) << cpu.status().ToString();
      ASSERT_TRUE(gpu.ok()) << gpu.status().ToString();
      EXPECT_EQ(*gpu, *cpu) << constraints << " constraints";
      r1cs::TestConstraintSystem cs;
      ASSERT_TRUE(circuit.Synthesize(cs).ok());
      std::vector<Fr> public_inputs(cs.inputs().begin() + 1, cs.inputs().end());
      EXPECT_TRUE(
          groth16::VerifyProof(groth16::PrepareVerifyingKey(pk->vk), *gpu, public_inputs).ok());
    }
  }
  // Every key stays resident (the device has room for them all).
  EXPECT_EQ((*backend)->resident_keys(), kMaxLog >= 17 ? 3u : 2u);
  EXPECT_GT((*backend)->resident_bytes(), 0u);
  (*backend)->Evict();
  EXPECT_EQ((*backend)->resident_keys(), 0u);
  EXPECT_EQ((*backend)->resident_bytes(), 0u);
}

// Release frees one key's device copy (the SrsCache calls it when it evicts the key) and leaves
// the others resident.
TEST(GpuBackendTest, ReleaseFreesOnlyThatKeysDeviceMemory) {
  REQUIRE_DEVICE();
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  std::vector<groth16::ProvingKey> keys;
  std::vector<testing::RandomCircuit> circuits;
  for (uint64_t seed : {41, 42}) {
    circuits.emplace_back(1000 + static_cast<size_t>(seed), 3, seed);
    auto shape = r1cs::ShapeRecorder::Record(circuits.back());
    ASSERT_TRUE(shape.ok());
    auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(seed), 0);
    ASSERT_TRUE(pk.ok());
    keys.push_back(*pk);
  }
  std::vector<uint64_t> bytes;
  for (size_t i = 0; i < keys.size(); ++i) {
    r1cs::ProvingAssignment pa;
    ASSERT_TRUE(pa.SynthesizeFrom(circuits[i]).ok());
    groth16::ProverOptions options;
    options.backend = backend->get();
    ASSERT_TRUE(groth16::CreateProof(keys[i], pa, Fr::One(), Fr::One(), options).ok());
    bytes.push_back((*backend)->resident_bytes());
  }
  ASSERT_EQ((*backend)->resident_keys(), 2u);
  (*backend)->Release(keys[0]);
  EXPECT_EQ((*backend)->resident_keys(), 1u);
  EXPECT_EQ((*backend)->resident_bytes(), bytes[1] - bytes[0]);  // the second key's
  (*backend)->Release(keys[0]);  // no longer resident: nothing happens
  EXPECT_EQ((*backend)->resident_keys(), 1u);
  (*backend)->Release(keys[1]);
  EXPECT_EQ((*backend)->resident_keys(), 0u);
  EXPECT_EQ((*backend)->resident_bytes(), 0u);
}

// A key that does not fit beside the proof's working memory is streamed in chunks, and the proof
// equals the CPU's at every chunk size the memory limit leads to (one chunk for a whole query,
// several, the fewest bases per chunk); a device too small even to stream says how much it needs,
// without trying when its whole memory is too small. On a GPU, as on the emulator: the backend's
// memory limit stands for a smaller card.
TEST(GpuBackendTest, StreamsAKeyTooLargeForTheDevice) {
  REQUIRE_DEVICE();
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok());
  testing::RandomCircuit circuit(2000, 3, 51);
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(51), 0);
  ASSERT_TRUE(pk.ok());
  const size_t n = 2048;  // the domain of its rows
  const size_t largest = std::max({pk->h.size(), pk->l.size(), pk->a.size(), pk->b_g1.size()});
  std::mt19937_64 rng(51);
  Fr r = Fr::Random(rng), s = Fr::Random(rng);
  auto prove = [&](CudaBackend& on) {
    return testing::ProveOnCpuAndOn(on, *pk, circuit, r, s, r1cs::CEvaluations::kDerive);
  };
  auto [cpu, resident] = prove(**backend);
  ASSERT_TRUE(cpu.ok());
  ASSERT_TRUE(resident.ok()) << resident.status().ToString();
  EXPECT_EQ(*resident, *cpu);
  EXPECT_EQ((*backend)->streamed_proofs(), 0u);
  // What the device holds without the key (the quotient's tables, a GPU's context, others').
  (*backend)->Release(*pk);
  auto info = QueryDevice(kDevice);
  ASSERT_TRUE(info.ok());
  uint64_t used = info->total_bytes - info->free_bytes;
  uint64_t streamed = 0;
  for (size_t chunk : {size_t{2048}, size_t{512}, CudaBackend::kMinStreamChunk}) {
    SCOPED_TRACE(chunk);
    uint64_t bytes = CudaBackend::StreamingBytes(*pk, n, chunk);
    ASSERT_LT(bytes, CudaBackend::KeyBytes(*pk) + CudaBackend::WorkingBytes(*pk, n));
    ASSERT_EQ(CudaBackend::StreamChunk(*pk, n, bytes), std::min(chunk, std::bit_ceil(largest)));
    (*backend)->SetMemoryLimit(used + bytes);
    auto gpu = prove(**backend).second;
    ASSERT_TRUE(gpu.ok()) << gpu.status().ToString();
    EXPECT_EQ(*gpu, *cpu);
    EXPECT_EQ((*backend)->resident_keys(), 0u);
    EXPECT_EQ((*backend)->streamed_proofs(), ++streamed);
  }
  // Short of free memory (half of the least a proof needs taken by another process), the
  // device says what a proof needs.
  const uint64_t least = CudaBackend::StreamingBytes(*pk, n, CudaBackend::kMinStreamChunk);
  (*backend)->SetMemoryLimit(used + least);
  {
    auto taken = DeviceMemory::Allocate(kDevice, least / 2, "another process");
    ASSERT_TRUE(taken.ok()) << taken.status().ToString();
    auto none = prove(**backend).second;
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.status().code(), StatusCode::kUnavailable);
    EXPECT_NE(none.status().message().find("even with its key streamed"), std::string::npos)
        << none.status().message();
  }
  // A device that small in all says so without trying.
  EXPECT_EQ(CudaBackend::LargestLogDomain(least), 11u);
  (*backend)->SetMemoryLimit(least - 1);
  auto refused = prove(**backend).second;
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(refused.status().message().find("cannot prove over 2^11 points"), std::string::npos)
      << refused.status().message();
}

#if CUZK_GPU_EMULATED
// Two random circuits and their keys, proved through one backend.
struct TwoCircuits {
  std::vector<groth16::ProvingKey> keys;
  std::vector<testing::RandomCircuit> circuits;

  explicit TwoCircuits(uint64_t seed) {
    for (uint64_t s : {seed, seed + 1}) {
      circuits.emplace_back(2000, 3, s);
      auto shape = r1cs::ShapeRecorder::Record(circuits.back());
      EXPECT_TRUE(shape.ok());
      auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(s), 0);
      EXPECT_TRUE(pk.ok());
      keys.push_back(*pk);
    }
  }

  Result<groth16::Proof> Prove(size_t i, CudaBackend* backend) {
    r1cs::ProvingAssignment pa;
    EXPECT_TRUE(pa.SynthesizeFrom(circuits[i]).ok());
    groth16::ProverOptions options;
    options.backend = backend;
    return groth16::CreateProof(keys[i], pa, Fr::One(), Fr::One(), options);
  }
};

// An allocation that fails although the free-memory query said it would fit (another process
// took the memory meanwhile): the backend evicts the other keys and retries, and the retried
// proof's launches run (the failure left no error behind for them).
TEST(GpuBackendTest, RetriesAFailedUploadWithTheOtherKeysEvicted) {
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok());
  TwoCircuits c(35);
  ASSERT_TRUE(c.Prove(0, backend->get()).ok());
  FailEmulatedAllocations(1);
  auto second = c.Prove(1, backend->get());
  EXPECT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ((*backend)->resident_keys(), 1u);
  FailEmulatedAllocations(0);
}

// A proof runs on a device of its key and the working memory the backend plans it with
// (CudaBackend::WorkingBytes, which counts on b and c being freed before the MSMs), the
// quotient's tables included. (Holding b and c through the MSMs also fits here, within the MSM
// bound's slack: this checks the plan, not the freeing.)
TEST(GpuBackendTest, ProvesWithinTheWorkingMemoryItPlans) {
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok());
  TwoCircuits c(41);
  ASSERT_TRUE(c.Prove(0, backend->get()).ok());
  uint64_t key_bytes = (*backend)->resident_bytes();
  uint64_t working = CudaBackend::WorkingBytes(c.keys[0], 2048);
  // a, the largest scalars and the MSM's bound are more than a, b and c here.
  ASSERT_GT(working, 3 * 2048 * sizeof(DevFr));
  SetEmulatedDeviceBytes(key_bytes + working);
  auto again = c.Prove(0, backend->get());
  EXPECT_TRUE(again.ok()) << again.status().ToString();
  SetEmulatedDeviceBytes(0);
}

// With device memory for one key and a proof's working memory but not two keys, the least
// recently used key is evicted; with too little for even one proof, the error says so.
TEST(GpuBackendTest, EvictsTheLeastRecentlyUsedKeyWhenTheDeviceIsFull) {
  auto backend = CudaBackend::Create(kDevice);
  ASSERT_TRUE(backend.ok());
  TwoCircuits c(31);
  auto prove = [&](size_t i) { return c.Prove(i, backend->get()); };
  ASSERT_TRUE(prove(0).ok());
  uint64_t key_bytes = (*backend)->resident_bytes();
  // Room for one key, its proof's working memory (bounded as the backend bounds it) and half a
  // key more.
  size_t n = 2048;
  uint64_t working = 4 * n * sizeof(DevFr) + MsmWorkingBytes(n);
  SetEmulatedDeviceBytes(key_bytes + working + key_bytes / 2);
  auto second = prove(1);
  EXPECT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ((*backend)->resident_keys(), 1u);
  auto first_again = prove(0);
  EXPECT_TRUE(first_again.ok()) << first_again.status().ToString();
  EXPECT_EQ((*backend)->resident_keys(), 1u);
  (*backend)->Evict();
  SetEmulatedDeviceBytes(key_bytes / 2);
  auto none = prove(0);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(none.status().message().find("even with its key streamed"), std::string::npos)
      << none.status().message();
  SetEmulatedDeviceBytes(0);
}
#endif

}  // namespace
}  // namespace cuzk::gpu
