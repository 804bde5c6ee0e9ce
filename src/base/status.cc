// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/status.h"

namespace cuzk {

std::string Status::ToString() const {
  switch (code_) {
    case StatusCode::kOk:
      return "OK";
    case StatusCode::kInvalidArgument:
      return "invalid argument: " + message_;
    case StatusCode::kNotFound:
      return "not found: " + message_;
    case StatusCode::kOutOfRange:
      return "out of range: " + message_;
    case StatusCode::kInternal:
      return "internal: " + message_;
    case StatusCode::kCancelled:
      return "cancelled: " + message_;
    case StatusCode::kUnavailable:
      return "unavailable: " + message_;
  }
  return "unknown: " + message_;
}

}  // namespace cuzk
