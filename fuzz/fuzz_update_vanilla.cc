// SPDX-License-Identifier: Apache-2.0 OR MIT
// SnapDeals vanilla proofs: one bincode PartitionProof (the bytes Curio sends per partition).
#include <cstddef>
#include <cstdint>
#include <span>

#include "filecoin/update_vanilla.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)cuzk::filecoin::ParseUpdatePartitionProof(std::span<const uint8_t>(data, size));
  return 0;
}
