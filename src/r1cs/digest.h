// SPDX-License-Identifier: Apache-2.0 OR MIT
// The R1CS digest: byte for byte bellpepper-core's TestConstraintSystem::hash() (util_cs/
// test_cs.rs), so a circuit synthesized here can be compared with the same circuit synthesized by
// bellperson (docs/compatibility.md). Nothing else pins the exact order of allocations and
// constraints, or which side of a product a term sits on, that the official keys depend on.
//
// BLAKE2s-256 over: the input count (ONE included), the aux count and the constraint count as
// big-endian u64; then for each constraint, A, B and C in turn: the number of merged non-zero
// terms (u64 BE), then each such term, inputs before aux in index order, as the byte 'I' or 'A',
// the index as u64 BE and the 32-byte big-endian canonical coefficient. Names and witness values
// do not enter it, nor do the input constraints the prover appends.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// A circuit's digest and the counts that come with it in the same pass.
struct R1csDigest {
  std::array<uint8_t, 32> digest{};
  uint64_t inputs = 0;  // ONE included
  uint64_t aux = 0;
  uint64_t constraints = 0;  // as synthesized, without the prover's input constraints
  // Merged non-zero terms of each matrix over the synthesized constraints.
  uint64_t nnz_a = 0, nnz_b = 0, nnz_c = 0;
  // Variables with a non-zero term in A (aux), in B (inputs, aux): bellperson's densities.
  uint64_t a_aux_density = 0, b_input_density = 0, b_aux_density = 0;

  // Returns the digest as 64 lowercase hex digits, as TestConstraintSystem::hash() prints it.
  std::string Hex() const;
  // Compares the digests and every count.
  friend bool operator==(const R1csDigest&, const R1csDigest&) = default;
};

// Writes an R1CS in the digest's byte layout, combination by combination, and hashes it on a thread
// of its own: whoever feeds it (a synthesis) pays for laying out the bytes only. BLAKE2s is one
// sequential stream at about 0.4 GB/s (OpenSSL, one core of the project's VM), and a 32GiB PoRep
// partition's digest hashes 29.6 GB.
class R1csDigestWriter {
 public:
  // A coefficient as the digest writes it: 32 bytes, big-endian, canonical.
  using CoefficientBytes = std::array<uint8_t, Fr::kBytes>;

  // Writes the header: the input count (ONE included), the aux count and the constraint count.
  R1csDigestWriter(uint64_t inputs, uint64_t aux, uint64_t constraints);
  // Waits for the hashing thread (the digest is lost unless Finish was called).
  ~R1csDigestWriter();
  R1csDigestWriter(const R1csDigestWriter&) = delete;
  R1csDigestWriter& operator=(const R1csDigestWriter&) = delete;

  // Starts a combination of `terms` non-zero terms (the next `terms` AddTerm calls).
  void BeginCombination(uint64_t terms) {
    Reserve(8);
    at_ = PutU64(at_, terms);
  }
  // Adds one term of the combination begun: an input's or an aux variable's, by index.
  void AddTerm(bool input, uint64_t index, const CoefficientBytes& coeff) {
    Reserve(1 + 8 + Fr::kBytes);
    // Through a local pointer: a byte stored through the member could alias it, and the compiler
    // then reloads and stores it around every byte (a 32GiB partition's compile took 95 s, not 78).
    uint8_t* p = at_;
    *p = input ? 'I' : 'A';
    p = PutU64(p + 1, index);
    std::memcpy(p, coeff.data(), coeff.size());
    at_ = p + coeff.size();
  }
  // Adds `lc`'s merged non-zero terms as one combination and returns how many there were;
  // marks their variables in `input_density` and `aux_density` where given.
  uint64_t AddCombination(const LinearCombination& lc, std::vector<bool>* input_density = nullptr,
                          std::vector<bool>* aux_density = nullptr);
  // Returns `c`'s bytes, from a small cache: a circuit has few distinct coefficients (1, -1,
  // powers of two, a few constants), and converting each term's out of Montgomery form took a
  // fifth of a 32GiB partition's digest.
  const CoefficientBytes& BytesOf(const Fr& c);
  // Hashes what is left and returns the digest.
  std::array<uint8_t, 32> Finish();

 private:
  struct Hasher;  // the hashing thread and the buffers it shares
  void Reserve(size_t bytes) {
    if (static_cast<size_t>(end_ - at_) < bytes) Submit();
  }
  // Writes `v` big-endian at `p` and returns the byte after it.
  static uint8_t* PutU64(uint8_t* p, uint64_t v) {
    if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
    std::memcpy(p, &v, sizeof(v));
    return p + sizeof(v);
  }
  // Hands the current buffer to the hashing thread and takes a free one.
  void Submit();

  struct CachedCoefficient {
    Fr coeff;
    CoefficientBytes bytes{};
    bool filled = false;
  };
  std::unique_ptr<Hasher> hasher_;
  std::vector<uint8_t>* buffer_ = nullptr;  // being filled, owned by hasher_
  uint8_t* at_ = nullptr;
  uint8_t* end_ = nullptr;
  std::vector<CachedCoefficient> cache_;
};

// Synthesizes `circuit` twice (a counting pass for the header, then the hashing pass) and returns
// its digest. Memory: one bit per variable for the densities; constraints are streamed.
Result<R1csDigest> DigestCircuit(const Circuit& circuit);

}  // namespace cuzk::r1cs
