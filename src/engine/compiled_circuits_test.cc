// SPDX-License-Identifier: Apache-2.0 OR MIT
// CompiledCircuits: compiled once per circuit on a thread of its own, holding its share of the
// memory budget until dropped, not compiled when the budget has no room, and never holding up
// shutdown.
#include "engine/compiled_circuits.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "base/hex.h"
#include "r1cs/digest.h"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;

// A chain of `n` squarings, checking for cancellation every 1,000 steps.
CompiledCircuits::CircuitFn Chain(size_t n) {
  return [n]() -> Result<std::unique_ptr<r1cs::Circuit>> {
    return std::unique_ptr<r1cs::Circuit>(
        std::make_unique<r1cs::FunctionCircuit>([n](r1cs::ConstraintSystem& cs) {
          r1cs::Variable x = cs.Alloc(ff::Fr::FromUint64(3));
          for (size_t i = 0; i < n; ++i) {
            if (i % 1000 == 0 && cs.Cancelled()) return r1cs::SynthesisCancelled();
            r1cs::Variable y = cs.Alloc(ff::Fr::FromUint64(9));
            cs.Enforce(r1cs::LinearCombination::Of(x), r1cs::LinearCombination::Of(x),
                       r1cs::LinearCombination::Of(y));
            x = y;
          }
          return Status::Ok();
        }));
  };
}

// Polls until `id` is compiled (or 20 s pass).
std::shared_ptr<const r1cs::CompiledCircuit> AwaitCompiled(
    CompiledCircuits& cc, const std::string& id, const CompiledCircuits::CircuitFn& make,
    uint64_t rows, std::string_view reference = {}, std::string_view fingerprint = {}) {
  for (int i = 0; i < 2000; ++i) {
    if (auto c = cc.GetOrStartCompiling(id, make, rows, reference, fingerprint)) return c;
    std::this_thread::sleep_for(10ms);
  }
  return nullptr;
}

// Returns the R1CS digest of the circuit `make` returns, in hex.
std::string DigestOf(const CompiledCircuits::CircuitFn& make) {
  auto circuit = make();
  if (!circuit.ok()) return "";
  auto d = r1cs::DigestCircuit(**circuit);
  return d.ok() ? d->Hex() : "";
}

TEST(CompiledCircuitsTest, CompilesOnceInTheBackgroundAndHoldsItsBudgetUntilDroppedUnused) {
  MemoryBudget budget(uint64_t{1} << 30);
  CompiledCircuits cc(&budget);
  size_t rows = 10'000;
  EXPECT_EQ(cc.GetOrStartCompiling("chain", Chain(rows), rows), nullptr);  // started
  auto compiled = AwaitCompiled(cc, "chain", Chain(rows), rows);
  ASSERT_NE(compiled, nullptr);
  EXPECT_EQ(compiled->num_constraints(), rows + 1);  // and ONE's input constraint
  EXPECT_EQ(cc.GetOrStartCompiling("chain", Chain(rows), rows), compiled);  // the same one
  EXPECT_EQ(budget.used(), CompiledCircuits::EstimatedBytes(rows));
  ASSERT_EQ(cc.Ready().size(), 1u);
  EXPECT_EQ(cc.Ready()[0].circuit_id, "chain");
  // Held (by partitions, here by the test): dropping it would free nothing, so it stays.
  EXPECT_EQ(cc.Drop(), 0u);
  EXPECT_EQ(cc.Ready().size(), 1u);
  compiled.reset();
  EXPECT_EQ(cc.Drop(), CompiledCircuits::EstimatedBytes(rows));
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_TRUE(cc.Ready().empty());
  // Dropped for lack of memory: not compiled again at once.
  EXPECT_EQ(cc.GetOrStartCompiling("chain", Chain(rows), rows), nullptr);
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(cc.Ready().empty());
}

TEST(CompiledCircuitsTest, UsedOnlyWithTheReferenceDigestOrWithoutOne) {
  size_t rows = 2'000;
  std::string digest = DigestOf(Chain(rows));
  ASSERT_EQ(digest.size(), 64u);
  CompiledCircuits cc(nullptr);
  auto checked = AwaitCompiled(cc, "checked", Chain(rows), rows, digest);
  ASSERT_NE(checked, nullptr);
  ASSERT_TRUE(checked->digest.has_value());
  EXPECT_EQ(checked->digest->Hex(), digest);
  auto unchecked = AwaitCompiled(cc, "unchecked", Chain(rows), rows);
  ASSERT_NE(unchecked, nullptr);
  auto ready = cc.Ready();
  ASSERT_EQ(ready.size(), 2u);
  EXPECT_EQ(ready[0].circuit_id, "checked");
  EXPECT_EQ(ready[0].r1cs_digest, digest);
  EXPECT_TRUE(ready[0].digest_checked);
  EXPECT_EQ(ready[1].r1cs_digest, digest);
  EXPECT_FALSE(ready[1].digest_checked);
}

// With the compiled form's fingerprint pinned beside the reference, the digest is the reference
// (nothing hashed) when the fingerprint matches; when it does not, the circuit is compiled again,
// hashing, and used if its digest is the reference after all.
TEST(CompiledCircuitsTest, TakesTheDigestFromAPinnedFingerprint) {
  size_t rows = 2'000;
  std::string digest = DigestOf(Chain(rows));
  auto hashed = r1cs::CompileCircuit(**Chain(rows)(), {.digest = true});
  ASSERT_TRUE(hashed.ok());
  std::string fingerprint = ToHex(r1cs::CompiledFingerprint(*hashed));
  CompiledCircuits cc(nullptr);
  auto pinned = AwaitCompiled(cc, "pinned", Chain(rows), rows, digest, fingerprint);
  ASSERT_NE(pinned, nullptr);
  ASSERT_TRUE(pinned->digest.has_value());
  EXPECT_TRUE(*pinned->digest == *hashed->digest);
  auto other = r1cs::CompileCircuit(**Chain(rows + 1)());
  ASSERT_TRUE(other.ok());
  std::string stale = ToHex(r1cs::CompiledFingerprint(*other));
  auto rehashed = AwaitCompiled(cc, "stale", Chain(rows), rows, digest, stale);
  ASSERT_NE(rehashed, nullptr);
  EXPECT_EQ(rehashed->digest->Hex(), digest);
  for (const CompiledInfo& info : cc.Ready()) EXPECT_TRUE(info.digest_checked) << info.circuit_id;
}

// One whose digest is not the reference is never handed out, and not compiled again.
TEST(CompiledCircuitsTest, RefusesACircuitWhoseDigestIsNotTheReference) {
  size_t rows = 2'000;
  std::string other = DigestOf(Chain(rows + 1));
  ASSERT_EQ(other.size(), 64u);
  MemoryBudget budget(uint64_t{1} << 30);
  CompiledCircuits cc(&budget);
  std::atomic<int> made{0};
  auto make = [&made, rows]() {
    ++made;
    return Chain(rows)();
  };
  EXPECT_EQ(cc.GetOrStartCompiling("wrong", make, rows, other), nullptr);
  // Refused: its reservation goes with it.
  for (int i = 0; i < 2000 && budget.used() != 0; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(budget.used(), 0u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(cc.GetOrStartCompiling("wrong", make, rows, other), nullptr);
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_EQ(made.load(), 1);
  EXPECT_TRUE(cc.Ready().empty());
}

// A temporary folder for kept circuits.
class KeptCircuitsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("compiled_circuits_test." + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Compiles or reads back "chain" in a fresh CompiledCircuits kept in dir_, and waits until
  // the compiled one is kept (written after it is handed out).
  CompiledInfo Get(size_t rows, std::string_view reference) {
    CompiledCircuits cc(nullptr, dir_.string());
    auto compiled = AwaitCompiled(cc, "chain", Chain(rows), rows, reference);
    EXPECT_NE(compiled, nullptr);
    for (int i = 0; i < 2000 && !std::filesystem::exists(file()); ++i) {
      std::this_thread::sleep_for(10ms);
    }
    auto ready = cc.Ready();
    return ready.empty() ? CompiledInfo{} : ready[0];
  }
  std::filesystem::path file() const { return dir_ / "cuzk-compiled-chain.bin"; }

  std::filesystem::path dir_;
};

TEST_F(KeptCircuitsTest, KeptOnceCompiledAndReadBackByTheNextProcess) {
  size_t rows = 2'000;
  std::string digest = DigestOf(Chain(rows));
  CompiledInfo first = Get(rows, digest);
  EXPECT_FALSE(first.read_back);
  EXPECT_TRUE(first.digest_checked);
  ASSERT_TRUE(std::filesystem::exists(file()));
  CompiledInfo second = Get(rows, digest);
  EXPECT_TRUE(second.read_back);
  EXPECT_TRUE(second.digest_checked);
  EXPECT_EQ(second.r1cs_digest, digest);
  EXPECT_GT(second.size_bytes, 0u);
  EXPECT_LE(second.size_bytes, first.size_bytes);  // read back to size, not to the reservation
  // Without a reference it is read back as well (its shape is the circuit's).
  EXPECT_TRUE(Get(rows, "").read_back);
}

TEST_F(KeptCircuitsTest, ACorruptOrAnotherCircuitsFileIsCompiledOver) {
  size_t rows = 2'000;
  std::string digest = DigestOf(Chain(rows));
  std::ofstream(file()) << "not a compiled circuit";
  CompiledInfo info = Get(rows, digest);
  EXPECT_FALSE(info.read_back);  // compiled, and written over the garbage
  EXPECT_TRUE(Get(rows, digest).read_back);
  // Another circuit's (a longer chain's) under this id: its digest is not the reference, and
  // without a reference its shape is not the circuit's.
  std::filesystem::remove(file());
  EXPECT_FALSE(Get(rows + 1, "").read_back);
  EXPECT_FALSE(Get(rows, digest).read_back);
  std::filesystem::remove(file());
  EXPECT_FALSE(Get(rows + 1, "").read_back);
  EXPECT_FALSE(Get(rows, "").read_back);
}

TEST(CompiledCircuitsTest, NotCompiledWithoutRoomInTheBudget) {
  MemoryBudget budget(1000);
  CompiledCircuits cc(&budget);
  EXPECT_EQ(cc.GetOrStartCompiling("chain", Chain(100), 100'000), nullptr);
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(cc.Ready().empty());
  EXPECT_EQ(budget.used(), 0u);
}

TEST(CompiledCircuitsTest, ShutdownStopsACompilationInProgress) {
  auto start = std::chrono::steady_clock::now();
  {
    CompiledCircuits cc(nullptr);
    EXPECT_EQ(cc.GetOrStartCompiling("long", Chain(size_t{1} << 40), 1), nullptr);
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

}  // namespace
}  // namespace cuzk::engine
