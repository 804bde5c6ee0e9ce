// SPDX-License-Identifier: Apache-2.0 OR MIT
// PoSt vanilla proofs: the JSON list of base64 proofs cuzk-bench reads, and each bincode
// FallbackPoStSectorProof (the bytes Curio sends); the input is tried as both.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "filecoin/post_vanilla.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)cuzk::filecoin::ParseFallbackPoStSectorProof(std::span<const uint8_t>(data, size));
  auto list = cuzk::filecoin::ParseVanillaProofList(
      std::string_view(reinterpret_cast<const char*>(data), size));
  if (list.ok()) {
    for (const std::string& proof : *list) {
      (void)cuzk::filecoin::ParseFallbackPoStSectorProof(
          std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(proof.data()), proof.size()));
    }
  }
  return 0;
}
