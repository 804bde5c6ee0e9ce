// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device kernels, on data already in device memory (pointers from DeviceMemory), as one
// interface. A build links one implementation (LinkedKernels): CUDA's (cuda/kernels.cu: one kernel
// launch per step) with CUZK_CUDA, the host emulator's (emulated/kernels.cc: a parallel loop per
// step) in the emulated tests, none without CUDA (LinkedKernels says so). Both implementations
// are gpu/kernel_driver.h's DriverKernels over their executor, so a new kernel is a method here and
// its launch sequence there. Each call runs on the device's default stream and returns when the
// work is done; an error names the device and the step.
#pragma once

#include "base/status.h"
#include "gpu/msm_plan.h"
#include "gpu/msm_steps.h"
#include "gpu/ntt_steps.h"

namespace cuzk::gpu {

// The kernels of one implementation; stateless, shared by every device and thread.
class DeviceKernels {
 public:
  virtual ~DeviceKernels() = default;

  // Bit-reverses, then runs the log_n radix-2 stages, three per pass, with `twiddles` (omega^e or
  // omega^-e, e < n/2, in device memory): the transform without any 1/n.
  virtual Status Transform(int device, DevFr* values, unsigned log_n,
                           const PowerTables& twiddles) const = 0;
  // Multiplies values[i] by the tables' power i, i < n.
  virtual Status Scale(int device, DevFr* values, uint64_t n, const PowerTables& powers) const = 0;
  // Sets out[i] = a[i] * b[i], i < n (out may be a).
  virtual Status Multiply(int device, DevFr* out, const DevFr* a, const DevFr* b,
                          uint64_t n) const = 0;
  // Runs QuotientStep on every i < n.
  virtual Status Quotient(int device, DevFr* ab, const DevFr* c, uint64_t n,
                          const PowerTables& powers, const DevFr& c_scale) const = 0;
  // The MSM of n bases and scalars (Montgomery form), planned by `planner` for the count of
  // scalars that are neither 0 nor 1 (device buffers are sized by planner(n)): sets *plan to the
  // plan used, fills window_sums[0, plan->windows) (host memory, kMaxMsmWindows entries; the
  // result is sum_w 2^(c w) window_sums[w]) and *ones with the sum of the bases whose scalar is 1.
  virtual Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
                       MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums,
                       G1Xyzz* ones) const = 0;
};

// Returns the kernels this build links, or kUnavailable in a build without CUDA.
Result<const DeviceKernels*> LinkedKernels();

}  // namespace cuzk::gpu
