// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gpu/device_ops.h"

#include <algorithm>
#include <future>
#include <optional>

#include "base/parallel.h"
#include "gpu/kernels.h"

namespace cuzk::gpu {
namespace {

static_assert(sizeof(ff::Fr) == sizeof(DevFr), "Fr and DevFr share their limbs");

// Bases converted per upload chunk: 2^20 points, 96 MiB of staging memory.
constexpr size_t kUploadChunk = size_t{1} << 20;

unsigned Log2Exact(size_t n) {
  unsigned l = 0;
  while ((size_t{1} << l) < n) ++l;
  return l;
}

// Uploads host tables and returns their device view.
Result<PowerTables> UploadTables(int device, const HostPowerTables& t,
                                 std::vector<DeviceMemory>& keep) {
  ASSIGN_OR_RETURN(auto lo, DeviceMemory::Allocate(device, t.lo.size() * sizeof(DevFr), "powers"));
  ASSIGN_OR_RETURN(auto hi, DeviceMemory::Allocate(device, t.hi.size() * sizeof(DevFr), "powers"));
  RETURN_IF_ERROR(lo.Upload(t.lo.data(), lo.size()));
  RETURN_IF_ERROR(hi.Upload(t.hi.data(), hi.size()));
  PowerTables view{lo.as<const DevFr>(), hi.as<const DevFr>(), t.lo_bits};
  keep.push_back(std::move(lo));
  keep.push_back(std::move(hi));
  return view;
}

}  // namespace

Result<DeviceMemory> UploadScalars(int device, std::span<const ff::Fr> scalars) {
  ASSIGN_OR_RETURN(auto m,
                   DeviceMemory::Allocate(device, scalars.size() * sizeof(DevFr), "scalars"));
  RETURN_IF_ERROR(m.Upload(scalars.data(), m.size()));
  return m;
}

Result<DeviceBases> DeviceBases::Upload(int device, std::span<const ec::G1Affine> bases,
                                        const std::string& what, size_t threads) {
  ASSIGN_OR_RETURN(DeviceBases out, Allocate(device, bases.size(), what));
  RETURN_IF_ERROR(out.Load(bases, threads));
  return out;
}

Result<DeviceBases> DeviceBases::Allocate(int device, size_t capacity, const std::string& what) {
  DeviceBases out;
  ASSIGN_OR_RETURN(out.memory_,
                   DeviceMemory::Allocate(device, capacity * sizeof(G1AffineDev), what));
  return out;
}

Status DeviceBases::Load(std::span<const ec::G1Affine> bases, size_t threads) {
  if (bases.size() > capacity()) {
    return Status::InvalidArgument(std::to_string(bases.size()) + " bases loaded into room for " +
                                   std::to_string(capacity()));
  }
  count_ = 0;
  std::vector<G1AffineDev> staging(std::min(bases.size(), kUploadChunk));
  for (size_t begin = 0; begin < bases.size(); begin += kUploadChunk) {
    size_t count = std::min(kUploadChunk, bases.size() - begin);
    ParallelFor(count, threads, [&](size_t b, size_t e) {
      for (size_t i = b; i < e; ++i) staging[i] = ToDevice(bases[begin + i]);
    });
    RETURN_IF_ERROR(
        memory_.Upload(staging.data(), count * sizeof(G1AffineDev), begin * sizeof(G1AffineDev)));
  }
  count_ = bases.size();
  return Status::Ok();
}

Status DeviceBases::LoadAsync(std::span<const ec::G1Affine> bases, PinnedHostMemory& staging,
                              CopyStream& copies, size_t threads) {
  if (bases.size() > capacity() || bases.size() * sizeof(G1AffineDev) > staging.size()) {
    return Status::InvalidArgument(std::to_string(bases.size()) + " bases loaded into room for " +
                                   std::to_string(capacity()));
  }
  auto* out = static_cast<G1AffineDev*>(staging.data());
  ParallelFor(bases.size(), threads, [&](size_t b, size_t e) {
    for (size_t i = b; i < e; ++i) out[i] = ToDevice(bases[i]);
  });
  count_ = bases.size();
  return copies.Upload(memory_, staging, bases.size() * sizeof(G1AffineDev));
}

Result<DeviceBases> DeviceBases::Repeat(int device, std::span<const ec::G1Affine> pattern,
                                        size_t count, const std::string& what) {
  if (pattern.empty()) return Status::InvalidArgument("DeviceBases::Repeat of no points");
  DeviceBases out;
  ASSIGN_OR_RETURN(out.memory_, DeviceMemory::Allocate(device, count * sizeof(G1AffineDev), what));
  out.count_ = count;
  std::vector<G1AffineDev> converted(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) converted[i] = ToDevice(pattern[i]);
  for (size_t begin = 0; begin < count; begin += pattern.size()) {
    size_t n = std::min(pattern.size(), count - begin);
    RETURN_IF_ERROR(
        out.memory_.Upload(converted.data(), n * sizeof(G1AffineDev), begin * sizeof(G1AffineDev)));
  }
  return out;
}

ec::G1 FinishMsm(std::span<const G1Xyzz> window_sums, const G1Xyzz& ones, unsigned c) {
  ec::G1 result = ec::G1::Identity();
  for (size_t w = window_sums.size(); w-- > 0;) {
    for (unsigned i = 0; i < c; ++i) result = result.Double();
    result += FromDevice(window_sums[w]);
  }
  return result + FromDevice(ones);
}

uint64_t MsmWorkingBytes(size_t n) {
  MsmPlan plan = PlanMsm(n);
  uint64_t pairs = uint64_t{n} * plan.windows_per_pass;
  // With few non-trivial scalars a pass takes up to every window (kernel_driver.h's MsmPasses),
  // and the plan for fewer scalars has narrower windows: the keys and buckets of every window of
  // n's plan bound them all.
  uint64_t keys = uint64_t{plan.windows} << plan.window_bits;
  uint64_t points = uint64_t{plan.windows} * (plan.buckets() + 2 * plan.segments() + 1);
  // CUB's radix sort scratch is below the size of its input (keys and values) for these sizes;
  // the non-trivial scalars' indices take n more.
  // The scalar-1 sums' partials are allocated once the passes' buffers are freed (MsmG1): the
  // larger of the two counts.
  uint64_t point_count = std::max<uint64_t>(points, OnesThreads(n));
  return pairs * 4 * sizeof(uint32_t) + pairs * 2 * sizeof(uint32_t) + keys * 2 * sizeof(uint32_t) +
         point_count * sizeof(G1Xyzz) + uint64_t{n} * sizeof(uint32_t);
}

Result<ec::G1> MsmG1(const DeviceBases& bases, const DevFr* device_scalars, size_t n,
                     MsmPlanner planner) {
  if (n > bases.size()) {
    return Status::InvalidArgument("MSM of " + std::to_string(n) + " scalars over " +
                                   std::to_string(bases.size()) + " bases");
  }
  MsmPlan plan;
  std::vector<G1Xyzz> window_sums(kMaxMsmWindows);
  G1Xyzz ones;
  ASSIGN_OR_RETURN(const DeviceKernels* kernels, LinkedKernels());
  RETURN_IF_ERROR(kernels->MsmG1(bases.device(), bases.data(), device_scalars, n, planner, &plan,
                                 window_sums.data(), &ones));
  window_sums.resize(plan.windows);
  return FinishMsm(window_sums, ones, plan.window_bits);
}

Result<BaseStreamer> BaseStreamer::Create(int device, size_t chunk) {
  if (chunk == 0) return Status::InvalidArgument("a base streamer of empty chunks");
  BaseStreamer out;
  out.device_ = device;
  out.chunk_ = chunk;
  for (PinnedHostMemory& staging : out.staging_) {
    ASSIGN_OR_RETURN(staging, PinnedHostMemory::Allocate(chunk * sizeof(G1AffineDev),
                                                         "a streamed key's staging"));
  }
  ASSIGN_OR_RETURN(out.copies_, CopyStream::Create(device));
  return out;
}

Status BaseStreamer::AllocateDevice() {
  for (DeviceBases& buffer : buffers_) {
    ASSIGN_OR_RETURN(buffer, DeviceBases::Allocate(device_, chunk_, "a streamed key's chunk"));
  }
  return Status::Ok();
}

void BaseStreamer::ReleaseDevice() {
  for (DeviceBases& buffer : buffers_) buffer = DeviceBases();
}

Result<ec::G1> BaseStreamer::Msm(std::span<const ec::G1Affine> bases, const DevFr* device_scalars,
                                 size_t n, size_t threads, MsmPlanner planner) {
  if (n > bases.size()) {
    return Status::InvalidArgument("MSM of " + std::to_string(n) + " scalars over " +
                                   std::to_string(bases.size()) + " bases");
  }
  if (buffers_[0].capacity() < chunk_ || buffers_[1].capacity() < chunk_)
    return Status(StatusCode::kInternal, "a streamed MSM before its device buffers");
  // Converts chunk k into staging k % 2 and copies it to buffer k % 2: buffer and staging were
  // last used by chunk k - 2, whose MSM and copy are done.
  auto stage = [&](size_t k) -> Status {
    size_t begin = k * chunk_;
    RETURN_IF_ERROR(buffers_[k % 2].LoadAsync(bases.subspan(begin, std::min(chunk_, n - begin)),
                                              staging_[k % 2], copies_, threads));
    return copies_.Synchronize();
  };
  ec::G1 sum = ec::G1::Identity();
  if (n == 0) return sum;
  RETURN_IF_ERROR(stage(0));
  size_t chunks = (n + chunk_ - 1) / chunk_;
  for (size_t k = 0; k < chunks; ++k) {
    std::future<Status> next;
    if (k + 1 < chunks) next = std::async(std::launch::async, stage, k + 1);
    const DeviceBases& current = buffers_[k % 2];
    Result<ec::G1> part = MsmG1(current, device_scalars + k * chunk_, current.size(), planner);
    Status staged = next.valid() ? next.get() : Status::Ok();
    RETURN_IF_ERROR(part);
    RETURN_IF_ERROR(staged);
    sum += *part;
  }
  return sum;
}

Result<ec::G1> MsmG1(const DeviceBases& bases, std::span<const ff::Fr> scalars,
                     MsmPlanner planner) {
  ASSIGN_OR_RETURN(auto device_scalars, UploadScalars(bases.device(), scalars));
  return MsmG1(bases, device_scalars.as<const DevFr>(), scalars.size(), planner);
}

Result<ec::G1> MsmG1(int device, std::span<const ec::G1Affine> bases,
                     std::span<const ff::Fr> scalars, MsmPlanner planner) {
  if (bases.size() != scalars.size()) {
    return Status::InvalidArgument("MSM of " + std::to_string(scalars.size()) + " scalars and " +
                                   std::to_string(bases.size()) + " bases");
  }
  ASSIGN_OR_RETURN(auto device_bases, DeviceBases::Upload(device, bases, "MSM bases"));
  return MsmG1(device_bases, scalars, planner);
}

Status NttOnDevice(int device, std::span<ff::Fr> values, NttKind kind) {
  size_t n = values.size();
  unsigned log_n = Log2Exact(n);
  if (n < 2 || (size_t{1} << log_n) != n)
    return Status::InvalidArgument("NTT size " + std::to_string(n) + " is not a power of two >= 2");
  // Each kind as (scaling before, transform, scaling after); the scalings are power tables.
  ff::Fr one = ff::Fr::One(), g = ff::Fr::FromUint64(7), n_inv = ff::Fr::FromUint64(n).Inverse();
  bool inverse = kind == NttKind::kIfft || kind == NttKind::kIcosetFft;
  std::optional<HostPowerTables> before, after;
  if (kind == NttKind::kCosetFft) before = MakePowerTables(g, one, log_n);
  if (kind == NttKind::kIfft) after = MakePowerTables(one, n_inv, log_n);
  if (kind == NttKind::kIcosetFft) after = MakePowerTables(g.Inverse(), n_inv, log_n);
  QuotientConstants q = MakeQuotientConstants(log_n);
  ASSIGN_OR_RETURN(const DeviceKernels* kernels, LinkedKernels());
  std::vector<DeviceMemory> keep;
  ASSIGN_OR_RETURN(auto data, UploadScalars(device, values));
  DevFr* v = data.as<DevFr>();
  ASSIGN_OR_RETURN(auto twiddles, UploadTables(device, inverse ? q.omega_inv : q.omega, keep));
  if (before) {
    ASSIGN_OR_RETURN(auto powers, UploadTables(device, *before, keep));
    RETURN_IF_ERROR(kernels->Scale(device, v, n, powers));
  }
  RETURN_IF_ERROR(kernels->Transform(device, v, log_n, twiddles));
  if (after) {
    ASSIGN_OR_RETURN(auto powers, UploadTables(device, *after, keep));
    RETURN_IF_ERROR(kernels->Scale(device, v, n, powers));
  }
  return data.Download(values.data(), data.size());
}

Result<DeviceQuotient> DeviceQuotient::Create(int device, unsigned log_n) {
  if (log_n < 1 || log_n > 32) return Status::InvalidArgument("quotient domain out of range");
  QuotientConstants q = MakeQuotientConstants(log_n);
  DeviceQuotient out;
  ASSIGN_OR_RETURN(out.kernels_, LinkedKernels());
  out.device_ = device;
  out.log_n_ = log_n;
  ASSIGN_OR_RETURN(out.omega_, UploadTables(device, q.omega, out.tables_));
  ASSIGN_OR_RETURN(out.omega_inv_, UploadTables(device, q.omega_inv, out.tables_));
  ASSIGN_OR_RETURN(out.to_coset_, UploadTables(device, q.to_coset, out.tables_));
  ASSIGN_OR_RETURN(out.from_coset_, UploadTables(device, q.from_coset, out.tables_));
  out.c_scale_ = q.c_scale;
  return out;
}

Status DeviceQuotient::Run(DevFr* a, DevFr* b, DevFr* c, bool derive_c) const {
  uint64_t n = uint64_t{1} << log_n_;
  if (derive_c) RETURN_IF_ERROR(kernels_->Multiply(device_, c, a, b, n));
  for (DevFr* v : {a, b}) {
    RETURN_IF_ERROR(kernels_->Transform(device_, v, log_n_, omega_inv_));
    RETURN_IF_ERROR(kernels_->Scale(device_, v, n, to_coset_));
    RETURN_IF_ERROR(kernels_->Transform(device_, v, log_n_, omega_));
  }
  RETURN_IF_ERROR(kernels_->Multiply(device_, a, a, b, n));
  RETURN_IF_ERROR(kernels_->Transform(device_, a, log_n_, omega_inv_));
  RETURN_IF_ERROR(kernels_->Transform(device_, c, log_n_, omega_inv_));
  return kernels_->Quotient(device_, a, c, n, from_coset_, c_scale_);
}

Status DeviceQuotient::Transform(DevFr* values, bool inverse) const {
  return kernels_->Transform(device_, values, log_n_, inverse ? omega_inv_ : omega_);
}

Result<std::vector<ff::Fr>> QuotientOnDevice(int device, std::span<const ff::Fr> a,
                                             std::span<const ff::Fr> b, std::span<const ff::Fr> c) {
  size_t n = a.size();
  unsigned log_n = Log2Exact(n);
  if (n < 2 || (size_t{1} << log_n) != n || b.size() != n || (!c.empty() && c.size() != n))
    return Status::InvalidArgument("quotient inputs must be three vectors of 2^k >= 2 values");
  ASSIGN_OR_RETURN(auto quotient, DeviceQuotient::Create(device, log_n));
  ASSIGN_OR_RETURN(auto da, UploadScalars(device, a));
  ASSIGN_OR_RETURN(auto db, UploadScalars(device, b));
  ASSIGN_OR_RETURN(auto dc, DeviceMemory::Allocate(device, n * sizeof(DevFr), "quotient c"));
  if (!c.empty()) RETURN_IF_ERROR(dc.Upload(c.data(), dc.size()));
  RETURN_IF_ERROR(quotient.Run(da.as<DevFr>(), db.as<DevFr>(), dc.as<DevFr>(), c.empty()));
  std::vector<ff::Fr> h(n - 1);
  RETURN_IF_ERROR(da.Download(h.data(), h.size() * sizeof(DevFr)));
  return h;
}

}  // namespace cuzk::gpu
