// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device MSM's plan (window width, sort passes, fold segments), without host-only includes so
// that the CUDA sources can read it; gpu/host_plan.h chooses it (PlanMsm).
#pragma once

#include <cstddef>

#include "gpu/msm_steps.h"

namespace cuzk::gpu {

// How the device MSM cuts n scalars.
struct MsmPlan {
  unsigned window_bits = 0;       // c
  unsigned windows = 0;           // WindowCount(c)
  unsigned windows_per_pass = 0;  // windows sorted together (bounded by the sort's memory)
  unsigned log_segment = 0;       // log2 of buckets per FoldSegment thread
  // Returns the number of buckets per window (bucket b = 1..2^(c-1)).
  unsigned buckets() const { return 1u << (window_bits - 1); }
  // Returns the number of FoldSegment segments per window.
  unsigned segments() const { return buckets() >> log_segment; }
  // Returns the number of sort passes.
  unsigned passes() const { return (windows + windows_per_pass - 1) / windows_per_pass; }
};

// The most windows a plan can have (c = 1): the size of MsmG1's window-sum array.
inline constexpr unsigned kMaxMsmWindows = kMagnitudeBits + 1;

// Chooses the plan for a count of non-trivial scalars (gpu/host_plan.h's PlanMsm).
using MsmPlanner = MsmPlan (*)(size_t nontrivial);

// The most threads of the sum of the scalar-1 bases: 2^17 (512 blocks of 256) cover an H100's or
// H200's 132 SMs several times over; 8,192 (32 blocks, issue 46) left 100 of them idle.
inline constexpr uint64_t kMaxOnesThreads = uint64_t{1} << 17;

// Returns the threads that sum the scalar-1 bases of n scalars: chunks of at least 64, at most
// kMaxOnesThreads of them, a power of two (the halving tree's).
inline uint64_t OnesThreads(uint64_t n) {
  uint64_t threads = 1;
  while (threads < kMaxOnesThreads && threads * 64 < n) threads <<= 1;
  return threads;
}

// The most (key, value) pairs one sort pass holds: 2^28 pairs take 2 GiB with the sort's second
// buffer.
inline constexpr size_t kMaxPairsPerPass = size_t{1} << 28;

}  // namespace cuzk::gpu
