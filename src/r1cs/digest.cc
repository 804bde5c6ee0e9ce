// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/digest.h"

#include <openssl/evp.h>

#include <memory>
#include <vector>

#include "base/hex.h"
#include "r1cs/counting.h"

namespace cuzk::r1cs {
namespace {

// Feeds BLAKE2s-256 through a buffer: one EVP call per term would cost more than the hashing.
class Blake2sStream {
 public:
  Blake2sStream() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
    EVP_DigestInit_ex(ctx_.get(), EVP_blake2s256(), nullptr);
    buffer_.reserve(kBufferBytes);
  }
  void PutU64(uint64_t v) {
    for (int shift = 56; shift >= 0; shift -= 8)
      buffer_.push_back(static_cast<uint8_t>(v >> shift));
    MaybeFlush();
  }
  void PutByte(uint8_t b) { buffer_.push_back(b); }
  void PutBytes(const uint8_t* p, size_t n) {
    buffer_.insert(buffer_.end(), p, p + n);
    MaybeFlush();
  }
  std::array<uint8_t, 32> Finish() {
    Flush();
    std::array<uint8_t, 32> out{};
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx_.get(), out.data(), &len);
    return out;
  }

 private:
  static constexpr size_t kBufferBytes = size_t{1} << 20;
  void MaybeFlush() {
    if (buffer_.size() >= kBufferBytes - 64) Flush();
  }
  void Flush() {
    EVP_DigestUpdate(ctx_.get(), buffer_.data(), buffer_.size());
    buffer_.clear();
  }
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
  std::vector<uint8_t> buffer_;
};

// The hashing pass: streams each constraint into the digest as it is enforced.
class DigestConstraintSystem final : public ConstraintSystem {
 public:
  explicit DigestConstraintSystem(const CountingConstraintSystem& counts)
      : a_aux_(counts.num_aux()), b_aux_(counts.num_aux()), b_input_(counts.num_inputs()) {
    hash_.PutU64(counts.num_inputs());
    hash_.PutU64(counts.num_aux());
    hash_.PutU64(counts.num_constraints());
  }
  Variable Alloc(const Fr&) override { return {Variable::Kind::kAux, uint32_t(aux_++)}; }
  Variable AllocInput(const Fr&) override { return {Variable::Kind::kInput, uint32_t(inputs_++)}; }

  R1csDigest Finish() {
    R1csDigest d = stats_;
    d.digest = hash_.Finish();
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
    stats_.nnz_a += HashCombination(a, nullptr, &a_aux_);
    stats_.nnz_b += HashCombination(b, &b_input_, &b_aux_);
    stats_.nnz_c += HashCombination(c, nullptr, nullptr);
    ++constraints_;
  }

 private:
  static uint64_t Count(const std::vector<bool>& bits) {
    uint64_t n = 0;
    for (bool b : bits) n += b;
    return n;
  }
  static uint64_t NonZero(const TermList& terms) {
    uint64_t n = 0;
    for (const Term& t : terms) n += !t.coeff.IsZero();
    return n;
  }
  // Hashes one combination's merged non-zero terms and marks their variables in the densities
  // given; returns how many there were.
  uint64_t HashCombination(const LinearCombination& lc, std::vector<bool>* input_density,
                           std::vector<bool>* aux_density) {
    uint64_t n = NonZero(lc.inputs()) + NonZero(lc.aux());
    hash_.PutU64(n);
    HashTerms(lc.inputs(), 'I', input_density);
    HashTerms(lc.aux(), 'A', aux_density);
    return n;
  }
  void HashTerms(const TermList& terms, uint8_t tag, std::vector<bool>* density) {
    for (const Term& t : terms) {
      if (t.coeff.IsZero()) continue;
      if (density && t.index < density->size()) (*density)[t.index] = true;
      hash_.PutByte(tag);
      hash_.PutU64(t.index);
      const auto& be = CoefficientBytes(t.coeff);
      hash_.PutBytes(be.data(), be.size());
    }
  }
  // Returns c's big-endian bytes from a small direct-mapped cache: a circuit has few distinct
  // coefficients (1, -1, powers of two, a few constants), and converting each of a 32GiB
  // partition's 722 million terms out of Montgomery form took a fifth of its digest.
  const std::array<uint8_t, Fr::kBytes>& CoefficientBytes(const Fr& c) {
    const Fr::Repr& m = c.montgomery();
    CachedCoefficient& slot = cache_[(m[0] ^ m[0] >> 17 ^ m[3]) % kCacheSlots];
    if (!slot.filled || slot.coeff != c) {
      slot.coeff = c;
      slot.bytes = c.ToBytesBE();
      slot.filled = true;
    }
    return slot.bytes;
  }

  struct CachedCoefficient {
    Fr coeff;
    std::array<uint8_t, Fr::kBytes> bytes{};
    bool filled = false;
  };
  static constexpr size_t kCacheSlots = 1021;  // a prime: powers of two spread over the slots
  std::vector<CachedCoefficient> cache_ = std::vector<CachedCoefficient>(kCacheSlots);
  Blake2sStream hash_;
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
