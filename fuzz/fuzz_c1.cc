// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C1 reader (raw JSON and Curio's wrapper), its shape validation and the native check of its
// vanilla proofs: any bytes give a C1 or an error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "filecoin/c1.h"
#include "filecoin/c1_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view json(reinterpret_cast<const char*>(data), size);
  auto c1 = cuzk::filecoin::ParseC1(json);
  if (c1.ok()) (void)cuzk::filecoin::CheckC1Proofs(*c1, 1);
  return 0;
}
