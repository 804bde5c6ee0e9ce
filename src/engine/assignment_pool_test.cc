// SPDX-License-Identifier: Apache-2.0 OR MIT
// Idle synthesis buffers between jobs: the pool's budget accounting, the budget's reclaimer and
// waiters, and two jobs of a small circuit where the second synthesizes into the first's
// buffers and still proves (CircuitWork::Prove returns only verified proofs).
#include "engine/assignment_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "engine/kinds/circuit_work.h"
#include "groth16/generator.h"
#include "r1cs/shape.h"
#include "support/test_circuits.h"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;

AssignmentPtr FilledAssignment(size_t constraints) {
  auto a = PrepareAssignment(nullptr, constraints);
  EXPECT_GE(a->CapacityBytes(), 3 * constraints * sizeof(ff::Fr));
  return a;
}

TEST(AssignmentPoolTest, KeepsBySizeClassWithinBudgetAndLimit) {
  MemoryBudget budget(uint64_t{1} << 30);
  AssignmentPool pool(&budget, 2);
  AssignmentPtr a = FilledAssignment(1000), b = FilledAssignment(1000), c = FilledAssignment(10);
  uint64_t a_bytes = a->CapacityBytes();
  ASSERT_EQ(b->CapacityBytes(), a_bytes);
  ASSERT_TRUE(pool.Keep(std::move(a), 1));
  EXPECT_EQ(budget.used(), a_bytes);
  ASSERT_TRUE(pool.Keep(std::move(b), 1));
  uint64_t c_bytes = c->CapacityBytes();
  const r1cs::ProvingAssignment* c_ptr = c.get();
  ASSERT_TRUE(pool.Keep(std::move(c), 2));  // in place of the oldest (a): the pool holds 2
  EXPECT_EQ(pool.idle(), 2u);
  EXPECT_EQ(budget.used(), a_bytes + c_bytes);
  EXPECT_EQ(pool.Take(3), nullptr);  // no buffer of that class
  EXPECT_EQ(pool.Take(2).get(), c_ptr);
  AssignmentPtr got = pool.Take(1);
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(pool.Take(1), nullptr);  // a went when c came
  EXPECT_EQ(pool.idle(), 0u);
  EXPECT_EQ(pool.reused(), 2u);
  EXPECT_EQ(budget.used(), 0u);  // each taken buffer's share went with it
  ASSERT_TRUE(pool.Keep(std::move(got), 1));
  EXPECT_EQ(budget.used(), a_bytes);
  EXPECT_GT(pool.Drain(), 0u);
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(pool.idle(), 0u);
}

TEST(AssignmentPoolTest, IdleBuffersGiveWayToReservations) {
  AssignmentPtr a = FilledAssignment(4000);
  uint64_t bytes = a->CapacityBytes();
  MemoryBudget budget(bytes + bytes / 2);
  AssignmentPool pool(&budget, 4);
  budget.SetReclaimer([&] { return pool.Drain(); });
  ASSERT_TRUE(pool.Keep(std::move(a), 1));
  // Fits only once the idle buffer is freed: TryReserve, Reserve and ReserveFor all reclaim.
  MemoryBudget::Reservation r = budget.TryReserve(bytes);
  EXPECT_EQ(r.bytes(), bytes);
  EXPECT_EQ(pool.idle(), 0u);
  // Too little room left for another idle buffer: it is freed, not kept.
  EXPECT_FALSE(pool.Keep(FilledAssignment(4000), 1));
  r = MemoryBudget::Reservation();
  ASSERT_TRUE(pool.Keep(FilledAssignment(4000), 1));
  auto waited = budget.ReserveFor(bytes, 10ms);
  ASSERT_TRUE(waited.ok()) << waited.status().message();
  EXPECT_EQ(pool.idle(), 0u);
}

TEST(AssignmentPoolTest, NoIdleReservationWhileAReservationWaits) {
  MemoryBudget budget(100);
  auto held = budget.Reserve(80);
  ASSERT_TRUE(held.ok());
  std::atomic<bool> got{false};
  std::thread waiter([&] {
    auto r = budget.Reserve(50);
    got = true;
  });
  while (budget.TryReserveIdle(10).bytes() != 0) std::this_thread::sleep_for(1ms);
  // The waiter is registered: even what would fit is refused to idle memory.
  EXPECT_EQ(budget.TryReserveIdle(10).bytes(), 0u);
  EXPECT_FALSE(got);
  { MemoryBudget::Reservation drop = std::move(held).value(); }
  waiter.join();
  EXPECT_TRUE(got);
  EXPECT_EQ(budget.TryReserveIdle(10).bytes(), 10u);
}

// A job of `partitions` partitions of the cubic circuit; records the assignment each synthesis
// was handed.
std::unique_ptr<CircuitWork> CubicJob(uint32_t partitions,
                                      std::shared_ptr<const groth16::ProvingKey> pk,
                                      std::vector<const r1cs::ProvingAssignment*>* handed) {
  return std::make_unique<CircuitWork>(
      partitions, /*partition_memory=*/1 << 20, pk, "cubic", 1,
      [handed](uint32_t k, AssignmentPtr reuse) -> Result<SynthesizedPartition> {
        handed->push_back(reuse.get());
        testing::CubicCircuit circuit(ff::Fr::FromUint64(3 + k));
        SynthesizedPartition out;
        out.inputs = {circuit.Output()};
        out.assignment = PrepareAssignment(std::move(reuse), 8);
        RETURN_IF_ERROR(out.assignment->SynthesizeFrom(circuit));
        return out;
      });
}

TEST(AssignmentPoolTest, TheNextJobSynthesizesIntoAFinishedJobsBuffers) {
  testing::CubicCircuit circuit(ff::Fr::FromUint64(3));
  auto shape = r1cs::ShapeRecorder::Record(circuit);
  ASSERT_TRUE(shape.ok());
  auto pk = groth16::GenerateParameters(*shape, groth16::ToxicWaste::FromSeed(4), 1);
  ASSERT_TRUE(pk.ok());
  auto shared_pk = std::make_shared<const groth16::ProvingKey>(std::move(pk).value());
  MemoryBudget budget(uint64_t{1} << 30);
  AssignmentPool pool(&budget, 1);
  std::vector<const r1cs::ProvingAssignment*> first, second;
  auto job1 = CubicJob(2, shared_pk, &first);
  job1->UseAssignmentPool(&pool);
  for (uint32_t k = 0; k < 2; ++k) {
    auto s = job1->Synthesize(k, nullptr, nullptr);
    ASSERT_TRUE(s.ok()) << s.status().message();
    auto proof = job1->Prove(k, std::move(s).value(), nullptr, nullptr, nullptr);
    ASSERT_TRUE(proof.ok()) << proof.status().message();
  }
  EXPECT_EQ(first[0], nullptr);  // fresh
  EXPECT_NE(first[1], nullptr);  // partition 0's spare, within the job
  EXPECT_EQ(pool.idle(), 1u);    // partition 1's buffers, for the next job
  auto job2 = CubicJob(1, shared_pk, &second);
  job2->UseAssignmentPool(&pool);
  auto s = job2->Synthesize(0, nullptr, nullptr);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(second[0], first[1]);  // the same buffers, handed on
  EXPECT_EQ(pool.reused(), 1u);
  auto proof = job2->Prove(0, std::move(s).value(), nullptr, nullptr, nullptr);
  ASSERT_TRUE(proof.ok()) << proof.status().message();
}

}  // namespace
}  // namespace cuzk::engine
