// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cancellation latency, measured: how long a long computation runs on after another thread sets
// its cancel flag part of the way through. The times are relative to the computation's own
// uncancelled duration, so one bound holds on a fast machine and a slow one alike (the tests skip
// under the sanitizers, whose slowdown is too uneven).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

#include "base/cancel.h"
#include "support/sanitized.h"

namespace cuzk::testing {

// Runs `work` (which receives the flag to watch, or nullptr) uncancelled to time it (twice, after
// one warm-up run, keeping the shorter), then once per fraction f in `fractions` with the flag set
// after f of that duration, and expects each cancelled run to return within `bound` of the full
// duration after the flag was set (once of two tries; a run that ends before its flag is set is not
// counted, and most must be). A computation that only checks the flag between its phases runs
// on for the rest of a phase, a large share of the whole; one that checks inside them stops within
// milliseconds. Returns the longest latency seen, as a share of the full duration.
inline double ExpectCancelsWithin(const std::function<void(const CancelFlag*)>& work, double bound,
                                  const std::vector<double>& fractions) {
  using Clock = std::chrono::steady_clock;
  auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
  work(nullptr);
  double full = 1e30;
  for (int i = 0; i < 2; ++i) {
    auto start = Clock::now();
    work(nullptr);
    full = std::min(full, seconds(Clock::now() - start));
  }
  // One cancelled run: its latency as a share of `full`, or a negative value when it ended before
  // its flag was set (ran faster than timed: nothing to measure).
  auto cancelled_run = [&](double fraction) {
    CancelFlag flag{false};
    Clock::time_point set_at;
    auto start = Clock::now();
    std::thread setter([&] {
      std::this_thread::sleep_until(start + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(fraction * full)));
      set_at = Clock::now();
      flag.store(true);
    });
    work(&flag);
    auto end = Clock::now();
    setter.join();
    return end < set_at ? -1.0 : seconds(end - set_at) / full;
  };
  double worst = 0;
  size_t measured = 0;
  for (double fraction : fractions) {
    // A second try where the first ran over: one preemption of the test's thread by another
    // process must not fail it; a missing cancellation point fails both.
    double latency = cancelled_run(fraction);
    if (latency >= bound) latency = std::min(latency, cancelled_run(fraction));
    if (latency < 0) continue;
    ++measured;
    worst = std::max(worst, latency);
    EXPECT_LT(latency, bound) << "set at " << fraction << " of a " << full
                              << " s run, it ran on for " << latency * full << " s (twice)";
  }
  std::printf("cancel latency: at most %.1f%% of a %.3f s run (bound %.0f%%)\n", 100 * worst, full,
              100 * bound);
  EXPECT_GE(2 * measured, fractions.size())
      << "most runs finished before their flag was set: the timing is too noisy to judge";
  return worst;
}

}  // namespace cuzk::testing
