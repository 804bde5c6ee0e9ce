// SPDX-License-Identifier: Apache-2.0 OR MIT
// Prover backends in the engine: a failing device proof is retried on the CPU (the same proof)
// or, with gpu_only, fails naming the device; a fatal device error takes the device out of use;
// [gpus] without a usable device gives CPU workers; the engine runs one prover worker per backend
// and reports each one's device.
#include "engine/prover_backends.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <random>
#include <sstream>

#include "engine/engine.h"
#include "engine/kinds/porep_c2.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/registered_proof.h"
#include "gpu/runtime.h"
#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "groth16/prover.h"
#include "r1cs/shape.h"
#include "support/backend_proofs.h"
#include "support/test_circuits.h"

namespace cuzk::engine {
namespace {

using ff::Fr;

// A device that fails every proof.
class LostDevice final : public groth16::ProverBackend {
 public:
  std::string name() const override { return "fake-gpu:3"; }
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey&, groth16::ProverInput&,
                                         const groth16::ProverOptions&) override {
    ++calls;
    return Status(StatusCode::kUnavailable, "device lost");
  }
  std::optional<groth16::DeviceUsage> device() const override {
    return groth16::DeviceUsage{3, "Fake H200", 100, 40, ""};
  }
  void Release(const groth16::ProvingKey&) override { ++releases; }
  std::atomic<int> calls{0}, releases{0};
};

// A small random circuit, its key, and proofs of it with fixed r and s on a given backend.
struct SmallCircuit {
  testing::RandomCircuit circuit;
  groth16::ProvingKey pk;
  Fr r, s;

  SmallCircuit(size_t constraints, uint64_t seed) : circuit(constraints, 2, seed) {
    auto shape = r1cs::ShapeRecorder::Record(circuit);
    EXPECT_TRUE(shape.ok());
    auto key = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(seed), 2);
    EXPECT_TRUE(key.ok());
    pk = *key;
    std::mt19937_64 rng(seed);
    r = Fr::Random(rng);
    s = Fr::Random(rng);
  }

  Result<groth16::Proof> Prove(groth16::ProverBackend* backend) const {
    r1cs::ProvingAssignment pa;
    EXPECT_TRUE(pa.SynthesizeFrom(circuit).ok());
    return groth16::CreateProof(pk, pa, r, s, {.threads = 2, .backend = backend});
  }
  // The same through the compiled path: a compact input that the backend evaluates.
  Result<groth16::Proof> ProveCompact(groth16::ProverBackend* backend) const {
    ASSIGN_OR_RETURN(auto compact, testing::CompactProverInput::Of(circuit));
    return groth16::CreateProof(pk, compact->input, r, s, {.threads = 2, .backend = backend});
  }
};

TEST(FallbackBackendTest, RetriesOnTheCpuUnlessGpuOnly) {
  const SmallCircuit c(300, 7);
  auto prove = [&](groth16::ProverBackend* backend) { return c.Prove(backend); };
  auto want = prove(nullptr);
  ASSERT_TRUE(want.ok());

  auto lost = std::make_shared<LostDevice>();
  FallbackBackend fallback(lost, /*allow_cpu=*/true);
  auto retried = prove(&fallback);
  ASSERT_TRUE(retried.ok()) << retried.status().ToString();
  EXPECT_EQ(*retried, *want);
  EXPECT_EQ(lost->calls, 1);
  EXPECT_EQ(fallback.name(), "fake-gpu:3");
  EXPECT_EQ(fallback.device()->name, "Fake H200");
  fallback.Release(c.pk);  // reaches the device
  EXPECT_EQ(lost->releases, 1);

  FallbackBackend strict(lost, /*allow_cpu=*/false);
  auto failed = prove(&strict);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(failed.status().message().find("fake-gpu:3 failed (gpu_only): device lost"),
            std::string::npos)
      << failed.status().message();
}

// The same failure partition after partition (a device too small for the circuit) is one
// warning, then debug lines; another failure is a warning again.
TEST(FallbackBackendTest, LogsARepeatedFailureOnce) {
  const SmallCircuit c(100, 9);
  std::ostringstream log;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(log);
  sink->set_pattern("%l %v");
  auto capture = std::make_shared<spdlog::logger>("capture", sink);
  capture->set_level(spdlog::level::debug);
  auto previous = spdlog::default_logger();
  spdlog::set_default_logger(capture);
  auto lost = std::make_shared<LostDevice>();
  FallbackBackend fallback(lost, /*allow_cpu=*/true);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(c.Prove(&fallback).ok());
  spdlog::set_default_logger(previous);
  auto count = [&](const std::string& line) {
    size_t n = 0;
    for (size_t at = log.str().find(line); at != std::string::npos;
         at = log.str().find(line, at + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(count("warning fake-gpu:3 failed: device lost"), 1u) << log.str();
  EXPECT_EQ(count("debug fake-gpu:3 failed: device lost"), 2u) << log.str();
}

// A device whose every proof fails with `code`.
class FailingDevice final : public groth16::ProverBackend {
 public:
  explicit FailingDevice(StatusCode code) : code_(code) {}
  std::string name() const override { return "fake-gpu:1"; }
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey&, groth16::ProverInput&,
                                         const groth16::ProverOptions&) override {
    ++calls;
    return Status(code_, "launching MSM: cudaErrorIllegalAddress");
  }
  std::optional<groth16::DeviceUsage> device() const override {
    return groth16::DeviceUsage{1, "Fake RTX", 24, 20, ""};
  }
  std::atomic<int> calls{0};

 private:
  StatusCode code_;
};

// A fatal device error (kInternal) takes the device out of use: later partitions go straight to
// the CPU (or fail naming the fault with gpu_only) and device() reports the fault; running out
// of device memory (kUnavailable) does not.
TEST(FallbackBackendTest, AFatalDeviceErrorTakesTheDeviceOutOfUse) {
  const SmallCircuit c(200, 8);
  auto prove = [&](groth16::ProverBackend* backend) { return c.Prove(backend); };
  auto broken = std::make_shared<FailingDevice>(StatusCode::kInternal);
  FallbackBackend fallback(broken, /*allow_cpu=*/true);
  EXPECT_TRUE(fallback.device()->fault.empty());
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(prove(&fallback).ok());
  EXPECT_EQ(broken->calls, 1);  // only the first partition tried the device
  EXPECT_EQ(fallback.device()->fault, "launching MSM: cudaErrorIllegalAddress");

  auto broken_strict = std::make_shared<FailingDevice>(StatusCode::kInternal);
  FallbackBackend strict(broken_strict, /*allow_cpu=*/false);
  EXPECT_FALSE(prove(&strict).ok());
  auto later = prove(&strict);
  ASSERT_FALSE(later.ok());
  EXPECT_EQ(broken_strict->calls, 1);
  EXPECT_NE(later.status().message().find("out of use after a fatal error (gpu_only): launching "
                                          "MSM: cudaErrorIllegalAddress"),
            std::string::npos)
      << later.status().message();

  auto full = std::make_shared<FailingDevice>(StatusCode::kUnavailable);
  FallbackBackend transient(full, /*allow_cpu=*/true);
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(prove(&transient).ok());
  EXPECT_EQ(full->calls, 2);  // each partition tried the device again
  EXPECT_TRUE(transient.device()->fault.empty());
}

// A device that evaluates a compact input on the host, as the CUDA backend does, then fails.
class FailsAfterEvaluating final : public groth16::ProverBackend {
 public:
  std::string name() const override { return "fake-gpu:2"; }
  Result<groth16::QuerySums> ComputeSums(const groth16::ProvingKey&, groth16::ProverInput& input,
                                         const groth16::ProverOptions& options) override {
    RETURN_IF_ERROR(input.Evaluate(options));
    return Status(StatusCode::kUnavailable, "out of device memory");
  }
};

// A compact input is proved on the CPU after a device failed, whether the device had evaluated
// it (the CPU uses those a and b) or not (the CPU evaluates): the same proof either way.
TEST(FallbackBackendTest, RetriesACompactInputOnTheCpu) {
  const SmallCircuit c(300, 9);
  auto want = c.Prove(nullptr);
  ASSERT_TRUE(want.ok());
  for (std::shared_ptr<groth16::ProverBackend> device :
       {std::shared_ptr<groth16::ProverBackend>(std::make_shared<LostDevice>()),
        std::shared_ptr<groth16::ProverBackend>(std::make_shared<FailsAfterEvaluating>())}) {
    SCOPED_TRACE(device->name());
    FallbackBackend fallback(device, /*allow_cpu=*/true);
    auto retried = c.ProveCompact(&fallback);
    ASSERT_TRUE(retried.ok()) << retried.status().ToString();
    EXPECT_EQ(*retried, *want);
  }
}

TEST(MakeGpuBackendsTest, NoUsableDeviceGivesCpuWorkers) {
  GpuConfig off;
  off.enabled = false;
  EXPECT_TRUE(MakeGpuBackends(off).empty());
  GpuConfig missing;
  missing.devices = {999};
  EXPECT_TRUE(MakeGpuBackends(missing).empty());
  if (!gpu::ListDevices().ok()) {
    EXPECT_TRUE(MakeGpuBackends(GpuConfig{}).empty());
  }
}

TEST(EngineTest, RunsOneProverWorkerPerBackendAndReportsItsDevice) {
  auto lost = std::make_shared<LostDevice>();
  Engine::Config config;
  config.workers = 5;  // replaced by the backends' count
  config.backends = {lost, lost};
  config.memory_budget_bytes = uint64_t{1} << 30;
  config.make_work = [](const JobRequest&, const WorkContext&) -> Result<std::unique_ptr<JobWork>> {
    return Status::InvalidArgument("not used");
  };
  Engine engine(config);
  EngineStatus s = engine.GetStatus();
  EXPECT_EQ(s.workers, 2u);
  ASSERT_EQ(s.provers.size(), 2u);
  for (const ProverWorkerStatus& w : s.provers) {
    EXPECT_EQ(w.backend, "fake-gpu:3");
    ASSERT_TRUE(w.device.has_value());
    EXPECT_EQ(w.device->ordinal, 3u);
    EXPECT_TRUE(w.job_id.empty());
  }
  // Evicting a key from the cache releases it on every worker's backend.
  auto dir = std::filesystem::temp_directory_path() / ("cuzk-backends-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  testing::MimcCircuit mimc(Fr::FromUint64(3), 8);
  auto shape = r1cs::ShapeRecorder::Record(mimc);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(5), 2);
  ASSERT_TRUE(pk.ok());
  const filecoin::SectorShape porep_2k = filecoin::SealProofById(5)->shape;
  ASSERT_TRUE(groth16::WriteParams(*pk, PoRepParamsPath(dir.string(), porep_2k, "params")).ok());
  ASSERT_TRUE(
      groth16::WriteVerifyingKey(pk->vk, PoRepParamsPath(dir.string(), porep_2k, "vk")).ok());
  config.param_dir = dir.string();
  config.key_files = KeyFilesOfCircuit;
  {
    Engine with_keys(config);
    ASSERT_TRUE(with_keys.srs().Acquire("porep-2k").ok());
    EXPECT_EQ(lost->releases, 0);
    ASSERT_TRUE(with_keys.srs().Evict("porep-2k").ok());
    EXPECT_EQ(lost->releases, 2);  // once per worker; the second finds nothing left
  }
  std::filesystem::remove_all(dir);

  Engine::Config cpu;
  cpu.workers = 2;
  cpu.memory_budget_bytes = uint64_t{1} << 30;
  cpu.make_work = config.make_work;
  Engine cpu_engine(cpu);
  s = cpu_engine.GetStatus();
  ASSERT_EQ(s.provers.size(), 2u);
  EXPECT_EQ(s.provers[0].backend, "cpu");
  EXPECT_FALSE(s.provers[0].device.has_value());
}

}  // namespace
}  // namespace cuzk::engine
