// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/logging.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <string_view>

namespace cuzk::engine {
namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// env_logger's level names (and spdlog's "warning"), case-insensitive.
bool LevelByName(const std::string& name, spdlog::level::level_enum* level) {
  static const std::pair<const char*, spdlog::level::level_enum> kLevels[] = {
      {"off", spdlog::level::off},    {"error", spdlog::level::err},
      {"warn", spdlog::level::warn},  {"warning", spdlog::level::warn},
      {"info", spdlog::level::info},  {"debug", spdlog::level::debug},
      {"trace", spdlog::level::trace}};
  const std::string lower = Lower(name);
  for (const auto& [n, l] : kLevels) {
    if (lower == n) {
      *level = l;
      return true;
    }
  }
  return false;
}

// The Rust cuzk's crates and modules ("cuzk_core::engine") are all this program's one logger.
bool IsCuzkTarget(const std::string& target) { return Lower(target).rfind("cuzk", 0) == 0; }

void AppendJsonString(std::string_view s, spdlog::memory_buf_t& dest) {
  dest.push_back('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      dest.push_back('\\');
      dest.push_back(c);
    } else if (u < 0x20) {  // control characters as \u00XX (JSON allows it for all of them)
      fmt::format_to(std::back_inserter(dest), "\\u{:04x}", static_cast<unsigned>(u));
    } else {
      dest.push_back(c);
    }
  }
  dest.push_back('"');
}

}  // namespace

Result<spdlog::level::level_enum> ParseLogDirectives(const std::string& directives,
                                                     std::vector<std::string>* ignored) {
  spdlog::level::level_enum fallback = spdlog::level::info, ours = spdlog::level::off;
  bool has_ours = false;
  size_t start = 0;
  while (start <= directives.size()) {
    size_t comma = directives.find(',', start);
    if (comma == std::string::npos) comma = directives.size();
    // env_logger allows a "/regex" message filter after the directives; it has no use here.
    std::string d = Trim(std::string_view(directives).substr(start, comma - start));
    d = Trim(d.substr(0, d.find('/')));
    start = comma + 1;
    if (d.empty()) continue;
    spdlog::level::level_enum level;
    const size_t eq = d.find('=');
    if (eq == std::string::npos) {
      if (LevelByName(d, &level)) {
        fallback = level;
        continue;
      }
      level = spdlog::level::trace;  // a bare target: everything it logs
    } else if (!LevelByName(Trim(std::string_view(d).substr(eq + 1)), &level)) {
      return Status::InvalidArgument("log level \"" + d.substr(eq + 1) +
                                     "\": expected off, error, warn, info, debug or trace");
    }
    const std::string target = Trim(std::string_view(d).substr(0, eq));
    if (target.empty()) {
      fallback = level;
    } else if (IsCuzkTarget(target)) {
      // The most verbose (spdlog's lowest) of the cuzk targets' levels.
      ours = has_ours ? std::min(ours, level) : level;
      has_ours = true;
    } else if (ignored) {
      ignored->push_back(target);
    }
  }
  return has_ours ? ours : fallback;
}

void JsonLogFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
  const auto since_epoch = msg.time.time_since_epoch();
  const std::time_t seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch).count();
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch).count() % 1000;
  std::tm local{};
  localtime_r(&seconds, &local);
  char ts[32];
  std::strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &local);
  // The Rust ecosystem's level names (spdlog's are "warning", "critical").
  static constexpr std::string_view kNames[] = {"trace", "debug", "info", "warn",
                                                "error", "error", "off"};
  const std::string_view level = kNames[std::min<size_t>(msg.level, std::size(kNames) - 1)];
  const std::string_view text(msg.payload.data(), msg.payload.size());
  fmt::format_to(std::back_inserter(dest), "{{\"ts\":\"{}.{:03d}\",\"level\":", ts,
                 static_cast<int>(millis));
  AppendJsonString(level, dest);
  dest.append(std::string_view(",\"target\":\"cuzk\",\"message\":"));
  AppendJsonString(text, dest);
  // The engine's job messages start "job ID: ...".
  if (text.rfind("job ", 0) == 0) {
    const size_t colon = text.find(':', 4);
    const size_t space = text.find(' ', 4);
    if (colon != std::string_view::npos && colon > 4 && colon < space) {
      dest.append(std::string_view(",\"job_id\":"));
      AppendJsonString(text.substr(4, colon - 4), dest);
    }
  }
  dest.append(std::string_view("}\n"));
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const {
  return std::make_unique<JsonLogFormatter>();
}

Status ConfigureLogging(spdlog::level::level_enum level, const std::string& format) {
  const std::string f = Lower(format);
  if (f == "json") {
    spdlog::set_formatter(std::make_unique<JsonLogFormatter>());
  } else if (f == "text") {
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  } else {
    return Status::InvalidArgument("log format \"" + format + "\": expected text or json");
  }
  spdlog::set_level(level);
  spdlog::flush_on(spdlog::level::info);  // a log file (or a pipe) sees each line at once
  return Status::Ok();
}

}  // namespace cuzk::engine
