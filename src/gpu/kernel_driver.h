// SPDX-License-Identifier: Apache-2.0 OR MIT
// The launch sequence of every DeviceKernels call (gpu/kernels.h), written once over an executor:
// CUDA's (cuda/exec.cuh: one kernel launch per ForEach, CUB's radix sort and scan) or the host
// emulator's (emulated/kernels.cc: a parallel loop per ForEach, a stable sort as CUB's), so that
// make test runs the very sequence the GPU runs, index arithmetic included, without a GPU.
// DriverKernels, at the end, is the DeviceKernels of an executor type. An executor offers:
//   static Result<Exec> Select(int device);  // the executor of `device`, made current
//   int device;
//   template <class F> Status ForEach(uint64_t n, const char* step, F f);  // f(i), i < n
//   Status SortPairs(DeviceMemory& scratch, const uint32_t* keys_in, uint32_t* keys_out,
//                    const uint32_t* values_in, uint32_t* values_out, uint64_t count,
//                    unsigned key_bits);  // by key; scratch is the executor's to size
//   Status ExclusiveSum(DeviceMemory& scratch, const uint32_t* in, uint32_t* out,
//                       uint64_t count);  // out[i] = in[0] + ... + in[i - 1]
// ForEach's f is one of the function objects of gpu/ntt_steps.h and gpu/msm_steps.h, whose
// CUZK_HD call operators nvcc compiles for the device.
#pragma once

#include <algorithm>
#include <string>

#include "base/status.h"
#include "gpu/hd.h"
#include "gpu/kernels.h"
#include "gpu/msm_plan.h"
#include "gpu/ntt_steps.h"
#include "gpu/runtime.h"

namespace cuzk::gpu::driver {

// Runs NTT stages [stage, stage + kStages) as one pass of RadixStep<kStages>.
template <unsigned kStages, typename Exec>
Status RadixStages(Exec& exec, DevFr* values, unsigned stage, unsigned log_n,
                   const PowerTables& twiddles) {
  static_assert(kStages >= 1 && kStages <= kMaxStagesPerStep);
  return exec.ForEach((uint64_t{1} << log_n) >> kStages, "NTT butterfly stages",
                      RadixPass<kStages>{values, stage, log_n, twiddles});
}

template <typename Exec>
Status Transform(Exec& exec, DevFr* values, unsigned log_n, const PowerTables& twiddles) {
  uint64_t n = uint64_t{1} << log_n;
  RETURN_IF_ERROR(exec.ForEach(n, "NTT bit reversal", BitReversePass{values, log_n}));
  for (unsigned s = 0; s < log_n;) {
    unsigned count = std::min(kMaxStagesPerStep, log_n - s);
    switch (count) {
      case 3:
        RETURN_IF_ERROR(RadixStages<3>(exec, values, s, log_n, twiddles));
        break;
      case 2:
        RETURN_IF_ERROR(RadixStages<2>(exec, values, s, log_n, twiddles));
        break;
      default:
        RETURN_IF_ERROR(RadixStages<1>(exec, values, s, log_n, twiddles));
    }
    s += count;
  }
  return Status::Ok();
}

template <typename Exec>
Status Scale(Exec& exec, DevFr* values, uint64_t n, const PowerTables& powers) {
  return exec.ForEach(n, "NTT scaling", ScalePass{values, powers});
}

template <typename Exec>
Status Multiply(Exec& exec, DevFr* out, const DevFr* a, const DevFr* b, uint64_t n) {
  return exec.ForEach(n, "pointwise product", MultiplyPass{out, a, b});
}

template <typename Exec>
Status Quotient(Exec& exec, DevFr* ab, const DevFr* c, uint64_t n, const PowerTables& powers,
                const DevFr& c_scale) {
  return exec.ForEach(n, "quotient step", QuotientPass{ab, c, powers, c_scale});
}

// The MSM's device buffers: the sort's pairs, the bucket ranges, the buckets, the folds, a pass's
// window sums, the indices of the non-trivial scalars, and the sort's and the scan's scratch.
struct MsmPassBuffers {
  DeviceMemory keys_in, keys_out, values_in, values_out, start, end, buckets, acc, sums, pass_sums,
      selected, scratch;
};

// Writes the indices of the scalars that are neither 0 nor 1, in order, to m.selected (their
// class flags and its exclusive sum pass through m.keys_in and m.keys_out, which hold n values);
// returns their count. A Filecoin witness is mostly bits, so the passes then sort a tenth of the
// pairs they would sort with every scalar in them.
template <typename Exec>
Result<uint64_t> SelectNontrivial(Exec& exec, const DevFr* scalars, uint64_t n, MsmPassBuffers& m) {
  uint32_t* flags = m.keys_in.as<uint32_t>();
  uint32_t* positions = m.keys_out.as<uint32_t>();
  uint32_t* selected = m.selected.as<uint32_t>();
  RETURN_IF_ERROR(exec.ForEach(n, "MSM scalar classes", ClassifyPass{scalars, flags}));
  RETURN_IF_ERROR(exec.ExclusiveSum(m.scratch, flags, positions, n));
  RETURN_IF_ERROR(
      exec.ForEach(n, "MSM non-trivial indices", CompactPass{flags, positions, selected}));
  uint32_t last_position = 0, last_flag = 0;
  RETURN_IF_ERROR(m.keys_out.Download(&last_position, 4, (n - 1) * 4));
  RETURN_IF_ERROR(m.keys_in.Download(&last_flag, 4, (n - 1) * 4));
  return uint64_t{last_position} + last_flag;
}

// One pass of the MSM over windows [w0, w0 + count) of the `selected` (non-trivial) scalars:
// digits, sort, ranges, buckets, folds and the pass's window sums (in pass_sums).
template <typename Exec>
Status MsmPass(Exec& exec, const G1AffineDev* bases, const DevFr* scalars, uint64_t selected_count,
               const MsmPlan& plan, unsigned w0, unsigned count, unsigned key_bits,
               MsmPassBuffers& m) {
  unsigned c = plan.window_bits;
  uint64_t n = selected_count;
  uint32_t* keys_in = m.keys_in.as<uint32_t>();
  uint32_t* values_in = m.values_in.as<uint32_t>();
  const uint32_t* selected = m.selected.as<const uint32_t>();
  RETURN_IF_ERROR(exec.ForEach(n, "MSM digits",
                               DigitsPass{scalars, selected, keys_in, values_in, n, c, w0, count}));
  uint64_t pairs = n * count;
  const uint32_t* keys = m.keys_out.as<const uint32_t>();
  const uint32_t* values = m.values_out.as<const uint32_t>();
  RETURN_IF_ERROR(exec.SortPairs(m.scratch, keys_in, m.keys_out.as<uint32_t>(), values_in,
                                 m.values_out.as<uint32_t>(), pairs, key_bits));
  RETURN_IF_ERROR(m.start.Zero(m.start.size()));
  RETURN_IF_ERROR(m.end.Zero(m.end.size()));
  uint32_t* start = m.start.as<uint32_t>();
  uint32_t* end = m.end.as<uint32_t>();
  RETURN_IF_ERROR(exec.ForEach(pairs, "MSM bucket ranges", RangesPass{keys, pairs, start, end}));
  unsigned buckets_per_window = plan.buckets();
  G1Xyzz* buckets = m.buckets.as<G1Xyzz>();
  RETURN_IF_ERROR(
      exec.ForEach(uint64_t{count} * buckets_per_window, "MSM bucket accumulation",
                   AccumulatePass{bases, values, start, end, buckets, buckets_per_window, c}));
  unsigned segments = plan.segments(), length = 1u << plan.log_segment;
  G1Xyzz* acc = m.acc.as<G1Xyzz>();
  G1Xyzz* sums = m.sums.as<G1Xyzz>();
  RETURN_IF_ERROR(exec.ForEach(uint64_t{count} * segments, "MSM bucket folding",
                               FoldPass{buckets, acc, sums, buckets_per_window, segments, length}));
  for (unsigned level = 0; (2u << level) <= segments; ++level) {
    RETURN_IF_ERROR(exec.ForEach(uint64_t{count} * (segments >> (level + 1)), "MSM segment merges",
                                 MergeSegmentsPass{acc, sums, segments, plan.log_segment, level}));
  }
  G1Xyzz* out = m.pass_sums.as<G1Xyzz>();
  return exec.ForEach(count, "MSM window sums", WindowSumsPass{acc, out, segments});
}

// The sum of the bases whose scalar is 1: chunks of at least 64 summed side by side, then halved
// in place (a tree, log2(threads) launches); leaves it in partial's first element.
template <typename Exec>
Status MsmOnes(Exec& exec, const G1AffineDev* bases, const DevFr* scalars, uint64_t n,
               DeviceMemory& partial_memory) {
  uint64_t threads = OnesThreads(n);
  uint64_t chunk = (n + threads - 1) / threads;
  ASSIGN_OR_RETURN(partial_memory, DeviceMemory::Allocate(exec.device, threads * sizeof(G1Xyzz),
                                                          "MSM scalar-1 sums"));
  G1Xyzz* partial = partial_memory.as<G1Xyzz>();
  RETURN_IF_ERROR(exec.ForEach(threads, "MSM sum of scalar-1 bases",
                               OnesPass{bases, scalars, partial, n, chunk}));
  for (uint64_t half = threads / 2; half >= 1; half /= 2) {
    RETURN_IF_ERROR(exec.ForEach(half, "MSM reduction", HalvingPass{partial, half}));
  }
  return Status::Ok();
}

// The passes over the `selected` non-trivial scalars (m.selected), as many windows per pass as
// m's `pairs` pair slots hold; fills window_sums[0, plan.windows).
template <typename Exec>
Status MsmPasses(Exec& exec, const G1AffineDev* bases, const DevFr* scalars, uint64_t selected,
                 uint64_t pairs, const MsmPlan& plan, G1Xyzz* window_sums, MsmPassBuffers& m) {
  int device = exec.device;
  unsigned per_pass = static_cast<unsigned>(std::min<uint64_t>(plan.windows, pairs / selected));
  uint64_t keys_per_pass = uint64_t{per_pass} << plan.window_bits;
  uint64_t bucket_count = uint64_t{per_pass} * plan.buckets();
  uint64_t segment_count = uint64_t{per_pass} * plan.segments();
  unsigned key_bits = plan.window_bits;
  while ((uint64_t{1} << key_bits) < keys_per_pass) ++key_bits;
  ASSIGN_OR_RETURN(m.start, DeviceMemory::Allocate(device, keys_per_pass * 4, "MSM ranges"));
  ASSIGN_OR_RETURN(m.end, DeviceMemory::Allocate(device, keys_per_pass * 4, "MSM ranges"));
  ASSIGN_OR_RETURN(m.buckets,
                   DeviceMemory::Allocate(device, bucket_count * sizeof(G1Xyzz), "MSM buckets"));
  ASSIGN_OR_RETURN(m.acc,
                   DeviceMemory::Allocate(device, segment_count * sizeof(G1Xyzz), "MSM folds"));
  ASSIGN_OR_RETURN(m.sums,
                   DeviceMemory::Allocate(device, segment_count * sizeof(G1Xyzz), "MSM folds"));
  ASSIGN_OR_RETURN(m.pass_sums,
                   DeviceMemory::Allocate(device, per_pass * sizeof(G1Xyzz), "MSM windows"));
  for (unsigned w0 = 0; w0 < plan.windows; w0 += per_pass) {
    unsigned count = std::min(per_pass, plan.windows - w0);
    RETURN_IF_ERROR(MsmPass(exec, bases, scalars, selected, plan, w0, count, key_bits, m));
    RETURN_IF_ERROR(m.pass_sums.Download(window_sums + w0, count * sizeof(G1Xyzz)));
  }
  return Status::Ok();
}

template <typename Exec>
Status MsmG1(Exec& exec, const G1AffineDev* bases, const DevFr* scalars, size_t n,
             MsmPlanner planner, MsmPlan* plan_used, G1Xyzz* window_sums, G1Xyzz* ones) {
  *ones = G1Xyzz::Infinity();
  for (unsigned w = 0; w < kMaxMsmWindows; ++w) window_sums[w] = G1Xyzz::Infinity();
  *plan_used = planner(n);
  if (n == 0) return Status::Ok();
  if (n >= kNegativeBit) return Status::InvalidArgument("MSM of 2^31 points or more");
  int device = exec.device;
  // The pair buffers hold n * planner(n).windows_per_pass pairs (at least n, for
  // SelectNontrivial's flags); with fewer non-trivial scalars, a pass takes more windows at once.
  {  // the passes' buffers, freed before the scalar-1 sums allocate (MsmWorkingBytes)
    uint64_t pairs = uint64_t{n} * plan_used->windows_per_pass;
    MsmPassBuffers m;
    ASSIGN_OR_RETURN(m.keys_in, DeviceMemory::Allocate(device, pairs * 4, "MSM sort keys"));
    ASSIGN_OR_RETURN(m.keys_out, DeviceMemory::Allocate(device, pairs * 4, "MSM sort keys"));
    ASSIGN_OR_RETURN(m.values_in, DeviceMemory::Allocate(device, pairs * 4, "MSM sort values"));
    ASSIGN_OR_RETURN(m.values_out, DeviceMemory::Allocate(device, pairs * 4, "MSM sort values"));
    ASSIGN_OR_RETURN(m.selected, DeviceMemory::Allocate(device, uint64_t{n} * 4, "MSM indices"));
    ASSIGN_OR_RETURN(uint64_t selected, SelectNontrivial(exec, scalars, n, m));
    // The window width suits the scalars that go through the buckets, not the trivial ones.
    MsmPlan plan = planner(selected);
    if (plan.windows > kMaxMsmWindows || plan.window_bits < 1 || plan.window_bits > 16) {
      return Status::InvalidArgument("MSM plan of " + std::to_string(plan.windows) +
                                     " windows of " + std::to_string(plan.window_bits) + " bits");
    }
    *plan_used = plan;
    if (selected > 0) {
      RETURN_IF_ERROR(MsmPasses(exec, bases, scalars, selected, pairs, plan, window_sums, m));
    }
  }
  DeviceMemory partial;
  RETURN_IF_ERROR(MsmOnes(exec, bases, scalars, n, partial));
  return partial.Download(ones, sizeof(G1Xyzz));
}

}  // namespace cuzk::gpu::driver

namespace cuzk::gpu {

// The DeviceKernels of executor type Exec: each call selects the device's executor and runs the
// launch sequence above.
template <typename Exec>
class DriverKernels final : public DeviceKernels {
 public:
  Status Transform(int device, DevFr* values, unsigned log_n,
                   const PowerTables& twiddles) const override {
    ASSIGN_OR_RETURN(Exec exec, Exec::Select(device));
    return driver::Transform(exec, values, log_n, twiddles);
  }
  Status Scale(int device, DevFr* values, uint64_t n, const PowerTables& powers) const override {
    ASSIGN_OR_RETURN(Exec exec, Exec::Select(device));
    return driver::Scale(exec, values, n, powers);
  }
  Status Multiply(int device, DevFr* out, const DevFr* a, const DevFr* b,
                  uint64_t n) const override {
    ASSIGN_OR_RETURN(Exec exec, Exec::Select(device));
    return driver::Multiply(exec, out, a, b, n);
  }
  Status Quotient(int device, DevFr* ab, const DevFr* c, uint64_t n, const PowerTables& powers,
                  const DevFr& c_scale) const override {
    ASSIGN_OR_RETURN(Exec exec, Exec::Select(device));
    return driver::Quotient(exec, ab, c, n, powers, c_scale);
  }
  Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
               MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums,
               G1Xyzz* ones) const override {
    ASSIGN_OR_RETURN(Exec exec, Exec::Select(device));
    return driver::MsmG1(exec, bases, scalars, n, planner, plan, window_sums, ones);
  }
};

}  // namespace cuzk::gpu
