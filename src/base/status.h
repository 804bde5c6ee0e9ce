// SPDX-License-Identifier: Apache-2.0 OR MIT
// Status and Result<T>: how every fallible cuzk function reports what went wrong, without throwing.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace cuzk {

// The kind of failure; the message says what exactly was wrong.
// kUnavailable: a resource the call needs is missing or exhausted (no GPU, device memory full).
enum class StatusCode {
  kOk,
  kInvalidArgument,
  kNotFound,
  kOutOfRange,
  kInternal,
  kCancelled,
  kUnavailable
};

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
  // Returns this error with `context` (e.g. "partition 3: ") put before its message; its code
  // stays (a cancelled step stays kCancelled on its way up).
  Status Prefixed(const std::string& context) const { return Status(code_, context + message_); }

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value of type T or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design, like absl::StatusOr.
  // An error. An OK status carries no value, so it becomes an internal error that says so rather
  // than a Result that is neither a value nor an error.
  Result(Status status) : status_(std::move(status)) {  // NOLINT
    if (status_.ok()) {
      status_ =
          Status(StatusCode::kInternal, "a Result was made from an OK status, without a value");
    }
  }

  // Returns true iff a value is present.
  bool ok() const { return value_.has_value(); }
  // Returns the error status (OK when a value is present).
  const Status& status() const { return status_; }
  // Returns the value; only valid when ok().
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const& { return *value_; }
  T& operator*() & { return *value_; }
  T&& operator*() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

namespace internal {
// The status of a Status or of a Result, for RETURN_IF_ERROR.
inline const Status& StatusOf(const Status& status) { return status; }
template <typename T>
const Status& StatusOf(const Result<T>& result) {
  return result.status();
}
}  // namespace internal

}  // namespace cuzk

// Returns from the enclosing function with the error of `expr` (a Status or a Result) if it is
// one.
#define RETURN_IF_ERROR(expr) \
  CUZK_RETURN_IF_ERROR_IMPL_(CUZK_STATUS_CONCAT_(cuzk_status_or_, __LINE__), expr)
// (The variable is named after the line, so a use inside a lambda within another does not shadow.)
#define CUZK_RETURN_IF_ERROR_IMPL_(name, expr)   \
  do {                                           \
    if (const auto& name = (expr); !name.ok()) { \
      return ::cuzk::internal::StatusOf(name);   \
    }                                            \
  } while (false)

// Evaluates `expr` (a Result); returns its error from the enclosing function, or moves its value
// into `lhs` (a declaration such as `auto x` or an existing variable).
#define ASSIGN_OR_RETURN(lhs, expr) \
  CUZK_ASSIGN_OR_RETURN_IMPL_(CUZK_STATUS_CONCAT_(cuzk_result_, __LINE__), lhs, expr)
#define CUZK_ASSIGN_OR_RETURN_IMPL_(result, lhs, expr) \
  auto result = (expr);                                \
  if (!result.ok()) return result.status();            \
  lhs = std::move(result).value()
#define CUZK_STATUS_CONCAT_(a, b) CUZK_STATUS_CONCAT_INNER_(a, b)
#define CUZK_STATUS_CONCAT_INNER_(a, b) a##b
