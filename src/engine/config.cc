// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/config.h"

#include <toml++/toml.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <type_traits>

namespace cuzk::engine {
namespace {

// Reads table.key into `out` when present; a value of the wrong type is an error naming it.
template <typename T, typename Out>
Status Read(const toml::table& table, const std::string& section, const char* key, Out* out) {
  const toml::node* node = table.get(key);
  if (!node) return Status::Ok();
  // Booleans and integers exactly: toml++ would read 1 as true, and convert a float such as
  // 4024e82 to an integer with undefined behaviour (found by fuzz_config). A float key may be
  // given an integer.
  std::optional<T> value;
  if constexpr (std::is_floating_point_v<T>) {
    value = node->value<T>();
  } else {
    value = node->value_exact<T>();
  }
  if (!value) {
    return Status::InvalidArgument("config [" + section + "] " + key + ": wrong type");
  }
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (*value < 0)
      return Status::InvalidArgument("config [" + section + "] " + key + ": negative");
  }
  *out = static_cast<Out>(*value);
  return Status::Ok();
}

// Reads table.key, a size (a string as ParseSize takes, or an integer of bytes), into `out` when
// present; the error names the key and quotes the value.
Status ReadSize(const toml::table& table, const std::string& section, const char* key,
                uint64_t* out) {
  const toml::node* node = table.get(key);
  if (!node) return Status::Ok();
  if (auto bytes = node->value_exact<int64_t>(); bytes && *bytes >= 0) {
    *out = static_cast<uint64_t>(*bytes);
    return Status::Ok();
  }
  auto text = node->value<std::string>();
  auto size = text ? ParseSize(*text) : Result<uint64_t>(Status::InvalidArgument("not a size"));
  if (!size.ok()) {
    return Status::InvalidArgument("config [" + section + "] " + key + ": '" +
                                   (text ? *text : std::string("?")) +
                                   "' is not a size (such as 256GiB, 500MiB, 5GB or bytes)");
  }
  *out = *size;
  return Status::Ok();
}

// Reads table.key, a duration (a string as ParseDuration takes, or an integer of seconds), into
// `out` when present; the error names the key and quotes the value.
Status ReadDuration(const toml::table& table, const std::string& section, const char* key,
                    std::chrono::seconds* out) {
  const toml::node* node = table.get(key);
  if (!node) return Status::Ok();
  if (auto seconds = node->value_exact<int64_t>(); seconds && *seconds >= 0) {
    *out = std::chrono::seconds(*seconds);
    return Status::Ok();
  }
  auto text = node->value<std::string>();
  auto duration =
      text ? ParseDuration(*text) : Result<std::chrono::seconds>(Status::InvalidArgument("?"));
  if (!duration.ok()) {
    return Status::InvalidArgument("config [" + section + "] " + key + ": '" +
                                   (text ? *text : std::string("?")) +
                                   "' is not a duration (such as 5m, 30s, 1h or seconds)");
  }
  *out = *duration;
  return Status::Ok();
}

}  // namespace

Result<std::chrono::seconds> ParseDuration(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) {
    return Status::InvalidArgument("'" + text + "' is not a duration");
  }
  int64_t value = std::stoll(text.substr(0, digits));
  std::string unit = text.substr(digits);
  if (unit.empty() || unit == "s") return std::chrono::seconds(value);
  if (unit == "m") return std::chrono::seconds(value * 60);
  if (unit == "h") return std::chrono::seconds(value * 3600);
  return Status::InvalidArgument("'" + text + "' is not a duration");
}

Result<uint64_t> ParseSize(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 18) return Status::InvalidArgument("'" + text + "' is not a size");
  uint64_t value = std::stoull(text.substr(0, digits));
  std::string unit = text.substr(digits);
  while (!unit.empty() && unit.front() == ' ') unit.erase(unit.begin());
  static const std::map<std::string, uint64_t> kUnits = {{"", 1},
                                                         {"B", 1},
                                                         {"KiB", 1ull << 10},
                                                         {"MiB", 1ull << 20},
                                                         {"GiB", 1ull << 30},
                                                         {"TiB", 1ull << 40},
                                                         {"KB", 1000},
                                                         {"MB", 1000000},
                                                         {"GB", 1000000000},
                                                         {"TB", 1000000000000}};
  auto it = kUnits.find(unit);
  if (it == kUnits.end() || value > UINT64_MAX / it->second)
    return Status::InvalidArgument("'" + text + "' is not a size");
  return value * it->second;
}

Result<uint64_t> GibToBytes(double gib, const std::string& setting) {
  if (gib == 0) return uint64_t{0};
  if (!std::isfinite(gib) || gib < 0 || gib > double(1 << 20)) {
    std::ostringstream value;
    value << gib;
    return Status::InvalidArgument(setting + ": " + value.str() +
                                   " is not 0 (automatic) or a number of GiB up to 1048576");
  }
  return static_cast<uint64_t>(gib * double(1ull << 30));
}

Status CheckDaemonLimits(DaemonConfig* config, size_t hardware_threads, uint64_t memory_bytes) {
  Engine::Config& e = config->engine;
  auto outside = [](const std::string& setting, uint64_t value, const std::string& range) {
    return Status::InvalidArgument(setting + ": " + std::to_string(value) + " is outside " + range);
  };
  if (e.workers < 1 || e.workers > 1024) {
    return outside("prover workers (--workers, [scheduler] workers)", e.workers, "1-1024");
  }
  if (e.synthesis_lookahead != Engine::kAutoLookahead && e.synthesis_lookahead > 64) {
    return outside("synthesis lookahead (--synthesis-lookahead, [pipeline] synthesis_lookahead)",
                   e.synthesis_lookahead, "0-64");
  }
  if (e.synthesis_workers > 1024) {
    return outside("synthesis workers ([pipeline] max_parallel_synthesis)", e.synthesis_workers,
                   "0-1024 (0: automatic)");
  }
  if (config->gpus.workers_per_device > 16) {
    return outside("GPU workers per device ([gpus] gpu_workers_per_device)",
                   config->gpus.workers_per_device, "1-16");
  }
  if (e.result_ttl.count() < 0 || e.result_ttl > std::chrono::hours(24 * 365)) {
    return Status::InvalidArgument("result TTL (--result-ttl, [scheduler] result_ttl_seconds): " +
                                   std::to_string(e.result_ttl.count()) +
                                   " s is outside 0-31536000 s");
  }
  for (auto [setting, threads] :
       {std::pair<const char*, size_t*>{"threads per proof (--prover-threads, [pipeline] "
                                        "prover_threads, [gpus] gpu_threads)",
                                        &e.prover_threads},
        {"CPU threads ([synthesis] threads)", &config->threads}}) {
    if (*threads > hardware_threads) {
      config->warnings.push_back(std::string(setting) + ": " + std::to_string(*threads) +
                                 " is more than the " + std::to_string(hardware_threads) +
                                 " hardware threads; using " + std::to_string(hardware_threads));
      *threads = hardware_threads;
    }
  }
  if (memory_bytes && e.memory_budget_bytes > memory_bytes) {
    config->warnings.push_back(
        "memory budget (--memory-budget, [memory] total_budget): " +
        std::to_string(e.memory_budget_bytes >> 30) + " GiB is more than this machine's " +
        std::to_string(memory_bytes >> 30) + " GiB; jobs may be refused by the kernel instead");
  }
  return Status::Ok();
}

namespace {

// [daemon]: the gRPC and HTTP status addresses.
Status ReadDaemonSection(const toml::table& t, DaemonConfig* config) {
  RETURN_IF_ERROR(Read<std::string>(t, "daemon", "listen", &config->listen));
  RETURN_IF_ERROR(Read<std::string>(t, "daemon", "status_listen", &config->status_listen));
  return Status::Ok();
}

// [srs]: the parameter folder.
Status ReadSrsSection(const toml::table& t, DaemonConfig* config) {
  // param_cache is the Rust cuzk's name for the same folder.
  RETURN_IF_ERROR(Read<std::string>(t, "srs", "param_cache", &config->engine.param_dir));
  RETURN_IF_ERROR(Read<std::string>(t, "srs", "param_dir", &config->engine.param_dir));
  std::string compiled_dir;
  bool present = t.get("compiled_dir") != nullptr;
  RETURN_IF_ERROR(Read<std::string>(t, "srs", "compiled_dir", &compiled_dir));
  if (present) config->compiled_dir = compiled_dir;
  return Status::Ok();
}

// [memory]: the budget, its safety margin and how long idle keys stay.
Status ReadMemorySection(const toml::table& t, DaemonConfig* config) {
  if (t.get("budget_gib")) {
    double gib = 0;
    RETURN_IF_ERROR(Read<double>(t, "memory", "budget_gib", &gib));
    ASSIGN_OR_RETURN(config->engine.memory_budget_bytes,
                     GibToBytes(gib, "config [memory] budget_gib"));
  }
  // The Rust cuzk's keys: total_budget "auto" (MemTotal minus safety_margin) or a size.
  if (auto total = t.get("total_budget"); total && total->value<std::string>() == "auto") {
    config->engine.memory_budget_bytes = 0;
  } else {
    RETURN_IF_ERROR(ReadSize(t, "memory", "total_budget", &config->engine.memory_budget_bytes));
  }
  RETURN_IF_ERROR(ReadSize(t, "memory", "safety_margin", &config->engine.memory_safety_margin));
  RETURN_IF_ERROR(
      ReadDuration(t, "memory", "eviction_min_idle", &config->engine.srs_eviction_min_idle));
  return Status::Ok();
}

// [scheduler]: prover workers, result TTL, and the Rust cuzk's batching keys.
Status ReadSchedulerSection(const toml::table& t, DaemonConfig* config) {
  RETURN_IF_ERROR(Read<int64_t>(t, "scheduler", "workers", &config->engine.workers));
  int64_t ttl = -1;
  RETURN_IF_ERROR(Read<int64_t>(t, "scheduler", "result_ttl_seconds", &ttl));
  if (ttl >= 0) config->engine.result_ttl = std::chrono::seconds(ttl);
  // The Rust cuzk's batching of several sectors into one prover call. Here every sector proves
  // on its own (partitions of different sectors share the pipeline instead), so a batch size
  // above 1 is accepted and reported once: jobs prove one at a time, as with 1.
  int64_t batch = 1, batch_wait_ms = 0;
  bool sort_by_type = true;
  RETURN_IF_ERROR(Read<int64_t>(t, "scheduler", "max_batch_size", &batch));
  RETURN_IF_ERROR(Read<int64_t>(t, "scheduler", "max_batch_wait_ms", &batch_wait_ms));
  RETURN_IF_ERROR(Read<bool>(t, "scheduler", "sort_by_type", &sort_by_type));
  if (batch < 1) {
    return Status::InvalidArgument("config [scheduler] max_batch_size: must be at least 1");
  }
  if (batch > 1) {
    config->warnings.push_back(
        "config: [scheduler] max_batch_size = " + std::to_string(batch) +
        " accepted, but sectors are not batched into one prover call here: each proves on its "
        "own, its partitions pipelined with other jobs' (max_batch_wait_ms has no effect)");
  }
  return Status::Ok();
}

// [synthesis]: the bound on every "all threads".
Status ReadSynthesisSection(const toml::table& t, DaemonConfig* config) {
  RETURN_IF_ERROR(Read<int64_t>(t, "synthesis", "threads", &config->threads));
  return Status::Ok();
}

// [pipeline]: prover threads, lookahead, synthesis threads, pipelining on or off.
Status ReadPipelineSection(const toml::table& t, DaemonConfig* config) {
  for (auto [key, field] : {std::pair{"prover_threads", &config->engine.prover_threads},
                            {"synthesis_lookahead", &config->engine.synthesis_lookahead},
                            {"max_parallel_synthesis", &config->engine.synthesis_workers}}) {
    RETURN_IF_ERROR(Read<int64_t>(t, "pipeline", key, field));
  }
  // The Rust cuzk's limit on whole-proof (PoSt, batch) syntheses at once. Here every proof is
  // synthesized partition by partition on max_parallel_synthesis threads: its default (1)
  // describes this daemon too; another value is reported as having no effect.
  int64_t concurrency = 1;
  RETURN_IF_ERROR(Read<int64_t>(t, "pipeline", "synthesis_concurrency", &concurrency));
  if (concurrency != 1) {
    config->warnings.push_back(
        "config: [pipeline] synthesis_concurrency = " + std::to_string(concurrency) +
        " has no effect here: partitions synthesize on [pipeline] max_parallel_synthesis "
        "threads");
  }
  // enabled = false (the Rust cuzk's monolithic mode): one partition at a time per worker.
  bool pipelined = true;
  RETURN_IF_ERROR(Read<bool>(t, "pipeline", "enabled", &pipelined));
  if (!pipelined) config->engine.synthesis_lookahead = 0;
  return Status::Ok();
}

// [gpus]: which devices, how many workers each, GPU only or CPU fallback.
Status ReadGpusSection(const toml::table& t, DaemonConfig* config) {
  RETURN_IF_ERROR(Read<bool>(t, "gpus", "enabled", &config->gpus.enabled));
  RETURN_IF_ERROR(Read<bool>(t, "gpus", "gpu_only", &config->gpus.gpu_only));
  RETURN_IF_ERROR(
      Read<int64_t>(t, "gpus", "gpu_workers_per_device", &config->gpus.workers_per_device));
  if (config->gpus.workers_per_device == 0)
    return Status::InvalidArgument("config [gpus] gpu_workers_per_device: must be at least 1");
  // The Rust cuzk's CPU threads for a GPU worker's host side: ours are the prover threads.
  RETURN_IF_ERROR(Read<int64_t>(t, "gpus", "gpu_threads", &config->engine.prover_threads));
  if (const toml::node* devices = t.get("devices")) {
    const toml::array* list = devices->as_array();
    if (!list) {
      return Status::InvalidArgument(
          "config [gpus] devices: expected a list of device ordinals ([] = all)");
    }
    config->gpus.devices.clear();
    for (const toml::node& d : *list) {
      auto ordinal = d.value_exact<int64_t>();
      if (!ordinal || *ordinal < 0) {
        return Status::InvalidArgument(
            "config [gpus] devices: expected non-negative integers (CUDA ordinals)");
      }
      config->gpus.devices.push_back(static_cast<int>(*ordinal));
    }
  }
  return Status::Ok();
}

// [logging]: level and format.
Status ReadLoggingSection(const toml::table& t, DaemonConfig* config) {
  RETURN_IF_ERROR(Read<std::string>(t, "logging", "level", &config->log_level));
  RETURN_IF_ERROR(Read<std::string>(t, "logging", "format", &config->log_format));
  // The Rust cuzk reads the key but writes text whatever it says; text and json work here.
  if (config->log_format != "text" && config->log_format != "json") {
    config->warnings.push_back("config: [logging] format = \"" + config->log_format +
                               "\" is not text or json; logging text");
    config->log_format = "text";
  }
  return Status::Ok();
}

// The sections and keys this daemon reads, and what it says of the others: unknown ones, the
// Rust cuzk's deprecated ones and the Rust cuzk's ones that have no counterpart here are each
// reported once in config->warnings; a section that is not a table is an error.
Status CheckKnownKeys(const toml::table& root, DaemonConfig* config) {
  static const std::map<std::string, std::set<std::string>> kKnown = {
      {"daemon", {"listen", "status_listen"}},
      {"srs", {"param_dir", "param_cache", "compiled_dir", "preload"}},
      {"memory",
       {"budget_gib", "total_budget", "safety_margin", "eviction_min_idle", "pinned_budget",
        "working_memory_budget"}},
      {"scheduler",
       {"workers", "result_ttl_seconds", "max_batch_size", "max_batch_wait_ms", "sort_by_type"}},
      {"synthesis", {"threads", "partition_workers"}},
      {"pipeline",
       {"enabled", "prover_threads", "synthesis_lookahead", "synthesis_concurrency",
        "max_parallel_synthesis", "slot_size", "max_gpu_queue_depth"}},
      {"logging", {"level", "format"}},
      {"gpus", {"enabled", "devices", "gpu_workers_per_device", "gpu_threads", "gpu_only"}},
  };
  // Keys the Rust cuzk deprecated and ignores (with a warning); so do we.
  static const std::map<std::string, std::map<std::string, std::string>> kDeprecated = {
      {"srs",
       {{"preload",
         "parameters load on first use, or ahead with PreloadSRS (cuzk-bench preload)"}}},
      {"memory",
       {{"pinned_budget", "total_budget covers all memory"},
        {"working_memory_budget", "total_budget covers all memory"}}},
      {"synthesis", {{"partition_workers", "see [pipeline] synthesis_lookahead"}}},
  };
  // Keys of the Rust cuzk's machinery that this daemon does differently: accepted, reported.
  static const std::map<std::string, std::map<std::string, std::string>> kNoCounterpart = {
      {"pipeline",
       {{"slot_size",
         "partitions are scheduled one at a time by priority, not in slots (see "
         "synthesis_lookahead)"},
        {"max_gpu_queue_depth",
         "synthesis runs at most synthesis_lookahead partitions ahead of the provers"}}},
  };
  for (const auto& [section, node] : root) {
    std::string name(section.str());
    auto known = kKnown.find(name);
    if (known == kKnown.end()) {
      config->warnings.push_back("config: unknown section [" + name + "] ignored");
      continue;
    }
    const toml::table* table = node.as_table();
    if (!table) return Status::InvalidArgument("config: [" + name + "] is not a table");
    for (const auto& [key, value] : *table) {
      std::string k(key.str());
      if (!known->second.count(k)) {
        config->warnings.push_back("config: unknown key [" + name + "] " + k + " ignored");
      } else if (auto d = kDeprecated.find(name); d != kDeprecated.end() && d->second.count(k)) {
        config->warnings.push_back(
            "config: [" + name + "] " + k +
            " is deprecated (as in the Rust cuzk) and ignored: " + d->second.at(k));
      } else if (auto c = kNoCounterpart.find(name);
                 c != kNoCounterpart.end() && c->second.count(k)) {
        config->warnings.push_back(
            "config: [" + name + "] " + k +
            " (a Rust cuzk setting) is accepted and has no effect here: " + c->second.at(k));
      }
    }
  }
  return Status::Ok();
}

// One reader per section, in the order they are applied.
constexpr std::pair<const char*, Status (*)(const toml::table&, DaemonConfig*)> kSectionReaders[] =
    {
        {"daemon", ReadDaemonSection},       {"srs", ReadSrsSection},
        {"memory", ReadMemorySection},       {"scheduler", ReadSchedulerSection},
        {"synthesis", ReadSynthesisSection}, {"pipeline", ReadPipelineSection},
        {"gpus", ReadGpusSection},           {"logging", ReadLoggingSection},
};

}  // namespace

Status ParseDaemonConfig(const std::string& toml_text, DaemonConfig* config) {
  toml::table root;
  try {
    root = toml::parse(toml_text);
  } catch (const toml::parse_error& e) {
    std::ostringstream where;
    where << e.source().begin;
    return Status::InvalidArgument("config: " + std::string(e.description()) + " at " +
                                   where.str());
  }
  RETURN_IF_ERROR(CheckKnownKeys(root, config));
  for (const auto& [name, read] : kSectionReaders) {
    if (const toml::table* t = root[name].as_table()) RETURN_IF_ERROR(read(*t, config));
  }
  return Status::Ok();
}

Status LoadDaemonConfig(const std::string& path, DaemonConfig* config) {
  std::ifstream in(path);
  if (!in) return Status(StatusCode::kNotFound, "cannot open config file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  Status s = ParseDaemonConfig(text.str(), config);
  if (!s.ok()) return Status(s.code(), path + ": " + s.message());
  return s;
}

}  // namespace cuzk::engine
