// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/proof_kind.h"

#include <array>

namespace cuzk::engine {

std::span<const ProofKindDescriptor* const> ProofKindTable() {
  static const std::array<const ProofKindDescriptor*, 4> table = {
      &PoRepKind(), &SnapDealsKind(), &WindowPoStKind(), &WinningPoStKind()};
  return table;
}

const ProofKindDescriptor& DescriptorOf(ProofKind kind) {
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    if (d->kind() == kind) return *d;
  }
  return PoRepKind();  // unreachable: every ProofKind has a descriptor (proof_kind_test)
}

Result<CircuitInfo> FindCircuit(std::string_view id) {
  std::string known;
  for (const ProofKindDescriptor* d : ProofKindTable()) {
    for (CircuitInfo& c : d->Circuits()) {
      if (c.id == id) return std::move(c);
      known += (known.empty() ? "" : ", ") + c.id;
    }
  }
  return Status(StatusCode::kNotFound,
                "unknown circuit id \"" + std::string(id) + "\" (known: " + known + ")");
}

Result<std::unique_ptr<JobWork>> MakeJobWork(const JobRequest& request, SrsCache& srs,
                                             uint64_t budget_bytes, size_t threads,
                                             uint64_t* srs_load_ms) {
  auto job = DescriptorOf(request.kind).Prepare(request);
  if (!job.ok()) return job.status();
  return MakeCircuitWork(srs, job->circuit_id, job->partitions, job->partition_memory, budget_bytes,
                         threads, srs_load_ms, std::move(job->synthesize));
}

}  // namespace cuzk::engine
