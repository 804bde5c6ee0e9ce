// SPDX-License-Identifier: Apache-2.0 OR MIT
// cuzk-daemon: the long-running proving engine Curio talks to over gRPC (proto/cuzk/v1). It keeps
// Groth16 parameters resident, schedules jobs partition by partition by priority, synthesizes the
// next partition while one proves, and verifies every proof before returning it. Settings come from
// defaults, then the --config file (config/cuzk.example.toml documents it), then flags.
// SIGINT/SIGTERM stop it within about a second: queued and running jobs are cancelled (a
// partition being proved on the CPU stops within milliseconds, on a GPU at its next step; one
// being synthesized is abandoned); a second signal exits at once.
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include "base/parallel.h"
#include "common/field_kernels.h"
#include "engine/config.h"
#include "engine/engine.h"
#include "engine/kinds/proof_kind.h"
#include "engine/logging.h"
#include "ff/cpu_kernels.h"
#include "server/grpc_server.h"
#include "server/listen.h"
#include "server/proving_service.h"
#include "server/status_http.h"

namespace {

// Without --param-dir or [srs] param_cache: $FIL_PROOFS_PARAMETER_CACHE, else the Rust cuzk's
// default folder when it exists, else Filecoin's default parameter cache.
std::string DefaultParamDir() {
  if (const char* env = std::getenv("FIL_PROOFS_PARAMETER_CACHE"); env && *env) return env;
  std::error_code ec;
  if (std::filesystem::is_directory("/data/zk/params", ec)) return "/data/zk/params";
  return "/var/tmp/filecoin-proof-parameters";
}

// The Rust cuzk daemon's default configuration file, read when it exists and no -c is given.
constexpr const char* kDefaultConfig = "/data/zk/cuzk.toml";

std::string DefaultListen() { return cuzk::server::kDefaultListen; }

// The daemon's own flags; each one given on the command line overrides the file.
struct Flags {
  std::string config_path, listen, status_listen, param_dir, compiled_dir, log_level;
  size_t workers = 1, prover_threads = 0, lookahead = 1;
  int64_t ttl_s = 3600;
  double budget_gib = 0;
  bool cpu_only = false;
  int max_rpc_threads = cuzk::server::kDefaultMaxRpcThreads;
};

// Declares the flags on `app`, writing into `f`.
void AddFlags(CLI::App& app, Flags& f) {
  app.add_option("-c,--config", f.config_path,
                 "TOML configuration file (see config/cuzk.example.toml); default " +
                     std::string(kDefaultConfig) +
                     " when it exists. A file that does not exist is reported and the daemon "
                     "starts on defaults, as the Rust cuzk does");
  app.add_option(
      "-l,--listen", f.listen,
      "host:port (0-65535) or unix:///path (its folder is created; a stale socket is replaced, a "
      "live one is an error; created with mode 0660); default " +
          DefaultListen());
  app.add_option("--status-listen", f.status_listen,
                 "host:port of an HTTP server for GET /status (JSON) and GET /metrics "
                 "(Prometheus); default off");
  app.add_option("--log-level", f.log_level,
                 "off, error, warn, info, debug or trace, any case, or RUST_LOG-style directives "
                 "(\"cuzk_core=debug,info\"); default [logging] level, else $RUST_LOG, else info");
  app.add_option("--param-dir", f.param_dir,
                 "Parameter cache (official file names); default [srs] param_cache, else "
                 "$FIL_PROOFS_PARAMETER_CACHE, else /data/zk/params when it exists, else "
                 "/var/tmp/filecoin-proof-parameters");
  app.add_option("--compiled-dir", f.compiled_dir,
                 "Folder where compiled circuits are kept between runs (cuzk-compiled-ID.bin, "
                 "about 3 GB for porep-32g; read back instead of compiled when their R1CS digest "
                 "checks); \"\" keeps none; default [srs] compiled_dir, else the parameter "
                 "folder");
  app.add_option("--workers", f.workers, "Prover workers: partitions proved at once (default 1)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--prover-threads", f.prover_threads,
                 "Threads per proof (default 0 = all; more than the machine has are lowered to "
                 "that)")
      ->check(CLI::Range(0, 1 << 20));
  app.add_option("--synthesis-lookahead", f.lookahead,
                 "Partitions synthesized ahead of the provers (1: the next partition "
                 "synthesizes while one proves; 0: one partition at a time, least memory; "
                 "default with GPUs half the hardware threads, 1-32, else 1 with 8 or more "
                 "hardware threads, 0 below)")
      ->check(CLI::Range(0, 64));
  app.add_option("--memory-budget", f.budget_gib,
                 "GiB of host memory jobs may reserve (default 0 = MemTotal minus 4 GiB); a job "
                 "waits for room, and one that can never fit fails");
  app.add_option("--result-ttl", f.ttl_s,
                 "Seconds a finished job's result stays for AwaitProof (default 3600)")
      ->check(CLI::Range(int64_t{0}, int64_t{365} * 24 * 3600));
  app.add_option("--max-rpc-threads", f.max_rpc_threads,
                 "Threads for the calls that do not wait (submissions, status, cancels); more "
                 "at once are refused with RESOURCE_EXHAUSTED. Waiting AwaitProof and Prove calls "
                 "hold none")
      ->check(CLI::Range(4, 100000))
      ->capture_default_str();
  app.add_flag("--cpu-only", f.cpu_only,
               "Prove on the CPU even where a GPU is found (as [gpus] enabled = false); by "
               "default every visible CUDA device gets a prover worker, replacing --workers");
}

// Logs which circuits can prove from `dir`: a folder without keys fails every job, so say so now.
void ReportParamFolder(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    spdlog::warn(
        "parameter folder {} does not exist: every proof will fail until it holds the "
        "parameters (--param-dir, [srs] param_cache)",
        dir);
  } else if (auto ids = cuzk::engine::CircuitsWithKeysIn(dir); ids.empty()) {
    spdlog::warn(
        "parameter folder {} holds no circuit's .params and .vk: every proof will fail "
        "until it does (curio fetch-params, or --param-dir, [srs] param_cache)",
        dir);
  } else {
    std::string list;
    for (const std::string& id : ids) list += (list.empty() ? "" : ", ") + id;
    spdlog::info("parameter folder {}: .params and .vk of {}", dir, list);
  }
}

// Reads the configuration file over the defaults in `config`: -c, else the Rust cuzk's default
// file when it exists; a missing file is a warning. False after an error was printed.
bool ReadConfigFile(Flags& f, cuzk::engine::DaemonConfig* config) {
  if (f.config_path.empty() && std::filesystem::exists(kDefaultConfig))
    f.config_path = kDefaultConfig;
  std::error_code ec;
  if (!f.config_path.empty() && !std::filesystem::exists(f.config_path, ec)) {
    config->warnings.push_back("config file " + f.config_path +
                               " does not exist: starting on defaults (as the Rust cuzk does)");
    f.config_path.clear();
  }
  if (!f.config_path.empty()) {
    if (auto s = cuzk::engine::LoadDaemonConfig(f.config_path, config); !s.ok()) {
      std::fprintf(stderr, "cuzk-daemon: %s\n", s.message().c_str());
      return false;
    }
  }
  return true;
}

// Configures the logging (--log-level, else the file's level, else $RUST_LOG) and logs the
// warnings so far. False after an error was printed.
bool StartLogging(const CLI::App& app, const Flags& f, cuzk::engine::DaemonConfig* config) {
  // Flags given on the command line win over the file, the file over the environment.
  if (app.count("--log-level")) config->log_level = f.log_level;
  if (const char* rust_log = std::getenv("RUST_LOG"); config->log_level.empty() && rust_log) {
    config->log_level = rust_log;
  }
  std::vector<std::string> ignored_targets;
  auto level = cuzk::engine::ParseLogDirectives(config->log_level, &ignored_targets);
  if (!level.ok()) {
    std::fprintf(stderr, "cuzk-daemon: %s\n", level.status().message().c_str());
    return false;
  }
  if (auto s = cuzk::engine::ConfigureLogging(*level, config->log_format); !s.ok()) {
    std::fprintf(stderr, "cuzk-daemon: %s\n", s.message().c_str());
    return false;
  }
  if (!f.config_path.empty()) spdlog::info("configuration from {}", f.config_path);
  // The Rust cuzk's switch for its pre-compiled circuits, read the same way ("1" only).
  if (const char* pce = std::getenv("CUZK_DISABLE_PCE"); pce && std::string(pce) == "1") {
    config->engine.compiled_circuits = false;
    spdlog::info(
        "compiled circuits off (CUZK_DISABLE_PCE=1): every partition is synthesized in "
        "full");
  }
  for (const std::string& w : config->warnings) spdlog::warn("{}", w);
  if (!ignored_targets.empty()) {
    std::string list;
    for (const std::string& t : ignored_targets) list += (list.empty() ? "" : ", ") + t;
    spdlog::warn("log directives for {} ignored: this program logs as one target (cuzk)", list);
  }
  return true;
}

// Applies the other flags over the file's settings and checks every limit. False after an error
// was logged.
bool ApplyFlags(const CLI::App& app, const Flags& f, cuzk::engine::DaemonConfig* config) {
  if (app.count("--listen")) config->listen = f.listen;
  if (app.count("--status-listen")) config->status_listen = f.status_listen;
  if (app.count("--param-dir")) config->engine.param_dir = f.param_dir;
  ReportParamFolder(config->engine.param_dir);
  if (app.count("--compiled-dir")) config->compiled_dir = f.compiled_dir;
  config->engine.compiled_dir = config->compiled_dir.value_or(config->engine.param_dir);
  if (config->engine.compiled_circuits) {
    if (config->engine.compiled_dir.empty()) {
      spdlog::info("compiled circuits are not kept between runs (compiled_dir is empty)");
    } else {
      spdlog::info("compiled circuits are kept in {}", config->engine.compiled_dir);
    }
  }
  if (app.count("--workers")) config->engine.workers = f.workers;
  if (app.count("--prover-threads")) config->engine.prover_threads = f.prover_threads;
  if (app.count("--synthesis-lookahead")) config->engine.synthesis_lookahead = f.lookahead;
  if (app.count("--memory-budget")) {
    auto bytes = cuzk::engine::GibToBytes(f.budget_gib, "--memory-budget");
    if (!bytes.ok()) {
      spdlog::error("{}", bytes.status().message());
      return false;
    }
    config->engine.memory_budget_bytes = *bytes;
  }
  if (app.count("--result-ttl")) config->engine.result_ttl = std::chrono::seconds(f.ttl_s);
  size_t warned = config->warnings.size();
  if (auto s = cuzk::engine::CheckDaemonLimits(config, cuzk::HardwareThreads(),
                                               cuzk::engine::MemoryBudget::FromSystem(0));
      !s.ok()) {
    spdlog::error("{}", s.message());
    return false;
  }
  for (size_t i = warned; i < config->warnings.size(); ++i) spdlog::warn("{}", config->warnings[i]);
  // Fail early on an address that cannot be one (the server claims it below).
  if (auto address = cuzk::server::ParseListenAddress(config->listen); !address.ok()) {
    spdlog::error("{}", address.status().message());
    return false;
  }
  if (f.cpu_only) config->gpus.enabled = false;
  return true;
}

// Settings from defaults, then the configuration file, then the flags, checked, with the
// logging configured and every warning logged; nullopt after an error was printed.
std::optional<cuzk::engine::DaemonConfig> ResolveConfig(const CLI::App& app, Flags f) {
  cuzk::engine::DaemonConfig config;
  config.listen = DefaultListen();
  config.engine.param_dir = DefaultParamDir();
  config.log_level.clear();  // unset: RUST_LOG, else info
  if (!ReadConfigFile(f, &config)) return std::nullopt;
  if (!StartLogging(app, f, &config)) return std::nullopt;
  if (!ApplyFlags(app, f, &config)) return std::nullopt;
  // [synthesis] threads bounds every "all threads" default, before the first parallel loop.
  if (config.threads) {
    cuzk::LimitThreads(config.threads);
    spdlog::info("using at most {} CPU threads ([synthesis] threads)", config.threads);
  }
  spdlog::info("CPU field kernels: {}", cuzk::ff::DescribeFieldKernels());
  config.engine.backends = cuzk::engine::MakeGpuBackends(config.gpus);
  cuzk::engine::UseProofKinds(config.engine);
  return config;
}

// Runs the engine, the gRPC server and the HTTP status server until SIGINT or SIGTERM; returns
// the exit status.
int Serve(const cuzk::engine::DaemonConfig& config, int max_rpc_threads) {
  // Block the stop signals in every thread; the main thread waits for them below.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  auto engine = std::make_unique<cuzk::engine::Engine>(config.engine);
  auto service = std::make_unique<cuzk::server::ProvingService>(*engine);
  auto started = cuzk::server::StartGrpcServer(*service, config.listen, max_rpc_threads);
  if (!started.ok()) {
    spdlog::error("{}", started.status().message());
    return 1;
  }
  std::unique_ptr<grpc::Server> server = std::move(started->server);
  cuzk::server::StatusHttpServer status_http(*engine);
  if (!config.status_listen.empty()) {
    if (auto s = status_http.Start(config.status_listen); !s.ok()) {
      spdlog::error("{}", s.message());
      return 1;
    }
    spdlog::info("HTTP status on port {}: GET /status, GET /metrics", status_http.port());
  }
  spdlog::info(
      "listening on {}; parameters from {}; {} prover worker(s) on {}, synthesis lookahead "
      "{}; memory budget {:.1f} GiB",
      started->where, config.engine.param_dir, engine->GetStatus().provers.size(),
      config.engine.backends.empty() ? "the CPU" : "GPUs", engine->synthesis_lookahead(),
      static_cast<double>(engine->GetStatus().memory_budget) / (1ull << 30));
  int signal_number = 0;
  sigwait(&stop_signals, &signal_number);
  spdlog::info("signal {}, stopping: cancelling jobs (a second signal exits at once)",
               signal_number);
  std::thread([stop_signals] {
    int again = 0;
    sigwait(&stop_signals, &again);
    spdlog::warn("signal {} again: exiting at once", again);
    std::_Exit(1);
  }).detach();
  status_http.Stop();
  // Queued jobs are cancelled; a partition being proved stops at its next step. Meanwhile calls
  // waiting for a job still get its outcome.
  engine->Shutdown();
  bool idle = engine->WaitUntilIdle(std::chrono::milliseconds(500));
  // Then the calls left are cancelled and idle client connections closed (gRPC would otherwise
  // wait for each client to hang up).
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
  if (!idle) {
    // A partition being synthesized runs to its end; the process need not wait for it.
    spdlog::info("stopped (work still in progress was abandoned)");
    std::_Exit(0);
  }
  server.reset();
  service.reset();  // stops listening to the engine
  engine.reset();   // joins the workers
  spdlog::info("stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  cuzk::apps::ChooseFieldKernelsFromEnvironment("cuzk-daemon");
  CLI::App app{"cuzk-daemon: the cuzk Filecoin proving engine (gRPC, proto cuzk.v1)"};
  Flags flags;
  AddFlags(app, flags);
  CLI11_PARSE(app, argc, argv);
  std::optional<cuzk::engine::DaemonConfig> config = ResolveConfig(app, flags);
  if (!config) return 1;
  return Serve(*config, flags.max_rpc_threads);
}
