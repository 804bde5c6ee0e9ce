// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/job_request.h"

#include <cstdio>
#include <iterator>

namespace cuzk::engine {

namespace {

const KindFacts* FactsOf(ProofKind kind) {
  for (const KindFacts& f : kKindTable) {
    if (f.kind == kind) return &f;
  }
  return nullptr;
}

// "porep, snap, wpost or winning".
std::string KindNames() {
  std::string out;
  for (size_t i = 0; i < std::size(kKindTable); ++i) {
    out += (i == 0 ? "" : i + 1 == std::size(kKindTable) ? " or " : ", ");
    out += kKindTable[i].name;
  }
  return out;
}

}  // namespace

Priority DefaultPriority(ProofKind kind) {
  const KindFacts* f = FactsOf(kind);
  return f ? f->default_priority : Priority::kNormal;
}

const char* ProofKindName(ProofKind kind) {
  const KindFacts* f = FactsOf(kind);
  return f ? f->name : "unknown";
}

const char* ProofKindMetricLabel(ProofKind kind) {
  const KindFacts* f = FactsOf(kind);
  return f ? f->metric_label : "unknown";
}

const char* ProofKindStatusName(ProofKind kind) {
  const KindFacts* f = FactsOf(kind);
  return f ? f->status_name : "unknown";
}

Result<ProofKind> ProofKindFromName(std::string_view name) {
  for (ProofKind kind : kProofKinds) {
    if (name == ProofKindName(kind)) return kind;
  }
  // Appended piece by piece: GCC 12 misreads "literal" + std::string here (-Wrestrict).
  std::string message = "\"";
  message.append(name).append("\" is not a proof kind (").append(KindNames()).append(")");
  return Status::InvalidArgument(message);
}

Result<ProofKind> ProofKindFromWire(int value) {
  for (ProofKind kind : kProofKinds) {
    if (static_cast<int>(kind) == value) return kind;
  }
  std::string known;
  for (const KindFacts& f : kKindTable) {
    known += (known.empty() ? "" : ", ") + std::to_string(static_cast<int>(f.kind)) + " " +
             f.description;
  }
  if (value == 0) return Status::InvalidArgument("proof_kind is unspecified (" + known + ")");
  return Status::InvalidArgument("proof_kind " + std::to_string(value) + " is not a proof kind (" +
                                 known + ")");
}

Result<Priority> PriorityFromWire(int value) {
  if (value < 0 || value > static_cast<int>(Priority::kCritical)) {
    return Status::InvalidArgument("priority " + std::to_string(value) +
                                   " is not a priority (0 default, 1 LOW .. 4 CRITICAL)");
  }
  return static_cast<Priority>(value);
}

Status CheckRequestId(std::string_view id) {
  if (id.size() > kMaxRequestIdBytes) {
    return Status::InvalidArgument("request_id: " + std::to_string(id.size()) +
                                   " bytes, more than the " + std::to_string(kMaxRequestIdBytes) +
                                   " allowed");
  }
  for (size_t i = 0; i < id.size(); ++i) {
    auto c = static_cast<unsigned char>(id[i]);
    if (c < 0x20 || c > 0x7e) {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "0x%02x", c);
      return Status::InvalidArgument("request_id: byte " + std::to_string(i) + " is " + hex +
                                     "; only printable ASCII characters are allowed");
    }
  }
  return Status::Ok();
}

Status CheckFieldsApply(const JobRequest& r) {
  unsigned reads = 0;
  for (const KindFacts& f : kKindTable) {
    if (f.kind == r.kind) reads = f.fields;
  }
  auto refuse = [&](const char* field, const char* read_by) {
    return Status::InvalidArgument(std::string(field) + " is not read by a " +
                                   ProofKindName(r.kind) + " request (only by " + read_by +
                                   "): is the proof_kind right?");
  };
  bool zero_seed = r.randomness.find_first_not_of('\0') == std::string::npos;
  if (!(reads & kFieldVanillaProof) && !r.vanilla_proof.empty()) {
    return refuse("vanilla_proof (a C1)", "porep");
  }
  if (!(reads & kFieldVanillaProofs) && !r.vanilla_proofs.empty()) {
    return refuse("vanilla_proofs", "snap, wpost, winning and snap-poseidon");
  }
  if (!(reads & kFieldRandomness) && !zero_seed) return refuse("randomness", "wpost and winning");
  if (!(reads & kFieldPartitionIndex) && r.partition_index != 0) {
    return refuse("partition_index", "wpost");
  }
  if (!(reads & kFieldSnapCommitments) &&
      !(r.comm_r_old.empty() && r.comm_r_new.empty() && r.comm_d_new.empty())) {
    return refuse("comm_r_old, comm_r_new and comm_d_new", "snap and snap-poseidon");
  }
  return Status::Ok();
}

}  // namespace cuzk::engine
