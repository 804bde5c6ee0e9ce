// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/job_request.h"

#include <cstdio>
#include <iterator>

namespace cuzk::engine {

namespace {

// What the wire contract and the operator see of each kind, in wire order: one line per kind.
struct KindFacts {
  ProofKind kind;
  const char* name;          // cuzk-bench --type, logs
  const char* metric_label;  // Prometheus proof_kind (the Rust cuzk's labels)
  Priority default_priority;
  const char* wire_name;  // for error messages
};
constexpr KindFacts kKindFacts[] = {
    {ProofKind::kPoRepSealCommit, "porep", "porep_c2", Priority::kNormal, "PoRep seal commit"},
    {ProofKind::kSnapDealsUpdate, "snap", "snap_update", Priority::kNormal, "SnapDeals update"},
    {ProofKind::kWindowPost, "wpost", "window_post", Priority::kHigh, "WindowPoSt partition"},
    {ProofKind::kWinningPost, "winning", "winning_post", Priority::kCritical, "WinningPoSt"},
    {ProofKind::kSnapDealsUpdatePoseidon, "snap-poseidon", "snap_update_poseidon",
     Priority::kNormal, "SnapDeals update, Poseidon variant"},
};
static_assert(std::size(kKindFacts) == kProofKinds.size(), "one line per proof kind");

const KindFacts* FactsOf(ProofKind kind) {
  for (const KindFacts& f : kKindFacts) {
    if (f.kind == kind) return &f;
  }
  return nullptr;
}

// "porep, snap, wpost or winning".
std::string KindNames() {
  std::string out;
  for (size_t i = 0; i < std::size(kKindFacts); ++i) {
    out += (i == 0 ? "" : i + 1 == std::size(kKindFacts) ? " or " : ", ");
    out += kKindFacts[i].name;
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

Result<ProofKind> ProofKindFromName(std::string_view name) {
  for (ProofKind kind : kProofKinds) {
    if (name == ProofKindName(kind)) return kind;
  }
  return Status::InvalidArgument("\"" + std::string(name) + "\" is not a proof kind (" +
                                 KindNames() + ")");
}

Result<ProofKind> ProofKindFromWire(int value) {
  for (ProofKind kind : kProofKinds) {
    if (static_cast<int>(kind) == value) return kind;
  }
  std::string known;
  for (const KindFacts& f : kKindFacts) {
    known +=
        (known.empty() ? "" : ", ") + std::to_string(static_cast<int>(f.kind)) + " " + f.wire_name;
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

}  // namespace cuzk::engine
