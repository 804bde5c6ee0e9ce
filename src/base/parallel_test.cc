// SPDX-License-Identifier: Apache-2.0 OR MIT
// ParallelFor on the shared pool: every index exactly once for many splits, more chunks than
// workers, nested calls, and calls from several threads at once (which must not deadlock);
// RunTogether runs each of its tasks once, nested loops included.
#include "base/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "base/run_together.h"

namespace cuzk {
namespace {

// Runs ParallelFor and checks that each of [0, n) was visited once.
void ExpectEachIndexOnce(size_t n, size_t threads, size_t min_chunk) {
  std::vector<std::atomic<int>> seen(n);
  ParallelFor(
      n, threads,
      [&](size_t begin, size_t end) {
        ASSERT_LE(begin, end);
        for (size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
      },
      min_chunk);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(seen[i].load(), 1) << "n " << n << " index " << i;
}

TEST(ParallelForTest, VisitsEveryIndexOnce) {
  for (size_t n : {0, 1, 2, 7, 64, 1000, 4097}) {
    for (size_t threads : {0, 1, 2, 3, 16, 64}) {
      for (size_t min_chunk : {1, 5, 100}) ExpectEachIndexOnce(n, threads, min_chunk);
    }
  }
}

TEST(ParallelForTest, NestedCallsComplete) {
  std::atomic<size_t> total{0};
  ParallelFor(8, 8, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      ParallelFor(100, 4, [&](size_t b, size_t e) { total.fetch_add(e - b); });
    }
  });
  EXPECT_EQ(total.load(), 800u);
}

TEST(ParallelForTest, ConcurrentCallersEachGetTheirWorkDone) {
  std::vector<std::thread> callers;
  std::vector<size_t> sums(6);
  for (size_t c = 0; c < sums.size(); ++c) {
    callers.emplace_back([&, c] {
      for (int round = 0; round < 50; ++round) {
        std::atomic<size_t> sum{0};
        ParallelFor(1000, 3, [&](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i) sum.fetch_add(i);
        });
        sums[c] = sum.load();
      }
    });
  }
  for (auto& t : callers) t.join();
  for (size_t s : sums) EXPECT_EQ(s, 999u * 1000 / 2);
}

TEST(RunTogetherTest, RunsEachTaskOnceAndNestedLoopsComplete) {
  std::atomic<int> a{0}, b{0};
  std::atomic<size_t> nested{0};
  RunTogether({[&] { a.fetch_add(1); },
               [&] { ParallelFor(100, 4, [&](size_t s, size_t e) { nested.fetch_add(e - s); }); },
               [&] { b.fetch_add(2); }});
  EXPECT_EQ(a.load(), 1);
  EXPECT_EQ(b.load(), 2);
  EXPECT_EQ(nested.load(), 100u);
  RunTogether({});  // nothing to run
}

}  // namespace
}  // namespace cuzk
