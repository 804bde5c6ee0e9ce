// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/logging.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include <nlohmann/json.hpp>
#include <sstream>

namespace cuzk::engine {
namespace {

using spdlog::level::level_enum;

level_enum Level(const std::string& directives, std::vector<std::string>* ignored = nullptr) {
  auto level = ParseLogDirectives(directives, ignored);
  EXPECT_TRUE(level.ok()) << directives << ": " << level.status().message();
  return level.ok() ? *level : level_enum::n_levels;
}

TEST(LogDirectivesTest, LevelsAnyCaseAndRustLogDirectives) {
  EXPECT_EQ(Level("info"), level_enum::info);
  EXPECT_EQ(Level("WARN"), level_enum::warn);
  EXPECT_EQ(Level("Warning"), level_enum::warn);
  EXPECT_EQ(Level("error"), level_enum::err);
  EXPECT_EQ(Level("trace"), level_enum::trace);
  EXPECT_EQ(Level("off"), level_enum::off);
  EXPECT_EQ(Level(""), level_enum::info);
  // The Rust daemon's own RUST_LOG: its crates at debug, the rest at info.
  EXPECT_EQ(Level("cuzk_core=debug,info"), level_enum::debug);
  EXPECT_EQ(Level("info,cuzk_core=warn"), level_enum::warn);
  EXPECT_EQ(Level("cuzk_daemon::engine=trace, cuzk_core=DEBUG"), level_enum::trace);
  EXPECT_EQ(Level("cuzk_core"), level_enum::trace);  // a bare target: all of its messages
  EXPECT_EQ(Level("=error"), level_enum::err);
  EXPECT_EQ(Level("debug/proved"), level_enum::debug);  // env_logger's message filter dropped
  std::vector<std::string> ignored;
  EXPECT_EQ(Level("h2=warn,tonic=info,error", &ignored), level_enum::err);
  EXPECT_EQ(ignored, (std::vector<std::string>{"h2", "tonic"}));
  // A word that is no level is a target (as env_logger and tracing read it): ignored here.
  ignored.clear();
  EXPECT_EQ(Level("verbose", &ignored), level_enum::info);
  EXPECT_EQ(ignored, (std::vector<std::string>{"verbose"}));
}

TEST(LogDirectivesTest, UnknownLevelsAreErrorsQuotingThem) {
  for (const char* bad : {"cuzk_core=loud", "info,cuzk=5", "=verbose"}) {
    auto level = ParseLogDirectives(bad, nullptr);
    ASSERT_FALSE(level.ok()) << bad;
    EXPECT_NE(level.status().message().find("expected off, error, warn, info, debug or trace"),
              std::string::npos);
  }
}

// Each record is one JSON object per line, with the job id of job messages.
TEST(JsonLogFormatterTest, OneObjectPerLineWithTheJobId) {
  std::ostringstream out;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  sink->set_formatter(std::make_unique<JsonLogFormatter>());
  spdlog::logger logger("json-test", sink);
  logger.set_level(level_enum::debug);
  logger.info("job porep-1000-9: completed in {} ms", 1234);
  logger.warn("a \"quoted\"\\path\twith\ncontrol \x01 characters");
  logger.debug("job without a colon");
  std::istringstream lines(out.str());
  std::vector<nlohmann::json> records;
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["level"], "info");
  EXPECT_EQ(records[0]["target"], "cuzk");
  EXPECT_EQ(records[0]["message"], "job porep-1000-9: completed in 1234 ms");
  EXPECT_EQ(records[0]["job_id"], "porep-1000-9");
  EXPECT_EQ(records[1]["level"], "warn");
  EXPECT_EQ(records[1]["message"], "a \"quoted\"\\path\twith\ncontrol \x01 characters");
  EXPECT_FALSE(records[1].contains("job_id"));
  EXPECT_FALSE(records[2].contains("job_id"));
  EXPECT_EQ(records[0]["ts"].get<std::string>().size(), 23u);  // 2026-12-06T06:54:26.165
}

TEST(ConfigureLoggingTest, TextOrJsonElseAnError) {
  EXPECT_TRUE(ConfigureLogging(level_enum::info, "json").ok());
  EXPECT_TRUE(ConfigureLogging(level_enum::info, "text").ok());
  EXPECT_FALSE(ConfigureLogging(level_enum::info, "xml").ok());
}

}  // namespace
}  // namespace cuzk::engine
