// SPDX-License-Identifier: Apache-2.0 OR MIT
// The device's MSM, NTT and quotient with src/ff and src/ec types: uploads, conversions, and the
// host's last steps (the window sums' Horner fold). The CUDA backend and the `gpu` tests use them;
// in a build without CUDA every call returns kUnavailable.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "ec/g1.h"
#include "ff/fr.h"
#include "gpu/host_plan.h"
#include "gpu/kernels.h"
#include "gpu/runtime.h"

namespace cuzk::gpu {

// G1 bases converted to the device form and uploaded once (a proving key's resident queries).
class DeviceBases {
 public:
  // Converts and uploads `bases` (in chunks, on `threads` host threads; 0 = all); `what` names
  // them in errors.
  static Result<DeviceBases> Upload(int device, std::span<const ec::G1Affine> bases,
                                    const std::string& what, size_t threads = 0);
  // Allocates room for `capacity` bases and holds none yet (a streamed key's chunk buffer, which
  // Load fills); `what` names them in errors.
  static Result<DeviceBases> Allocate(int device, size_t capacity, const std::string& what);
  // Converts and uploads `bases` over what the buffer held (at most its capacity), on `threads`
  // host threads (0 = all).
  Status Load(std::span<const ec::G1Affine> bases, size_t threads = 0);
  // Converts `bases` into `staging` (pinned, as large as the buffer) and queues their copy over
  // what the buffer held on `copies`, which must be synchronized before the bases are used.
  Status LoadAsync(std::span<const ec::G1Affine> bases, PinnedHostMemory& staging,
                   CopyStream& copies, size_t threads = 0);
  // Uploads `count` bases that cycle through `pattern` (for benchmarks of sizes whose distinct
  // points would take long to make: an MSM's cost does not depend on the bases' values).
  static Result<DeviceBases> Repeat(int device, std::span<const ec::G1Affine> pattern, size_t count,
                                    const std::string& what);
  // Returns the device array.
  const G1AffineDev* data() const { return memory_.as<const G1AffineDev>(); }
  // Returns the number of bases.
  size_t size() const { return count_; }
  // Returns how many bases the device memory holds room for.
  size_t capacity() const { return memory_.size() / sizeof(G1AffineDev); }
  // Returns the device bytes held.
  uint64_t bytes() const { return memory_.size(); }
  // Returns the device the bases live on.
  int device() const { return memory_.device(); }

 private:
  DeviceMemory memory_;
  size_t count_ = 0;
};

// Returns sum_w 2^(c w) window_sums[w] + ones, folded on the host by Horner's rule.
ec::G1 FinishMsm(std::span<const G1Xyzz> window_sums, const G1Xyzz& ones, unsigned c);

// Returns an upper bound of the device memory an MSM of n points allocates besides its bases and
// scalars: the sort's keys and values (twice) and scratch, the ranges, buckets and folds.
uint64_t MsmWorkingBytes(size_t n);

// Returns sum scalars[i] bases[i] over the first n bases, the scalars already on the device;
// `planner` chooses the window width and the windows per sort pass (tests force several passes).
Result<ec::G1> MsmG1(const DeviceBases& bases, const DevFr* device_scalars, size_t n,
                     MsmPlanner planner = &PlanMsm);
// Returns sum scalars[i] bases[i] over the first scalars.size() bases, uploading the scalars.
Result<ec::G1> MsmG1(const DeviceBases& bases, std::span<const ff::Fr> scalars,
                     MsmPlanner planner = &PlanMsm);

// What a proving key too large to stay resident streams through: two device buffers of chunk()
// bases and two pinned host buffers as large, with a copy stream, so that the next chunk is
// converted and copied while the device sums the current one. The host side lives as long as the
// streamer; the device buffers from AllocateDevice to ReleaseDevice (a proof needs their memory
// for its quotient first).
class BaseStreamer {
 public:
  // Allocates the host side for chunks of `chunk` bases to `device`.
  static Result<BaseStreamer> Create(int device, size_t chunk);
  // Allocates the two device buffers.
  Status AllocateDevice();
  // Frees the two device buffers.
  void ReleaseDevice();
  // Returns the bases per chunk.
  size_t chunk() const { return chunk_; }
  // Returns the device memory AllocateDevice takes for chunks of `chunk` bases.
  static uint64_t DeviceBytes(size_t chunk) { return 2 * uint64_t{chunk} * sizeof(G1AffineDev); }
  // Returns sum scalars[i] bases[i] over the first n host bases, the scalars already on the
  // device, chunk by chunk (each chunk's sum added on the host); `threads` host threads convert.
  Result<ec::G1> Msm(std::span<const ec::G1Affine> bases, const DevFr* device_scalars, size_t n,
                     size_t threads = 0, MsmPlanner planner = &PlanMsm);

 private:
  int device_ = 0;
  size_t chunk_ = 0;
  DeviceBases buffers_[2];
  PinnedHostMemory staging_[2];
  CopyStream copies_;
};

// Uploads `scalars` to `device` (a query's scalars for MsmG1 and BaseStreamer::Msm).
Result<DeviceMemory> UploadScalars(int device, std::span<const ff::Fr> scalars);
// Returns sum scalars[i] bases[i], uploading both (for tests and benchmarks).
Result<ec::G1> MsmG1(int device, std::span<const ec::G1Affine> bases,
                     std::span<const ff::Fr> scalars, MsmPlanner planner = &PlanMsm);

// The transforms of ntt::EvaluationDomain that NttOnDevice offers.
enum class NttKind { kFft, kIfft, kCosetFft, kIcosetFft };
// Runs the transform `kind` of the domain of values.size() points (a power of two) on the device.
Status NttOnDevice(int device, std::span<ff::Fr> values, NttKind kind);

// A domain's quotient (H) constants, uploaded once per domain size.
class DeviceQuotient {
 public:
  // Uploads the constants of the domain of 2^log_n points.
  static Result<DeviceQuotient> Create(int device, unsigned log_n);
  // Given a, b, c (device arrays of n = 2^log_n evaluations on the domain; c is computed as a*b
  // when derive_c), leaves H's coefficients in a (the last one zero for a satisfied system); b
  // and c are scratch.
  Status Run(DevFr* a, DevFr* b, DevFr* c, bool derive_c) const;
  // Runs the plain transform (inverse: with omega^-1 and without the 1/n) on n device values.
  Status Transform(DevFr* values, bool inverse) const;
  // Returns log2(n).
  unsigned log_n() const { return log_n_; }

 private:
  const DeviceKernels* kernels_ = nullptr;
  int device_ = 0;
  unsigned log_n_ = 0;
  std::vector<DeviceMemory> tables_;
  PowerTables omega_{}, omega_inv_{}, to_coset_{}, from_coset_{};
  DevFr c_scale_{};
};

// Returns H's n - 1 coefficients for evaluations a, b, c on a domain (for tests; c may be
// empty, then c = a*b).
Result<std::vector<ff::Fr>> QuotientOnDevice(int device, std::span<const ff::Fr> a,
                                             std::span<const ff::Fr> b, std::span<const ff::Fr> c);

}  // namespace cuzk::gpu
