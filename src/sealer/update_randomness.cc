// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "sealer/update_randomness.h"

#include <bit>

#include "filecoin/registered_update.h"
#include "hash/poseidon.h"

namespace cuzk::sealer {
namespace {

using ff::Fr;

Fr GenRandomness(const Fr& a, const Fr& b) {
  Fr preimage[] = {a, b};
  return *hash::PoseidonHashTyped(preimage, 2, hash::PoseidonHashType::kGenRandomness);
}

unsigned Log2(uint64_t power_of_two) {
  return static_cast<unsigned>(std::countr_zero(power_of_two));
}

}  // namespace

Fr UpdatePhiOf(const Fr& comm_d_new, const Fr& comm_r_old) {
  return GenRandomness(comm_d_new, comm_r_old);
}

Fr UpdateRhoOf(const Fr& phi, uint64_t nodes, uint64_t c, uint32_t h) {
  return GenRandomness(phi, Fr::FromUint64(c >> (Log2(nodes) - h)));
}

std::vector<uint64_t> UpdateChallengesOf(uint64_t nodes, const Fr& comm_r_new, uint32_t k) {
  const uint64_t partitions = filecoin::UpdatePartitions(nodes);
  const uint64_t count = filecoin::UpdateChallengesPerPartition(nodes);
  const unsigned bits = Log2(nodes) - Log2(partitions);  // random bits per challenge
  const uint64_t per_digest = 254 / bits;
  const uint64_t digests = (count + per_digest - 1) / per_digest;
  std::vector<uint64_t> challenges;
  challenges.reserve(count);
  for (uint64_t j = 0; j < digests; ++j) {
    auto digest = GenRandomness(comm_r_new, Fr::FromUint64(k * digests + j)).ToBytesLE();
    unsigned offset = 0;  // bit position in the digest, little-endian
    for (uint64_t c = 0; c < per_digest && challenges.size() < count; ++c, offset += bits) {
      uint64_t value = 0;
      for (unsigned b = 0; b < bits; ++b) {
        unsigned pos = offset + b;
        value |= uint64_t{(digest[pos / 8] >> (pos % 8)) & 1u} << b;
      }
      challenges.push_back(value + (uint64_t{k} << bits));
    }
  }
  return challenges;
}

}  // namespace cuzk::sealer
