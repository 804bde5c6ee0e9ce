// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals vanilla proofs: one bincode PartitionProof (the bytes Curio sends per partition), read
// as the SHA-256 variant's and as the Poseidon variant's.
#include <cstddef>
#include <cstdint>
#include <span>

#include "filecoin/update_poseidon_vanilla.h"
#include "filecoin/update_vanilla.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> bytes(data, size);
  (void)cuzk::filecoin::ParseUpdatePartitionProof(bytes);
  (void)cuzk::filecoin::ParseUpdatePoseidonPartitionProof(bytes);
  return 0;
}
