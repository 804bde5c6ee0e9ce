// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/digest.h"

#include <openssl/evp.h>

#include <deque>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "base/hex.h"
#include "base/mutex.h"
#include "r1cs/counting.h"

namespace cuzk::r1cs {

// Buffers travel between the writer and the hashing thread: full ones to hash, hashed ones back.
// Four of 1 MiB keep both sides busy; the writer waits when the hasher is four buffers behind.
struct R1csDigestWriter::Hasher {
  static constexpr size_t kBuffers = 4;
  static constexpr size_t kBufferBytes = size_t{1} << 20;

  Hasher() : ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
    EVP_DigestInit_ex(ctx.get(), EVP_blake2s256(), nullptr);
    for (auto& b : buffers) {
      b.resize(kBufferBytes);
      free.push_back(&b);
    }
    thread = std::thread([this] { Run(); });
  }
  ~Hasher() {
    {
      MutexLock lock(mu);
      done = true;
    }
    cv.NotifyAll();
    thread.join();
  }
  // Hashes full buffers in order until told to stop and none is left.
  void Run() {
    MutexLock lock(mu);
    for (;;) {
      while (full.empty() && !done) cv.Wait(mu);
      if (full.empty()) return;
      auto [buffer, bytes] = full.front();
      full.pop_front();
      lock.Unlock();
      EVP_DigestUpdate(ctx.get(), buffer->data(), bytes);
      lock.Lock();
      free.push_back(buffer);
      cv.NotifyAll();
    }
  }
  // Queues `bytes` of `buffer` and returns a free buffer (waiting for one).
  std::vector<uint8_t>* Exchange(std::vector<uint8_t>* buffer, size_t bytes) {
    MutexLock lock(mu);
    if (buffer) full.emplace_back(buffer, bytes);
    cv.NotifyAll();
    while (free.empty()) cv.Wait(mu);
    std::vector<uint8_t>* out = free.back();
    free.pop_back();
    return out;
  }
  // Waits until every queued buffer is hashed.
  void Drain() {
    MutexLock lock(mu);
    while (free.size() + 1 < kBuffers) cv.Wait(mu);  // one is the writer's
  }

  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx;
  std::array<std::vector<uint8_t>, kBuffers> buffers;
  Mutex mu;
  CondVar cv;
  std::deque<std::pair<std::vector<uint8_t>*, size_t>> full CUZK_GUARDED_BY(mu);
  std::vector<std::vector<uint8_t>*> free CUZK_GUARDED_BY(mu);
  bool done CUZK_GUARDED_BY(mu) = false;
  std::thread thread;
};

namespace {

constexpr size_t kCacheSlots = 1021;  // a prime: powers of two spread over the slots

}  // namespace

R1csDigestWriter::R1csDigestWriter(uint64_t inputs, uint64_t aux, uint64_t constraints)
    : hasher_(std::make_unique<Hasher>()), cache_(kCacheSlots) {
  Submit();
  at_ = PutU64(at_, inputs);
  at_ = PutU64(at_, aux);
  at_ = PutU64(at_, constraints);
}

R1csDigestWriter::~R1csDigestWriter() = default;

void R1csDigestWriter::Submit() {
  size_t bytes = buffer_ ? static_cast<size_t>(at_ - buffer_->data()) : 0;
  buffer_ = hasher_->Exchange(buffer_, bytes);
  at_ = buffer_->data();
  end_ = at_ + buffer_->size();
}

const R1csDigestWriter::CoefficientBytes& R1csDigestWriter::BytesOf(const Fr& c) {
  const Fr::Repr& m = c.montgomery();
  CachedCoefficient& slot = cache_[(m[0] ^ m[0] >> 17 ^ m[3]) % kCacheSlots];
  if (!slot.filled || slot.coeff != c) {
    slot.coeff = c;
    slot.bytes = c.ToBytesBE();
    slot.filled = true;
  }
  return slot.bytes;
}

uint64_t R1csDigestWriter::AddCombination(const LinearCombination& lc,
                                          std::vector<bool>* input_density,
                                          std::vector<bool>* aux_density) {
  uint64_t n = 0;
  for (const Term& t : lc.inputs()) n += !t.coeff.IsZero();
  for (const Term& t : lc.aux()) n += !t.coeff.IsZero();
  BeginCombination(n);
  auto terms = [&](const TermList& list, bool input, std::vector<bool>* density) {
    for (const Term& t : list) {
      if (t.coeff.IsZero()) continue;
      if (density && t.index < density->size()) (*density)[t.index] = true;
      AddTerm(input, t.index, BytesOf(t.coeff));
    }
  };
  terms(lc.inputs(), true, input_density);
  terms(lc.aux(), false, aux_density);
  return n;
}

std::array<uint8_t, 32> R1csDigestWriter::Finish() {
  hasher_->Exchange(buffer_, static_cast<size_t>(at_ - buffer_->data()));
  buffer_ = nullptr;
  at_ = end_ = nullptr;
  hasher_->Drain();
  std::array<uint8_t, 32> out{};
  unsigned int len = 0;
  EVP_DigestFinal_ex(hasher_->ctx.get(), out.data(), &len);
  return out;
}

namespace {

// The hashing pass: streams each constraint into the digest as it is enforced.
class DigestConstraintSystem final : public ConstraintSystem {
 public:
  explicit DigestConstraintSystem(const CountingConstraintSystem& counts)
      : writer_(counts.num_inputs(), counts.num_aux(), counts.num_constraints()),
        a_aux_(counts.num_aux()),
        b_aux_(counts.num_aux()),
        b_input_(counts.num_inputs()) {}
  Variable Alloc(const Fr&) override { return {Variable::Kind::kAux, uint32_t(aux_++)}; }
  Variable AllocInput(const Fr&) override { return {Variable::Kind::kInput, uint32_t(inputs_++)}; }

  R1csDigest Finish() {
    R1csDigest d = stats_;
    d.digest = writer_.Finish();
    d.inputs = inputs_;
    d.aux = aux_;
    d.constraints = constraints_;
    d.a_aux_density = Count(a_aux_);
    d.b_aux_density = Count(b_aux_);
    d.b_input_density = Count(b_input_);
    return d;
  }

 protected:
  void DoEnforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                 std::string_view) override {
    stats_.nnz_a += writer_.AddCombination(a, nullptr, &a_aux_);
    stats_.nnz_b += writer_.AddCombination(b, &b_input_, &b_aux_);
    stats_.nnz_c += writer_.AddCombination(c);
    ++constraints_;
  }

 private:
  static uint64_t Count(const std::vector<bool>& bits) {
    uint64_t n = 0;
    for (bool b : bits) n += b;
    return n;
  }

  R1csDigestWriter writer_;
  std::vector<bool> a_aux_, b_aux_, b_input_;
  R1csDigest stats_;
  uint64_t inputs_ = 1, aux_ = 0, constraints_ = 0;
};

}  // namespace

std::string R1csDigest::Hex() const { return ToHex(digest); }

Result<R1csDigest> DigestCircuit(const Circuit& circuit) {
  CountingConstraintSystem counts;
  RETURN_IF_ERROR(circuit.Synthesize(counts));
  DigestConstraintSystem cs(counts);
  RETURN_IF_ERROR(circuit.Synthesize(cs));
  R1csDigest d = cs.Finish();
  if (d.inputs != counts.num_inputs() || d.aux != counts.num_aux() ||
      d.constraints != counts.num_constraints()) {
    return Status(StatusCode::kInternal, "the circuit synthesized differently in two passes (" +
                                             std::to_string(counts.num_constraints()) + " then " +
                                             std::to_string(d.constraints) + " constraints)");
  }
  return d;
}

}  // namespace cuzk::r1cs
