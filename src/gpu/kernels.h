// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device kernels' launchers, on data already in device memory (pointers from DeviceMemory).
// Each call runs on the device's default stream and returns when the work is done; an error names
// the device and the step. Implemented by cuda/kernels_ntt.cu and cuda/kernels_msm.cu (the
// per-thread work is gpu/msm_steps.h and gpu/ntt_steps.h), else by no_cuda.cc.
#pragma once

#include "base/status.h"
#include "gpu/msm_plan.h"
#include "gpu/msm_steps.h"
#include "gpu/ntt_steps.h"

namespace cuzk::gpu::kernels {

// Bit-reverses, then runs the log_n radix-2 stages, three per pass, with `twiddles` (omega^e or
// omega^-e, e < n/2, in device memory): the transform without any 1/n.
Status Transform(int device, DevFr* values, unsigned log_n, const PowerTables& twiddles);
// Multiplies values[i] by the tables' power i, i < n.
Status Scale(int device, DevFr* values, uint64_t n, const PowerTables& powers);
// Sets out[i] = a[i] * b[i], i < n (out may be a).
Status Multiply(int device, DevFr* out, const DevFr* a, const DevFr* b, uint64_t n);
// Runs QuotientStep on every i < n.
Status Quotient(int device, DevFr* ab, const DevFr* c, uint64_t n, const PowerTables& powers,
                const DevFr& c_scale);

// The MSM of n bases and scalars (Montgomery form), planned by `planner` for the count of
// scalars that are neither 0 nor 1 (device buffers are sized by planner(n)): sets *plan to the
// plan used, fills window_sums[0, plan->windows) (host memory, kMaxMsmWindows entries; the
// result is sum_w 2^(c w) window_sums[w]) and *ones with the sum of the bases whose scalar is 1.
Status MsmG1(int device, const G1AffineDev* bases, const DevFr* scalars, size_t n,
             MsmPlanner planner, MsmPlan* plan, G1Xyzz* window_sums, G1Xyzz* ones);

}  // namespace cuzk::gpu::kernels
