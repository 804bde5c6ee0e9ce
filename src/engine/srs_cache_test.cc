// SPDX-License-Identifier: Apache-2.0 OR MIT
// SrsCache eviction with several circuits: small (MiMC) proving keys written under the official
// file names of porep-2k, porep-8m and porep-512m, and a memory budget that holds two of them.
// The cache checks the files, not which circuit they belong to, so any valid keys do.
#include "engine/srs_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "engine/kinds/circuit_work.h"
#include "engine/kinds/porep_c2.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/registered_proof.h"
#include "groth16/generator.h"
#include "groth16/params_io.h"
#include "r1cs/shape.h"
#include "support/test_circuits.h"

namespace cuzk::engine {
namespace {

constexpr uint64_t MiB = uint64_t{1} << 20;

class SrsCacheEvictionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("cuzk-srs-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    testing::MimcCircuit circuit(ff::Fr::FromUint64(3), 16);
    auto shape = r1cs::ShapeRecorder::Record(circuit);
    ASSERT_TRUE(shape.ok());
    auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(5), 2);
    ASSERT_TRUE(pk.ok());
    for (uint64_t proof_id : {5, 6, 7}) {  // 2KiB, 8MiB, 512MiB V1_1
      std::string path =
          PoRepParamsPath(dir_.string(), filecoin::SealProofById(proof_id)->shape, "params");
      ASSERT_TRUE(groth16::WriteParams(*pk, path).ok());
      ASSERT_TRUE(groth16::WriteVerifyingKey(
                      pk->vk, PoRepParamsPath(dir_.string(),
                                              filecoin::SealProofById(proof_id)->shape, "vk"))
                      .ok());
      key_bytes_ = std::filesystem::file_size(path) / 12 * 13;  // the cache's estimate
    }
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::vector<std::string> Loaded(const SrsCache& cache) {
    std::vector<std::string> ids;
    for (const SrsInfo& info : cache.Loaded()) ids.push_back(info.circuit_id);
    return ids;
  }

  std::filesystem::path dir_;
  uint64_t key_bytes_ = 0;
};

TEST_F(SrsCacheEvictionTest, LoadingAThirdKeyEvictsTheLeastRecentlyUsedIdleOne) {
  MemoryBudget budget(2 * key_bytes_ + key_bytes_ / 2);  // room for two keys
  SrsCache cache(dir_.string(), KeyFilesOfCircuit, 2, &budget);
  ASSERT_TRUE(cache.Acquire("porep-2k").ok());
  ASSERT_TRUE(cache.Acquire("porep-8m").ok());
  ASSERT_TRUE(cache.Acquire("porep-2k").ok());  // 2k is now the more recently used
  // Loaded, a key holds what it takes (less than the file's estimate it reserved to load).
  const uint64_t resident = *cache.ResidentBytes("porep-2k");
  EXPECT_LT(resident, key_bytes_);
  EXPECT_EQ(budget.used(), 2 * resident);
  uint64_t load_ms = 1;
  ASSERT_TRUE(cache.Acquire("porep-512m", &load_ms).ok());
  EXPECT_EQ(Loaded(cache), (std::vector<std::string>{"porep-2k", "porep-512m"}));
  EXPECT_EQ(budget.used(), 2 * resident);
  ASSERT_TRUE(cache.Acquire("porep-2k", &load_ms).ok());
  EXPECT_EQ(load_ms, 0u);  // still resident
}

// The daemon once verified only against the key inside .params: a .params of another setup beside
// the real .vk gave proofs that failed against the .vk, and a missing .vk went unnoticed.
TEST_F(SrsCacheEvictionTest, TheVkMustExistAndBeTheParamsOwn) {
  auto shape = filecoin::SealProofById(5)->shape;
  std::string vk = PoRepParamsPath(dir_.string(), shape, "vk");
  std::filesystem::rename(vk, vk + ".away");
  SrsCache cache(dir_.string(), KeyFilesOfCircuit);
  auto missing = cache.Acquire("porep-2k");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("porep-2k: verifying key: "), std::string::npos)
      << missing.status().message();
  EXPECT_NE(missing.status().message().find(vk), std::string::npos) << missing.status().message();
  // The vk of another setup (seed 6 instead of 5).
  testing::MimcCircuit circuit(ff::Fr::FromUint64(3), 16);
  auto other = groth16::GenerateParameters(*r1cs::ShapeRecorder::Record(circuit),
                                           groth16::ToxicWaste::FromSeed(6), 2);
  ASSERT_TRUE(other.ok());
  ASSERT_TRUE(groth16::WriteVerifyingKey(other->vk, vk).ok());
  auto foreign = cache.Acquire("porep-2k");
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.status().message().find("are not the same key"), std::string::npos)
      << foreign.status().message();
  // A truncated .vk.
  std::filesystem::resize_file(vk, 100);
  EXPECT_FALSE(cache.Acquire("porep-2k").ok());
  std::filesystem::rename(vk + ".away", vk);
  EXPECT_TRUE(cache.Acquire("porep-2k").ok());
  EXPECT_TRUE(cache.Loaded().size() == 1);
}

// A job whose parameters and one partition cannot fit the budget together is refused before the
// parameters load (the 2KiB ones once loaded into a 2 GiB budget, and only then was the job
// refused).
TEST_F(SrsCacheEvictionTest, AJobThatCannotFitIsRefusedBeforeLoading) {
  SrsCache cache(dir_.string(), KeyFilesOfCircuit);
  auto make = [&](uint64_t budget) {
    return MakeCircuitWork(cache, "porep-2k", 1, /*partition_memory=*/MiB, budget, 1, nullptr,
                           [](uint32_t, AssignmentPtr) -> Result<SynthesizedPartition> {
                             return Status::InvalidArgument("not synthesized in this test");
                           });
  };
  auto refused = make(key_bytes_ + MiB - 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("of parameters (porep-2k) plus 1 MiB per partition"),
            std::string::npos)
      << refused.status().message();
  EXPECT_TRUE(cache.Loaded().empty());
  ASSERT_TRUE(make(key_bytes_ + MiB).ok());
  EXPECT_EQ(cache.Loaded().size(), 1u);
  EXPECT_EQ(*cache.ResidentBytes("porep-2k"), cache.Loaded()[0].size_bytes);
}

// [memory] eviction_min_idle: a key used more recently than that stays for other circuits.
TEST_F(SrsCacheEvictionTest, AKeyUsedWithinTheMinimumIdleTimeStays) {
  MemoryBudget budget(2 * key_bytes_ + key_bytes_ / 2);
  SrsCache cache(dir_.string(), KeyFilesOfCircuit, 2, &budget);
  cache.SetEvictionMinIdle(std::chrono::hours(1));
  ASSERT_TRUE(cache.Acquire("porep-2k").ok());
  EXPECT_EQ(cache.TryReserveEvicting("porep-8m", 2 * key_bytes_).bytes(), 0u);
  EXPECT_EQ(Loaded(cache), (std::vector<std::string>{"porep-2k"}));
  auto waited = cache.ReserveWaiting("porep-8m", 2 * key_bytes_, std::chrono::milliseconds(50));
  EXPECT_FALSE(waited.ok());
  cache.SetEvictionMinIdle(std::chrono::seconds(0));
  EXPECT_EQ(cache.TryReserveEvicting("porep-8m", 2 * key_bytes_).bytes(), 2 * key_bytes_);
  EXPECT_TRUE(cache.Loaded().empty());
}

TEST_F(SrsCacheEvictionTest, AKeyInUseIsNeverEvicted) {
  MemoryBudget budget(2 * key_bytes_ + key_bytes_ / 2);
  SrsCache cache(dir_.string(), KeyFilesOfCircuit, 2, &budget);
  auto held = cache.Acquire("porep-2k");  // a job holds it
  ASSERT_TRUE(held.ok());
  ASSERT_TRUE(cache.Acquire("porep-8m").ok());
  // Room for working memory the size of a key: only the idle 8m can give way.
  MemoryBudget::Reservation r = cache.TryReserveEvicting("porep-512m", key_bytes_);
  EXPECT_EQ(r.bytes(), key_bytes_);
  EXPECT_EQ(Loaded(cache), (std::vector<std::string>{"porep-2k"}));
  // Nothing idle is left: the next request gets nothing, and 2k stays.
  EXPECT_EQ(cache.TryReserveEvicting("porep-512m", key_bytes_).bytes(), 0u);
  EXPECT_EQ(Loaded(cache), (std::vector<std::string>{"porep-2k"}));
  EXPECT_FALSE(cache.Evict("porep-2k").ok());  // in use
  held = Result<std::shared_ptr<const groth16::ProvingKey>>(Status::InvalidArgument("released"));
  EXPECT_GT(*cache.Evict("porep-2k"), 0u);
  r = MemoryBudget::Reservation();
  EXPECT_EQ(budget.used(), 0u);
}

// A job cancelled while its key waits for memory (here held by another reservation) stops
// waiting within a tenth of a second; the key loads later for a caller that is not cancelled.
TEST_F(SrsCacheEvictionTest, ACancelledLoadStopsWaitingForMemory) {
  MemoryBudget budget(2 * key_bytes_);
  SrsCache cache(dir_.string(), KeyFilesOfCircuit, 2, &budget);
  MemoryBudget::Reservation held = budget.TryReserve(key_bytes_ + key_bytes_ / 2);
  ASSERT_GT(held.bytes(), 0u);
  CancelFlag cancel{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  auto start = std::chrono::steady_clock::now();
  auto key = cache.Acquire("porep-2k", nullptr, &cancel);
  auto waited = std::chrono::steady_clock::now() - start;
  canceller.join();
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.status().code(), StatusCode::kCancelled) << key.status().message();
  EXPECT_GE(waited, std::chrono::milliseconds(300));
  EXPECT_LT(waited, std::chrono::milliseconds(800));
  EXPECT_TRUE(Loaded(cache).empty());
  held = MemoryBudget::Reservation();
  EXPECT_TRUE(cache.Acquire("porep-2k", nullptr, &cancel).status().code() ==
              StatusCode::kCancelled);  // still cancelled: nothing is read
  EXPECT_TRUE(cache.Acquire("porep-2k").ok());
}

// Every evicted key goes through the release hook (where the engine's GPU backends free their
// device copies) while it is still alive and its budget still held, by LRU eviction and by Evict.
TEST_F(SrsCacheEvictionTest, EvictedKeysGoThroughTheReleaseHookFirst) {
  MemoryBudget budget(2 * key_bytes_ + key_bytes_ / 2);
  SrsCache cache(dir_.string(), KeyFilesOfCircuit, 2, &budget);
  std::vector<const groth16::ProvingKey*> released;
  std::vector<uint64_t> budget_used;
  cache.SetReleaseHook([&](const groth16::ProvingKey& pk) {
    released.push_back(&pk);
    budget_used.push_back(budget.used());
  });
  const groth16::ProvingKey* first = cache.Acquire("porep-2k")->get();
  const groth16::ProvingKey* second = cache.Acquire("porep-8m")->get();
  EXPECT_TRUE(released.empty());
  const uint64_t resident = *cache.ResidentBytes("porep-8m");
  ASSERT_TRUE(cache.Acquire("porep-512m").ok());  // evicts 2k, the least recently used
  ASSERT_EQ(released, (std::vector<const groth16::ProvingKey*>{first}));
  EXPECT_EQ(budget_used[0], 2 * resident);  // 2k's share is given back after the hook
  EXPECT_GT(*cache.Evict("porep-8m"), 0u);
  ASSERT_EQ(released, (std::vector<const groth16::ProvingKey*>{first, second}));
  EXPECT_EQ(budget.used(), resident);
  EXPECT_EQ(*cache.Evict("porep-8m"), 0u);  // not loaded: no second call
  EXPECT_EQ(released.size(), 2u);
}

}  // namespace
}  // namespace cuzk::engine
