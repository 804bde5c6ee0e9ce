// SPDX-License-Identifier: Apache-2.0 OR MIT
// Hexadecimal encoding of byte strings, as used by test vectors, logs and the CLI.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace cuzk {

// Returns the lower-case hex encoding of `bytes`, two digits per byte, no prefix.
std::string ToHex(std::span<const uint8_t> bytes);

// Parses hex digits (an optional "0x" prefix, either case) into bytes; odd length is an error.
Result<std::vector<uint8_t>> FromHex(std::string_view hex);

}  // namespace cuzk
