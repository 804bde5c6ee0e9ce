// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's TOML configuration: any text gives a configuration or an error naming the key.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cuzk::engine::DaemonConfig config;
  (void)cuzk::engine::ParseDaemonConfig(std::string(reinterpret_cast<const char*>(data), size),
                                        &config);
  return 0;
}
