// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "filecoin/sdr_label.h"

#include <cstring>

#include "hash/sha256.h"

namespace cuzk::filecoin {

Bytes32 SdrLabel(const ff::Fr& replica_id, uint32_t layer, uint64_t node,
                 std::span<const Bytes32, kLabelParents> parents) {
  uint8_t message[64 + kLabelParents * 32] = {};
  Bytes32 id = replica_id.ToBytesLE();
  std::memcpy(message, id.data(), 32);
  for (int i = 0; i < 4; ++i) message[32 + i] = static_cast<uint8_t>(layer >> (24 - 8 * i));
  for (int i = 0; i < 8; ++i) message[36 + i] = static_cast<uint8_t>(node >> (56 - 8 * i));
  size_t length = 64;
  if (node > 0) {
    for (size_t k = 0; k < parents.size(); ++k)
      std::memcpy(message + 64 + 32 * k, parents[k].data(), 32);
    length = sizeof(message);
  }
  return hash::TruncateTo254Bits(hash::Sha256(std::span<const uint8_t>(message, length)));
}

}  // namespace cuzk::filecoin
