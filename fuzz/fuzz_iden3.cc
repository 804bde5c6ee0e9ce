// SPDX-License-Identifier: Apache-2.0 OR MIT
// The iden3 .r1cs and .wtns readers (they read files: the input goes through one in /tmp). The
// first byte picks the reader.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "r1cs/iden3.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::string path = "/tmp/cuzk-fuzz-iden3-" + std::to_string(getpid());
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  if (data[0] % 2 == 0) {
    (void)cuzk::r1cs::ReadIden3R1cs(path);
  } else {
    (void)cuzk::r1cs::ReadIden3Witness(path);
  }
  return 0;
}
