// SPDX-License-Identifier: Apache-2.0 OR MIT
// Internal to the C1 reader and validator: JSON paths for error messages.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"

namespace cuzk::filecoin::internal {

// A JSON path as a chain of stack frames: a key or an index per level, rendered on error only.
// Each frame points at its parent, so a named JsonPath must be built from a named parent.
struct JsonPath {
  const JsonPath* parent = nullptr;
  std::string_view key;  // empty: an array index
  size_t index = 0;

  JsonPath Key(std::string_view k) const { return JsonPath{this, k, 0}; }
  JsonPath Index(size_t i) const { return JsonPath{this, {}, i}; }

  std::string ToString() const {
    std::string prefix = parent ? parent->ToString() : std::string();
    if (!parent) return std::string(key);
    if (key.empty()) return prefix + "[" + std::to_string(index) + "]";
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
  }
  Status Error(const std::string& what) const {
    std::string where = ToString();
    return Status::InvalidArgument("C1 " + (where.empty() ? std::string("top level") : where) +
                                   ": " + what);
  }
};

}  // namespace cuzk::filecoin::internal
