// SPDX-License-Identifier: Apache-2.0 OR MIT
// Status and Result<T>: how every fallible cuzk function reports what went wrong, without throwing.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace cuzk {

// The kind of failure; the message says what exactly was wrong.
enum class StatusCode { kOk, kInvalidArgument, kNotFound, kOutOfRange, kInternal, kCancelled };

// Outcome of an operation: ok, or a code and a message naming the offending input.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  // Returns a success status.
  static Status Ok() { return Status(); }
  // Returns an error for malformed or out-of-range input.
  static Status InvalidArgument(std::string message) {
    return Status(StatusCode::kInvalidArgument, std::move(message));
  }

  // Returns true iff the status indicates success.
  bool ok() const { return code_ == StatusCode::kOk; }
  // Returns the failure kind (kOk on success).
  StatusCode code() const { return code_; }
  // Returns the human-readable failure description (empty on success).
  const std::string& message() const { return message_; }
  // Returns "OK" or "<code>: <message>".
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value of type T or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design, like absl::StatusOr.
  Result(Status status) : status_(std::move(status)) {}  // NOLINT

  // Returns true iff a value is present.
  bool ok() const { return value_.has_value(); }
  // Returns the error status (OK when a value is present).
  const Status& status() const { return status_; }
  // Returns the value; only valid when ok().
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const& { return *value_; }
  const T* operator->() const { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace cuzk
