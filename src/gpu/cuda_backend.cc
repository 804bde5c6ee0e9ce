// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gpu/cuda_backend.h"

#include <algorithm>
#include <bit>
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
void EndsOf(std::span<const ec::G1Affine> v, ec::G1Affine* out) {
  out[0] = v.empty() ? ec::G1Affine::Identity() : v.front();
  out[1] = v.empty() ? ec::G1Affine::Identity() : v.back();
}

}  // namespace

Result<std::unique_ptr<CudaBackend>> CudaBackend::Create(int device) {
  // Only this device is opened: the others may be busy, or another process's.
  ASSIGN_OR_RETURN(int count, CountDevices());
  if (device < 0 || device >= count) {
    return Status(StatusCode::kUnavailable, "cuda:" + std::to_string(device) + " does not exist (" +
                                                std::to_string(count) + " visible devices)");
  }
  ASSIGN_OR_RETURN(DeviceInfo info, QueryDevice(device));
  std::unique_ptr<CudaBackend> backend(new CudaBackend());
  backend->device_ = device;
  backend->info_ = info;
  backend->label_ = "cuda:" + std::to_string(device) + " " + info.name;
  return backend;
}

CudaBackend::KeyFingerprint CudaBackend::FingerprintOf(const groth16::ProvingKey& pk) {
  KeyFingerprint f;
  f.key = &pk;
  std::span<const ec::G1Affine> queries[] = {pk.h, pk.l, pk.a, pk.b_g1};
  for (int i = 0; i < 4; ++i) {
    f.sizes[i] = queries[i].size();
    EndsOf(queries[i], &f.ends[2 * i]);
  }
  return f;
}

Result<CudaBackend::ResidentKey*> CudaBackend::MakeResident(const groth16::ProvingKey& pk,
                                                            uint64_t working_bytes,
                                                            size_t threads) {
  KeyFingerprint f = FingerprintOf(pk);
  for (auto it = resident_.begin(); it != resident_.end(); ++it) {
    if (it->fingerprint == f) {
      resident_.splice(resident_.begin(), resident_, it);
      return &resident_.front();
    }
  }
  uint64_t need = KeyBytes(pk);
  // Room for the upload and the proof's working memory, evicting the least recently used keys.
  while (!resident_.empty()) {
    auto free = FreeBytes();
    if (!free.ok() || *free >= need + working_bytes) break;
    resident_.pop_back();
  }
  ResidentKey key;
  key.fingerprint = f;
  ASSIGN_OR_RETURN(key.h, DeviceBases::Upload(device_, pk.h, "the key's h query", threads));
  ASSIGN_OR_RETURN(key.l, DeviceBases::Upload(device_, pk.l, "the key's l query", threads));
  ASSIGN_OR_RETURN(key.a, DeviceBases::Upload(device_, pk.a, "the key's a query", threads));
  ASSIGN_OR_RETURN(key.b_g1,
                   DeviceBases::Upload(device_, pk.b_g1, "the key's b_g1 query", threads));
  resident_.push_front(std::move(key));
  return &resident_.front();
}

size_t CudaBackend::EvictOthers() {
  size_t evicted = resident_.empty() ? 0 : resident_.size() - 1;
  while (resident_.size() > 1) resident_.pop_back();
  return evicted;
}

std::optional<groth16::DeviceUsage> CudaBackend::device() const {
  groth16::DeviceUsage usage;
  usage.ordinal = static_cast<uint32_t>(device_);
  usage.name = label_;
  if (auto info = QueryDevice(device_); info.ok()) {
    usage.name = info->name;
    usage.total_bytes = info->total_bytes;
    usage.free_bytes = info->free_bytes;
  }
  return usage;
}

uint64_t CudaBackend::resident_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  uint64_t total = 0;
  for (const ResidentKey& key : resident_) total += key.bytes();
  return total;
}

size_t CudaBackend::resident_keys() const {
  std::lock_guard<std::mutex> lock(mu_);
  return resident_.size();
}

void CudaBackend::Evict() {
  std::lock_guard<std::mutex> lock(mu_);
  resident_.clear();
  quotient_.reset();
  streamer_.reset();
}

void CudaBackend::Release(const groth16::ProvingKey& pk) {
  std::lock_guard<std::mutex> lock(mu_);
  resident_.remove_if([&](const ResidentKey& key) { return key.fingerprint.key == &pk; });
}

uint64_t CudaBackend::WorkingBytes(const groth16::ProvingKey& pk, size_t n) {
  size_t largest = std::max({n, pk.l.size(), pk.a.size()});
  return std::max<uint64_t>(3 * n * sizeof(DevFr),
                            n * sizeof(DevFr) + largest * sizeof(DevFr) + MsmWorkingBytes(largest));
}

uint64_t CudaBackend::KeyBytes(const groth16::ProvingKey& pk) {
  return uint64_t{pk.h.size() + pk.l.size() + pk.a.size() + pk.b_g1.size()} * sizeof(G1AffineDev);
}

uint64_t CudaBackend::StreamingBytes(const groth16::ProvingKey& pk, size_t n, size_t chunk) {
  // a is freed after the h MSM, before the other queries' scalars go up.
  size_t scalars = std::max({n, pk.l.size(), pk.a.size()});
  return std::max<uint64_t>(
      3 * n * sizeof(DevFr),
      scalars * sizeof(DevFr) + BaseStreamer::DeviceBytes(chunk) + MsmWorkingBytes(chunk));
}

size_t CudaBackend::StreamChunk(const groth16::ProvingKey& pk, size_t n, uint64_t free_bytes) {
  size_t largest = std::max({pk.h.size(), pk.l.size(), pk.a.size(), pk.b_g1.size()});
  size_t chunk = kMinStreamChunk;
  while (chunk < largest && chunk < kMaxStreamChunk) chunk <<= 1;
  for (; chunk >= kMinStreamChunk; chunk >>= 1) {
    if (StreamingBytes(pk, n, chunk) <= free_bytes) return chunk;
  }
  return 0;
}

unsigned CudaBackend::LargestLogDomain(uint64_t device_bytes) {
  unsigned largest = 0;
  for (unsigned log_n = 1; log_n <= 32; ++log_n) {
    uint64_t n = uint64_t{1} << log_n;
    uint64_t needs = std::max<uint64_t>(
        3 * n * sizeof(DevFr), n * sizeof(DevFr) + BaseStreamer::DeviceBytes(kMinStreamChunk) +
                                   MsmWorkingBytes(kMinStreamChunk));
    if (needs <= device_bytes) largest = log_n;
  }
  return largest;
}

uint64_t CudaBackend::streamed_proofs() const {
  std::lock_guard<std::mutex> lock(mu_);
  return streamed_proofs_;
}

bool CudaBackend::FitsResident(const groth16::ProvingKey& pk, uint64_t working_bytes) const {
  KeyFingerprint f = FingerprintOf(pk);
  uint64_t others = 0;
  for (const ResidentKey& key : resident_) {
    if (key.fingerprint == f) return true;
    others += key.bytes();
  }
  auto free = FreeBytes();
  // Without the figures, the upload finds out (MakeResident's errors).
  return !free.ok() || *free + others >= KeyBytes(pk) + working_bytes;
}

void CudaBackend::SetMemoryLimit(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  memory_limit_ = bytes;
}

uint64_t CudaBackend::UsableBytes() const {
  return memory_limit_ ? std::min(memory_limit_, info_.total_bytes) : info_.total_bytes;
}

Result<uint64_t> CudaBackend::FreeBytes() const {
  ASSIGN_OR_RETURN(DeviceInfo info, QueryDevice(device_));
  uint64_t out_of_reach = info.total_bytes - std::min(UsableBytes(), info.total_bytes);
  return info.free_bytes > out_of_reach ? info.free_bytes - out_of_reach : 0;
}

Result<size_t> CudaBackend::PlanStreaming(const groth16::ProvingKey& pk, size_t n) {
  resident_.clear();
  ASSIGN_OR_RETURN(uint64_t free, FreeBytes());
  size_t chunk = StreamChunk(pk, n, free);
  if (chunk == 0) {
    return Status(StatusCode::kUnavailable,
                  label_ + " has " + std::to_string(free >> 20) + " MiB free; a proof over 2^" +
                      std::to_string(std::countr_zero(n)) + " points needs " +
                      std::to_string(StreamingBytes(pk, n, kMinStreamChunk) >> 20) +
                      " MiB even with its key streamed (" + std::to_string(KeyBytes(pk) >> 20) +
                      " MiB resident)");
  }
  return chunk;
}

Status CudaBackend::PrepareQuotient(unsigned log_n) {
  if (quotient_ && quotient_->log_n() == log_n) return Status::Ok();
  quotient_.reset();
  ASSIGN_OR_RETURN(quotient_, DeviceQuotient::Create(device_, log_n));
  return Status::Ok();
}

Result<groth16::QuerySums> CudaBackend::ComputeSums(const groth16::ProvingKey& pk,
                                                    groth16::ProverInput& input,
                                                    const groth16::ProverOptions& options) {
  // A compact input is evaluated on the host, before the device is taken, and a and b uploaded
  // as a synthesized assignment's are (evaluating next to the device's NTT is issue 42's next
  // step for this backend).
  RETURN_IF_ERROR(input.Evaluate(options));
  r1cs::ProvingAssignment& pa = input.assignment();
  std::lock_guard<std::mutex> lock(mu_);
  size_t n = 2;
  while (n < pa.num_constraints()) n <<= 1;
  if (uint64_t least = StreamingBytes(pk, n, kMinStreamChunk); least > UsableBytes()) {
    return Status(StatusCode::kUnavailable,
                  label_ + " cannot prove over 2^" + std::to_string(std::countr_zero(n)) +
                      " points: it has " + std::to_string(UsableBytes() >> 20) +
                      " MiB, and such a proof needs " + std::to_string(least >> 20) +
                      " MiB even with its key streamed");
  }
  RETURN_IF_ERROR(PrepareQuotient(static_cast<unsigned>(std::countr_zero(n))));
  uint64_t working = WorkingBytes(pk, n);
  if (FitsResident(pk, working)) {
    auto key = MakeResident(pk, working, options.threads);
    if (!key.ok() && key.status().code() == StatusCode::kUnavailable && !resident_.empty()) {
      resident_.clear();  // out of device memory: every other key makes room
      key = MakeResident(pk, working, options.threads);
    }
    if (!key.ok() && key.status().code() != StatusCode::kUnavailable) return key.status();
    if (key.ok()) {
      auto sums = Prove(pk, *key, pa, options);
      // Out of device memory with other keys resident: free them and try once more.
      if (!sums.ok() && sums.status().code() == StatusCode::kUnavailable && EvictOthers() > 0)
        sums = Prove(pk, &resident_.front(), pa, options);
      if (sums.ok() || sums.status().code() != StatusCode::kUnavailable) return sums;
    }
    // The device is fuller than its figures said, or than when the key went up: the key makes
    // room and is streamed.
  }
  ASSIGN_OR_RETURN(size_t chunk, PlanStreaming(pk, n));
  if (!streamer_ || streamer_->chunk() != chunk) {
    streamer_.reset();
    ASSIGN_OR_RETURN(streamer_, BaseStreamer::Create(device_, chunk));
  }
  ++streamed_proofs_;
  return Prove(pk, nullptr, pa, options);
}

Result<groth16::QuerySums> CudaBackend::Prove(const groth16::ProvingKey& pk, const ResidentKey* key,
                                              r1cs::ProvingAssignment& pa,
                                              const groth16::ProverOptions& options) {
  groth16::ProverTimings* t = options.timings;
  size_t threads = options.threads;
  size_t rows = pa.num_constraints();
  unsigned log_n = 1;
  while ((size_t{1} << log_n) < rows) ++log_n;
  size_t n = size_t{1} << log_n;
  RETURN_IF_ERROR(PrepareQuotient(log_n));

  // On a host thread while the device computes H and the h and l MSMs: the a and b queries'
  // scalars gathered (one thread over every aux value: seconds for a 32GiB partition, kept off
  // the device's path), then b_g2 on the CPU.
  HugeVector<ff::Fr> a_scalars, b_scalars;
  std::promise<void> gathered;
  std::future<void> scalars_ready = gathered.get_future();
  double g2_seconds = 0;
  auto g2 = std::async(std::launch::async, [&] {
    try {
      groth16::GatherQueryScalars(pa, a_scalars, b_scalars);
    } catch (...) {  // out of host memory: the proving thread's get() throws it, as before
      gathered.set_exception(std::current_exception());
      throw;
    }
    gathered.set_value();
    auto start = Clock::now();
    ec::G2 sum = msm::MsmG2(pk.b_g2, b_scalars, threads, options.cancel);
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
  {  // b and c are freed once H's coefficients are in a: the MSMs need their memory
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
  }
  if (t) t->fft = SecondsSince(phase);

  // Each query's MSM over its resident bases, or streamed through the chunk buffers, allocated
  // once b and c are freed; the scalars of l, a and b_g1 go up one query at a time.
  struct ReleaseOnExit {
    BaseStreamer* streamer;
    ~ReleaseOnExit() {
      if (streamer) streamer->ReleaseDevice();
    }
  } release{key ? nullptr : &*streamer_};
  if (!key) RETURN_IF_ERROR(streamer_->AllocateDevice());
  auto msm = [&](const DeviceBases* resident, std::span<const ec::G1Affine> bases,
                 const DevFr* scalars, size_t count) -> Result<ec::G1> {
    if (resident) return MsmG1(*resident, scalars, count);
    return streamer_->Msm(bases, scalars, count, threads);
  };
  auto msm_of_host_scalars = [&](const DeviceBases* resident, std::span<const ec::G1Affine> bases,
                                 std::span<const ff::Fr> scalars) -> Result<ec::G1> {
    ASSIGN_OR_RETURN(DeviceMemory on_device, UploadScalars(device_, scalars));
    return msm(resident, bases, on_device.as<const DevFr>(), scalars.size());
  };
  groth16::QuerySums sums;
  // A cancelled proof stops before its next device MSM (the CPU's G2 sum, cancelled too, returns
  // within milliseconds).
  if (options.cancelled()) return groth16::Cancelled();
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.h, msm(key ? &key->h : nullptr, pk.h, a.as<const DevFr>(), n - 1));
  a = DeviceMemory();  // freed: the other queries' scalars take its place
  if (t) t->msm_h = SecondsSince(phase);
  if (options.cancelled()) return groth16::Cancelled();
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.l, msm_of_host_scalars(key ? &key->l : nullptr, pk.l, pa.aux()));
  if (t) t->msm_l = SecondsSince(phase);
  if (options.cancelled()) return groth16::Cancelled();
  phase = Clock::now();
  scalars_ready.get();
  ASSIGN_OR_RETURN(sums.a, msm_of_host_scalars(key ? &key->a : nullptr, pk.a, a_scalars));
  if (t) t->msm_a = SecondsSince(phase);
  if (options.cancelled()) return groth16::Cancelled();
  phase = Clock::now();
  ASSIGN_OR_RETURN(sums.b_g1, msm_of_host_scalars(key ? &key->b_g1 : nullptr, pk.b_g1, b_scalars));
  if (t) t->msm_b_g1 = SecondsSince(phase);
  sums.b_g2 = g2.get();
  if (options.cancelled()) return groth16::Cancelled();
  if (t) t->msm_b_g2 = g2_seconds;
  return sums;
}

}  // namespace cuzk::gpu
