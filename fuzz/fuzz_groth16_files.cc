// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Groth16 file formats: a .params file, a .vk file and a 192-byte proof. The first byte picks
// the reader, so one corpus holds all three.
#include <cstddef>
#include <cstdint>
#include <span>

#include "groth16/params_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::span<const uint8_t> bytes(data + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      (void)cuzk::groth16::ParseParams(bytes, cuzk::ec::SubgroupCheck::kSkip, 1);
      break;
    case 1:
      (void)cuzk::groth16::ParseVerifyingKey(bytes);
      break;
    default:
      (void)cuzk::groth16::ParseProof(bytes);
  }
  return 0;
}
