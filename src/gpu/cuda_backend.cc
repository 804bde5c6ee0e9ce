// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gpu/cuda_backend.h"

#include <chrono>
#include <future>

#include "msm/pippenger.h"

namespace cuzk::gpu {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Returns the points of a query that identify it: its first and last.
void EndsOf(const std::vector<ec::G1Affine>& v, ec::G1Affine* out) {
  out[0] = v.empty() ? ec::G1Affine::Identity() : v.front();
  out[1] = v.empty() ? ec::G1Affine::Identity() : v.back();
}

}  // namespace

Result<std::unique_ptr<CudaBackend>> CudaBackend::Create(int device) {
  ASSIGN_OR_RETURN(auto devices, ListDevices());
  if (device < 0 || static_cast<size_t>(device) >= devices.size()) {
    return Status(StatusCode::kUnavailable, "cuda:" + std::to_string(device) + " does not exist (" +
                                                std::to_string(devices.size()) +
                                                " visible devices)");
  }
  std::unique_ptr<CudaBackend> backend(new CudaBackend());
  backend->device_ = device;
  backend->label_ = "cuda:" + std::to_string(device) + " " + devices[device].name;
  return backend;
}

CudaBackend::KeyFingerprint CudaBackend::FingerprintOf(const groth16::ProvingKey& pk) {
  KeyFingerprint f;
  f.key = &pk;
  const std::vector<ec::G1Affine>* queries[] = {&pk.h, &pk.l, &pk.a, &pk.b_g1};
  for (int i = 0; i < 4; ++i) {
    f.sizes[i] = queries[i]->size();
    EndsOf(*queries[i], &f.ends[2 * i]);
  }
  return f;
}

Status CudaBackend::MakeResident(const groth16::ProvingKey& pk, size_t threads) {
  KeyFingerprint f = FingerprintOf(pk);
  if (h_ && f == resident_key_) return Status::Ok();
  Evict();
  ASSIGN_OR_RETURN(h_, DeviceBases::Upload(device_, pk.h, "the key's h query", threads));
  ASSIGN_OR_RETURN(l_, DeviceBases::Upload(device_, pk.l, "the key's l query", threads));
  ASSIGN_OR_RETURN(a_, DeviceBases::Upload(device_, pk.a, "the key's a query", threads));
  ASSIGN_OR_RETURN(b_g1_, DeviceBases::Upload(device_, pk.b_g1, "the key's b_g1 query", threads));
  resident_key_ = f;
  return Status::Ok();
}

std::optional<groth16::DeviceUsage> CudaBackend::device() const {
  groth16::DeviceUsage usage;
  usage.ordinal = static_cast<uint32_t>(device_);
  usage.name = label_;
  auto devices = ListDevices();
  if (devices.ok() && static_cast<size_t>(device_) < devices->size()) {
    usage.name = (*devices)[device_].name;
    usage.total_bytes = (*devices)[device_].total_bytes;
    usage.free_bytes = (*devices)[device_].free_bytes;
  }
  return usage;
}

uint64_t CudaBackend::resident_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  uint64_t total = 0;
  for (const auto* b : {&h_, &l_, &a_, &b_g1_})
    if (*b) total += (*b)->bytes();
  return total;
}

void CudaBackend::Evict() {
  h_.reset();
  l_.reset();
  a_.reset();
  b_g1_.reset();
  resident_key_ = {};
}

Result<groth16::QuerySums> CudaBackend::ComputeSums(const groth16::ProvingKey& pk,
                                                    r1cs::ProvingAssignment& pa,
                                                    const groth16::ProverOptions& options) {
  std::lock_guard<std::mutex> lock(mu_);
  groth16::ProverTimings* t = options.timings;
  size_t threads = options.threads;
  Status resident = MakeResident(pk, threads);
  if (!resident.ok()) {
    Evict();  // a half-uploaded key frees what it took
    return resident;
  }
  size_t rows = pa.num_constraints();
  unsigned log_n = 1;
  while ((size_t{1} << log_n) < rows) ++log_n;
  size_t n = size_t{1} << log_n;
  if (!quotient_ || quotient_->log_n() != log_n) {
    quotient_.reset();
    ASSIGN_OR_RETURN(quotient_, DeviceQuotient::Create(device_, log_n));
  }

  // b_g2 on the CPU while the device works.
  HugeVector<ff::Fr> a_scalars, b_scalars;
  groth16::GatherQueryScalars(pa, a_scalars, b_scalars);
  double g2_seconds = 0;
  auto g2 = std::async(std::launch::async, [&] {
    auto start = Clock::now();
    ec::G2 sum = msm::MsmG2(pk.b_g2, b_scalars, threads);
    g2_seconds = SecondsSince(start);
    return sum;
  });
  // Wait for the CPU's G2 sum on every path out, so that it never outlives its inputs.
  struct Join {
    std::future<ec::G2>& f;
    ~Join() {
      if (f.valid()) f.wait();
    }
  } join{g2};

  auto phase = Clock::now();
  const size_t bytes = n * sizeof(DevFr);
  ASSIGN_OR_RETURN(auto a, DeviceMemory::Allocate(device_, bytes, "the assignment's a"));
  ASSIGN_OR_RETURN(auto b, DeviceMemory::Allocate(device_, bytes, "the assignment's b"));
  ASSIGN_OR_RETURN(auto c, DeviceMemory::Allocate(device_, bytes, "the assignment's c"));
  for (auto [dst, src] : {std::pair{&a, &pa.a()}, std::pair{&b, &pa.b()}}) {
    size_t used = std::min(src->size(), n) * sizeof(DevFr);
    RETURN_IF_ERROR(dst->Upload(src->data(), used));
    RETURN_IF_ERROR(dst->Zero(bytes - used, used));
  }
  bool derive_c = !pa.records_c();
  if (!derive_c) {
    size_t used = std::min(pa.c().size(), n) * sizeof(DevFr);
    RETURN_IF_ERROR(c.Upload(pa.c().data(), used));
    RETURN_IF_ERROR(c.Zero(bytes - used, used));
  }
  RETURN_IF_ERROR(quotient_->Run(a.as<DevFr>(), b.as<DevFr>(), c.as<DevFr>(), derive_c));
  if (t) t->fft = SecondsSince(phase);

  groth16::QuerySums sums;
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.h, MsmG1(*h_, a.as<const DevFr>(), n - 1));
  if (t) t->msm_h = SecondsSince(phase);
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.l, MsmG1(*l_, pa.aux()));
  if (t) t->msm_l = SecondsSince(phase);
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.a, MsmG1(*a_, a_scalars));
  if (t) t->msm_a = SecondsSince(phase);
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.b_g1, MsmG1(*b_g1_, b_scalars));
  if (t) t->msm_b_g1 = SecondsSince(phase);
  sums.b_g2 = g2.get();
  if (t) t->msm_b_g2 = g2_seconds;
  return sums;
}

}  // namespace cuzk::gpu
