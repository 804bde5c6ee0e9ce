// SPDX-License-Identifier: Apache-2.0 OR MIT
// Log settings as an operator of the Rust cuzk writes them: a level ("info", "WARN") or a
// RUST_LOG-style list of directives ("cuzk_core=debug,info"), and the line format, text or
// JSON (one object per line), applied to spdlog's default logger.
#pragma once

#include <spdlog/formatter.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"

namespace cuzk::engine {

// The level a directive list sets for this program's one logger. Directives are separated by
// commas: a bare level sets the default; `target=level` sets a target's, and targets naming a
// cuzk component ("cuzk", "cuzk_core", "cuzk_daemon::engine", ...) apply here, the most verbose
// winning over the default; `target` alone means all of its messages (trace). Levels are
// case-insensitive: off, error, warn (warning), info, debug, trace. Other targets (the Rust
// stack's "h2", "tonic", ...) have no counterpart here and are listed in `*ignored`.
Result<spdlog::level::level_enum> ParseLogDirectives(const std::string& directives,
                                                     std::vector<std::string>* ignored);

// Writes each record as one JSON object: ts (local time, ISO 8601 with milliseconds), level,
// target ("cuzk"), message, and job_id when the message is about a job ("job ID: ...").
class JsonLogFormatter : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
  std::unique_ptr<spdlog::formatter> clone() const override;
};

// Applies `level` and `format` ("text" or "json") to the default logger; the text format is
// "2026-12-06T06:54:26.165 info message".
Status ConfigureLogging(spdlog::level::level_enum level, const std::string& format);

}  // namespace cuzk::engine
