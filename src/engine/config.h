// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's configuration file (TOML), parsed in this one place. Sections and keys follow the
// Rust cuzk's where they make sense; config/cuzk.example.toml documents every key. Unknown keys
// are reported as warnings, wrong types as errors naming the key.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "base/status.h"
#include "engine/engine.h"
#include "engine/prover_backends.h"

namespace cuzk::engine {

// Everything cuzk-daemon reads from its configuration file.
struct DaemonConfig {
  std::string listen;         // [daemon] listen; empty = the daemon's default
  std::string status_listen;  // [daemon] status_listen: HTTP /status and /metrics; empty = off
  Engine::Config engine;      // [srs] param_dir, [scheduler] workers, ...
  // [srs] compiled_dir: where compiled circuits are kept between runs; unset: the parameter
  // folder, as the Rust cuzk keeps its PCE files there; "": none is kept.
  std::optional<std::string> compiled_dir;
  GpuConfig gpus;                     // [gpus]: which devices prove (MakeGpuBackends)
  size_t threads = 0;                 // [synthesis] threads: the process's CPU threads; 0 = all
  std::string log_level = "info";     // [logging] level: a level or RUST_LOG-style directives
  std::string log_format = "text";    // [logging] format: text or json
  std::vector<std::string> warnings;  // unknown keys and other non-fatal findings
};

// Returns the bytes of a size as the Rust cuzk writes them: "256GiB", "500MiB", "5GB", "100MB",
// "1KiB", "7KB" or plain bytes ("1024"); an error quotes anything else.
Result<uint64_t> ParseSize(const std::string& text);

// Returns the seconds of a duration as the Rust cuzk writes them: "5m", "30s", "1h" or plain
// seconds ("300"); an error quotes anything else.
Result<std::chrono::seconds> ParseDuration(const std::string& text);

// Checks the numbers of a configuration once the file and the flags are merged: a value outside
// its range is an error naming the flag and the key that set it, and the range; thread counts
// above the machine's `hardware_threads` are lowered to it and a budget above `memory_bytes`
// (0: unknown) is kept, each with a warning in config->warnings.
Status CheckDaemonLimits(DaemonConfig* config, size_t hardware_threads, uint64_t memory_bytes);

// Returns `gib` GiB as bytes when it is 0 (automatic: returns 0) or a finite number above 0 and
// at most 2^20 (a PiB); otherwise an error naming `setting`.
Result<uint64_t> GibToBytes(double gib, const std::string& setting);

// Parses TOML text into `config` (keys present override what `config` holds).
Status ParseDaemonConfig(const std::string& toml_text, DaemonConfig* config);
// Reads and parses the file at `path`.
Status LoadDaemonConfig(const std::string& path, DaemonConfig* config);

}  // namespace cuzk::engine
