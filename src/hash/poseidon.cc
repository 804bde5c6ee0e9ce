// SPDX-License-Identifier: Apache-2.0 OR MIT
// Poseidon (Grassi, Khovratovich, Rechberger, Roy, Schofnegger, "Poseidon: A New Hash Function
// for Zero-Knowledge Proof Systems", USENIX Security 2021) with the parameter generation of its
// reference scripts (generate_parameters_grain.sage) as neptune applies it.
#include "hash/poseidon.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace cuzk::hash {
namespace {

// The 80-bit Grain LFSR in self-shrinking mode (Poseidon paper, Appendix F).
class GrainLfsr {
 public:
  GrainLfsr(size_t width, size_t full_rounds, size_t partial_rounds) {
    size_t pos = 0;
    auto push = [&](uint64_t value, int bits) {
      for (int b = bits - 1; b >= 0; --b) state_[pos++] = (value >> b) & 1;  // MSB first
    };
    push(1, 2);     // field: prime field
    push(1, 4);     // S-box: as neptune encodes x^5
    push(255, 12);  // field size in bits
    push(width, 12);
    push(full_rounds, 10);
    push(partial_rounds, 10);
    push((uint64_t{1} << 30) - 1, 30);
    for (int i = 0; i < 160; ++i) Clock();
  }
  // Returns the next output bit: draw (x, y); output y when x = 1, else draw again.
  bool Next() {
    for (;;) {
      bool x = Clock();
      bool y = Clock();
      if (x) return y;
    }
  }

 private:
  // b[i+80] = b[i+62] ^ b[i+51] ^ b[i+38] ^ b[i+23] ^ b[i+13] ^ b[i]; returns the new bit.
  bool Clock() {
    auto at = [&](size_t k) { return state_[(head_ + k) % 80]; };
    bool bit = at(62) ^ at(51) ^ at(38) ^ at(23) ^ at(13) ^ at(0);
    state_[head_] = bit;  // overwrites b[i], which becomes b[i+80]
    head_ = (head_ + 1) % 80;
    return bit;
  }
  std::array<bool, 80> state_{};
  size_t head_ = 0;
};

std::unique_ptr<PoseidonParams> Generate(size_t arity, size_t partial_rounds) {
  auto p = std::make_unique<PoseidonParams>();
  p->arity = arity;
  p->width = arity + 1;
  p->partial_rounds = partial_rounds;
  p->merkle_tag = Fr::FromUint64((uint64_t{1} << arity) - 1);
  size_t t = p->width;
  p->round_constants =
      GrainRoundConstants(t, p->full_rounds, partial_rounds, (p->full_rounds + partial_rounds) * t);
  // Cauchy matrix 1/(x_i + y_j) with x_i = i, y_j = t + j.
  std::vector<Fr> entries(t * t);
  for (size_t i = 0; i < t; ++i) {
    for (size_t j = 0; j < t; ++j) entries[i * t + j] = Fr::FromUint64(i + j + t);
  }
  Fr::BatchInverse(entries);
  p->mds.assign(t, std::vector<Fr>(t));
  for (size_t i = 0; i < t; ++i) {
    for (size_t j = 0; j < t; ++j) p->mds[i][j] = entries[i * t + j];
  }
  return p;
}

}  // namespace

Result<size_t> PoseidonPartialRounds(size_t arity) {
  switch (arity) {
    case 2:
      return size_t{55};
    case 4:
      return size_t{56};
    case 8:
      return size_t{57};
    case 11:
      return size_t{57};
    case 16:
      return size_t{59};
    case 24:
      return size_t{59};
    case 36:
      return size_t{60};
  }
  return Status::InvalidArgument("Poseidon arity " + std::to_string(arity) +
                                 " is not one Filecoin uses (2, 4, 8, 11, 16, 24, 36)");
}

std::vector<Fr> GrainRoundConstants(size_t width, size_t full_rounds, size_t partial_rounds,
                                    size_t count) {
  GrainLfsr lfsr(width, full_rounds, partial_rounds);
  std::vector<Fr> out;
  out.reserve(count);
  while (out.size() < count) {
    // A candidate is 255 output bits read big-endian; values >= r are rejected.
    ff::Limbs<4> v{};
    for (int bit = 254; bit >= 0; --bit) {
      if (lfsr.Next()) v[bit / 64] |= uint64_t{1} << (bit % 64);
    }
    if (auto f = Fr::FromCanonical(v)) out.push_back(*f);
  }
  return out;
}

Result<const PoseidonParams*> PoseidonParamsFor(size_t arity) {
  auto partial = PoseidonPartialRounds(arity);
  RETURN_IF_ERROR(partial);
  static std::mutex mu;
  static std::map<size_t, std::unique_ptr<PoseidonParams>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[arity];
  if (!slot) slot = Generate(arity, *partial);
  return static_cast<const PoseidonParams*>(slot.get());
}

void PoseidonPermute(const PoseidonParams& params, std::span<Fr> state) {
  size_t t = params.width;
  size_t half = params.full_rounds / 2;
  size_t rounds = params.full_rounds + params.partial_rounds;
  std::vector<Fr> mixed(t);
  for (size_t r = 0; r < rounds; ++r) {
    const Fr* rk = &params.round_constants[r * t];
    bool full = r < half || r >= half + params.partial_rounds;
    for (size_t i = 0; i < t; ++i) state[i] += rk[i];
    for (size_t i = 0; i < (full ? t : 1); ++i) {
      Fr sq = state[i].Square();
      state[i] *= sq.Square();  // x^5
    }
    // state <- state * M (row vector): new[j] = sum_i M[i][j] s[i].
    for (size_t j = 0; j < t; ++j) {
      Fr acc;
      for (size_t i = 0; i < t; ++i) acc += params.mds[i][j] * state[i];
      mixed[j] = acc;
    }
    std::copy(mixed.begin(), mixed.end(), state.begin());
  }
}

Result<Fr> PoseidonHash(std::span<const Fr> preimage) {
  auto params = PoseidonParamsFor(preimage.size());
  RETURN_IF_ERROR(params);
  std::vector<Fr> state(preimage.size() + 1);
  state[0] = (*params)->merkle_tag;
  std::copy(preimage.begin(), preimage.end(), state.begin() + 1);
  PoseidonPermute(**params, state);
  return state[1];
}

Result<Fr> PoseidonHashTyped(std::span<const Fr> preimage, size_t arity, PoseidonHashType type) {
  auto params = PoseidonParamsFor(arity);
  RETURN_IF_ERROR(params);
  std::vector<Fr> state(arity + 1);
  switch (type) {
    case PoseidonHashType::kMerkleTree:
      if (preimage.size() != arity) {
        return Status::InvalidArgument("a Merkle-tree Poseidon hash of arity " +
                                       std::to_string(arity) + " takes exactly that many elements");
      }
      state[0] = (*params)->merkle_tag;
      break;
    case PoseidonHashType::kGenRandomness:
      if (preimage.size() != arity) {
        return Status::InvalidArgument("a gen-randomness Poseidon hash of arity " +
                                       std::to_string(arity) + " takes exactly that many elements");
      }
      state[0] = Fr::FromUint64(uint64_t{1} << 40);
      break;
    case PoseidonHashType::kConstantLength:
      if (preimage.empty() || preimage.size() > arity) {
        return Status::InvalidArgument("a constant-length Poseidon hash of arity " +
                                       std::to_string(arity) + " takes 1 to that many elements");
      }
      // len * 2^64 (neptune x_pow2(len, 64)).
      state[0] = Fr::FromUint64(preimage.size()) * Fr::FromUint64(uint64_t{1} << 32) *
                 Fr::FromUint64(uint64_t{1} << 32);
      break;
  }
  std::copy(preimage.begin(), preimage.end(), state.begin() + 1);  // the rest stays zero
  PoseidonPermute(**params, state);
  return state[1];
}

Result<Fr> PoseidonHashMd(std::span<const Fr> input) {
  if (input.size() < 2) return Status::InvalidArgument("hash_md needs at least 2 elements");
  std::vector<Fr> block(kPoseidonMdArity);
  Fr acc = input[0];
  for (size_t i = 1; i < input.size(); i += kPoseidonMdArity - 1) {
    size_t n = std::min(kPoseidonMdArity - 1, input.size() - i);
    std::fill(block.begin(), block.end(), Fr::Zero());
    block[0] = acc;
    std::copy_n(input.begin() + i, n, block.begin() + 1);
    auto h = PoseidonHash(block);
    RETURN_IF_ERROR(h);
    acc = *h;
  }
  return acc;
}

}  // namespace cuzk::hash
