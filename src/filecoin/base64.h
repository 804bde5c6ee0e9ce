// SPDX-License-Identifier: Apache-2.0 OR MIT
// Standard base64 (RFC 4648 with padding) as Go's encoding/json writes []byte: Curio's C1 wrapper
// and PoSt vanilla-proof files use it.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"

namespace cuzk::filecoin {

// Returns the padded standard base64 of `bytes`.
std::string EncodeBase64(std::string_view bytes);
// Decodes padded standard base64; an error for any other text.
Result<std::string> DecodeBase64(std::string_view text);

}  // namespace cuzk::filecoin
