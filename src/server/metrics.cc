// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/metrics.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cuzk::server {
namespace {

// Appends one metric family: "# HELP", "# TYPE", then the samples.
class Exposition {
 public:
  void Family(const char* name, const char* type, const char* help) {
    out_ << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
  }
  template <typename T>
  void Sample(const std::string& name, T value) {
    out_ << name << ' ' << value << '\n';
  }
  std::string str() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

std::string Labeled(const char* name, engine::ProofKind kind) {
  return std::string(name) + "{proof_kind=\"" + engine::ProofKindMetricLabel(kind) + "\"}";
}

// MemTotal and MemAvailable in bytes (0 when /proc/meminfo is unreadable).
std::pair<uint64_t, uint64_t> HostMemory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  uint64_t kib = 0, total = 0, available = 0;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemTotal:") total = kib * 1024;
    if (key == "MemAvailable:") available = kib * 1024;
  }
  return {total, available};
}

}  // namespace

std::string PrometheusText(const engine::EngineStatus& s) {
  Exposition e;
  auto stats = [&](engine::ProofKind kind) {
    auto it = s.kinds.find(kind);
    return it == s.kinds.end() ? engine::KindStats{} : it->second;
  };
  e.Family("cuzk_proofs_completed_total", "counter", "Proofs completed and verified.");
  e.Sample("cuzk_proofs_completed_total", s.completed);
  e.Family("cuzk_proofs_failed_total", "counter", "Proofs that failed.");
  e.Sample("cuzk_proofs_failed_total", s.failed);
  e.Family("cuzk_uptime_seconds", "gauge", "Seconds since the daemon started.");
  e.Sample("cuzk_uptime_seconds", s.uptime_seconds);
  e.Family("cuzk_queue_depth", "gauge", "Jobs waiting in the queue.");
  e.Sample("cuzk_queue_depth", s.pending);
  e.Family("cuzk_proofs_completed", "counter", "Proofs completed, by proof kind.");
  for (engine::ProofKind k : engine::kProofKinds)
    e.Sample(Labeled("cuzk_proofs_completed", k), stats(k).completed);
  e.Family("cuzk_proofs_failed", "counter", "Proofs failed, by proof kind.");
  for (engine::ProofKind k : engine::kProofKinds)
    e.Sample(Labeled("cuzk_proofs_failed", k), stats(k).failed);
  e.Family("cuzk_proof_duration_seconds", "summary",
           "Wall time from submission to result of the last 1000 completed proofs, by kind.");
  for (engine::ProofKind k : engine::kProofKinds) {
    e.Sample(Labeled("cuzk_proof_duration_seconds_count", k), stats(k).recent_count);
    e.Sample(Labeled("cuzk_proof_duration_seconds_sum", k), stats(k).recent_seconds);
  }
  e.Family("cuzk_running_jobs", "gauge", "Jobs being proved.");
  e.Sample("cuzk_running_jobs", s.running);
  e.Family("cuzk_gpu_workers", "gauge",
           "Prover workers (one per GPU where a GPU is used, else on the CPU).");
  e.Sample("cuzk_gpu_workers", s.workers);
  e.Family("cuzk_gpu_faulted_workers", "gauge",
           "Prover workers whose GPU is out of use after a fatal device error (/status names it).");
  size_t faulted = 0;
  for (const engine::ProverWorkerStatus& w : s.provers)
    faulted += w.device && !w.device->fault.empty();
  e.Sample("cuzk_gpu_faulted_workers", faulted);
  e.Family("cuzk_srs_loaded_bytes", "gauge", "Resident parameters, by circuit id.");
  for (const engine::SrsInfo& srs : s.srs) {
    e.Sample("cuzk_srs_loaded_bytes{circuit_id=\"" + srs.circuit_id + "\"}", srs.size_bytes);
  }
  e.Family("cuzk_memory_reserved_bytes", "gauge",
           "Working memory reserved by running jobs and idle synthesis buffers.");
  e.Sample("cuzk_memory_reserved_bytes", s.memory_reserved);
  e.Family("cuzk_idle_synthesis_buffers", "gauge",
           "Proved partitions' synthesis buffers kept for the next job.");
  e.Sample("cuzk_idle_synthesis_buffers", s.idle_buffers);
  e.Family("cuzk_reused_synthesis_buffers_total", "counter",
           "Partitions that synthesized into an earlier job's buffers.");
  e.Sample("cuzk_reused_synthesis_buffers_total", s.reused_buffers);
  e.Family("cuzk_memory_budget_bytes", "gauge", "The working-memory budget.");
  e.Sample("cuzk_memory_budget_bytes", s.memory_budget);
  return e.str();
}

namespace {

// A partition's state under the Rust cuzk's names (pending, synthesizing, synth_done, gpu, done,
// failed). A job's partitions are proved in order, so those before `proved` are done and the
// next one is in the job's phase.
const char* PartitionState(const engine::JobSummary& job, uint32_t index) {
  if (index < job.proved) return "done";
  if (index > job.proved) return job.state == engine::JobState::kFailed ? "failed" : "pending";
  switch (job.state) {
    case engine::JobState::kQueued:
      return "pending";
    case engine::JobState::kRunning:
      if (job.phase == "synthesizing") return "synthesizing";
      if (job.phase == "proving" || job.phase == "verifying") return "gpu";
      if (job.phase == "waiting") return "synth_done";
      return "pending";
    case engine::JobState::kCompleted:
      return "done";
    default:
      return "failed";
  }
}

// The sections of the Rust cuzk's GET /status (cuzk-core/src/status.rs StatusSnapshot), under
// its names and meanings, so that dashboards built on it read this daemon unchanged.
void AddRustStatusFields(const engine::EngineStatus& s, nlohmann::json& j) {
  j["memory"]["total_bytes"] = s.memory_budget;
  j["memory"]["used_bytes"] = s.memory_reserved;
  j["memory"]["available_bytes"] =
      s.memory_budget >= s.memory_reserved ? s.memory_budget - s.memory_reserved : 0;
  uint32_t synthesizing = 0, proving = 0;
  nlohmann::json pipelines = nlohmann::json::array();
  for (const engine::JobSummary& job : s.jobs) {
    if (job.state == engine::JobState::kCancelled) continue;
    if (job.state == engine::JobState::kRunning && job.phase == "synthesizing") ++synthesizing;
    nlohmann::json partitions = nlohmann::json::array();
    for (uint32_t k = 0; k < job.partitions; ++k) {
      partitions.push_back({{"index", k},
                            {"state", PartitionState(job, k)},
                            {"synth_ms", nullptr},
                            {"gpu_ms", nullptr}});
    }
    pipelines.push_back({{"job_id", job.id},
                         {"proof_kind", engine::ProofKindStatusName(job.kind)},
                         {"started_secs_ago", job.age_ms / 1000.0},
                         {"total_partitions", job.partitions},
                         {"partitions_done", job.proved},
                         {"partitions", partitions}});
  }
  j["synthesis"] = {{"max_concurrent", s.synthesis_workers}, {"active", synthesizing}};
  j["pipelines"] = pipelines;
  nlohmann::json srs = nlohmann::json::array();
  for (const engine::SrsInfo& info : s.srs) {
    srs.push_back({{"circuit_id", info.circuit_id},
                   {"bytes", info.size_bytes},
                   {"last_used_secs_ago", info.ref_count ? 0.0 : info.idle_seconds},
                   {"evictable", info.ref_count == 0}});
  }
  // The Rust cuzk lists its pre-compiled circuits (PCE) here; ours are the compiled circuits.
  nlohmann::json pce = nlohmann::json::array();
  for (const engine::CompiledInfo& info : s.compiled) {
    pce.push_back({{"circuit_id", info.circuit_id},
                   {"bytes", info.size_bytes},
                   {"build_secs", info.build_seconds},
                   {"r1cs_digest", info.r1cs_digest},
                   {"digest_checked", info.digest_checked},
                   {"read_back", info.read_back},
                   {"evictable", true}});
  }
  j["allocations"] = {{"srs", srs}, {"pce", pce}};
  nlohmann::json completed = nlohmann::json::object(), failed = nlohmann::json::object();
  for (const auto& [kind, stats] : s.kinds) {
    if (stats.completed) completed[engine::ProofKindStatusName(kind)] = stats.completed;
    if (stats.failed) failed[engine::ProofKindStatusName(kind)] = stats.failed;
  }
  j["counters"]["total_completed"] = s.completed;
  j["counters"]["total_failed"] = s.failed;
  j["counters"]["completed_by_kind"] = completed;
  j["counters"]["failed_by_kind"] = failed;
  j["counters"]["queue_depth"] = s.pending;
  for (size_t i = 0; i < s.provers.size(); ++i) {
    const engine::ProverWorkerStatus& w = s.provers[i];
    nlohmann::json& entry = j["gpu_workers"][i];
    entry["worker_id"] = i;
    entry["gpu_ordinal"] = w.device ? w.device->ordinal : 0;
    entry["current_job"] = w.job_id.empty() ? nlohmann::json(nullptr) : nlohmann::json(w.job_id);
    entry["current_partition"] = nullptr;
    entry["busy_secs"] = nullptr;
    if (!w.job_id.empty()) ++proving;
  }
  // The Rust pipeline's buffer counts; here partitions are synthesized or proved, nothing else.
  j["buffers"] = {{"synth_in_flight", synthesizing},
                  {"provers_in_flight", proving},
                  {"aux_in_flight", 0},
                  {"shells_in_flight", 0},
                  {"pending_handles", 0}};
}

}  // namespace

std::string StatusJson(const engine::EngineStatus& s) {
  nlohmann::json j;
  j["uptime_secs"] = s.uptime_seconds;
  auto [total, available] = HostMemory();
  j["memory"] = {{"total", total},
                 {"available", available},
                 {"used", total >= available ? total - available : 0},
                 {"budget", s.memory_budget},
                 {"reserved", s.memory_reserved},
                 {"idle_synthesis_buffers", s.idle_buffers},
                 {"reused_synthesis_buffers", s.reused_buffers}};
  j["queue"] = {{"pending", s.pending}, {"running", s.running}, {"workers", s.workers}};
  j["counters"] = {{"completed", s.completed}, {"failed", s.failed}};
  nlohmann::json srs = nlohmann::json::array();
  for (const engine::SrsInfo& info : s.srs) {
    srs.push_back({{"circuit_id", info.circuit_id},
                   {"bytes", info.size_bytes},
                   {"ref_count", info.ref_count},
                   {"evictable", info.ref_count == 0}});
  }
  j["srs"] = srs;
  nlohmann::json jobs = nlohmann::json::array();
  for (const engine::JobSummary& job : s.jobs) {
    jobs.push_back({{"job_id", job.id},
                    {"proof_kind", engine::ProofKindMetricLabel(job.kind)},
                    {"priority", static_cast<int>(job.priority)},
                    {"state", engine::JobStateName(job.state)},
                    {"phase", job.phase},
                    {"partitions", job.partitions},
                    {"partitions_proved", job.proved},
                    {"age_ms", job.age_ms},
                    {"input_bytes", job.input_bytes}});
  }
  j["jobs"] = jobs;
  // As the Rust cuzk's gpu_workers section: one entry per prover worker, GPU or CPU.
  nlohmann::json provers = nlohmann::json::array();
  for (const engine::ProverWorkerStatus& w : s.provers) {
    nlohmann::json device = nullptr;
    if (w.device) {
      device = {{"ordinal", w.device->ordinal},
                {"name", w.device->name},
                {"vram_total", w.device->total_bytes},
                {"vram_free", w.device->free_bytes},
                {"fault", w.device->fault.empty() ? nlohmann::json(nullptr)
                                                  : nlohmann::json(w.device->fault)}};
    }
    provers.push_back({{"backend", w.backend},
                       {"device", device},
                       {"state", w.job_id.empty() ? "idle" : "proving"},
                       {"job_id", w.job_id}});
  }
  j["gpu_workers"] = provers;
  AddRustStatusFields(s, j);
  return j.dump();
}

}  // namespace cuzk::server
