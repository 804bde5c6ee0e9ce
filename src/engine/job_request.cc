// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "engine/job_request.h"

#include <cstdio>

namespace cuzk::engine {

Priority DefaultPriority(ProofKind kind) {
  switch (kind) {
    case ProofKind::kWinningPost:
      return Priority::kCritical;
    case ProofKind::kWindowPost:
      return Priority::kHigh;
    default:
      return Priority::kNormal;
  }
}

const char* ProofKindName(ProofKind kind) {
  switch (kind) {
    case ProofKind::kPoRepSealCommit:
      return "porep";
    case ProofKind::kSnapDealsUpdate:
      return "snap";
    case ProofKind::kWindowPost:
      return "wpost";
    case ProofKind::kWinningPost:
      return "winning";
  }
  return "unknown";
}

const char* ProofKindMetricLabel(ProofKind kind) {
  switch (kind) {
    case ProofKind::kPoRepSealCommit:
      return "porep_c2";
    case ProofKind::kSnapDealsUpdate:
      return "snap_update";
    case ProofKind::kWindowPost:
      return "window_post";
    case ProofKind::kWinningPost:
      return "winning_post";
  }
  return "unknown";
}

Result<ProofKind> ProofKindFromName(std::string_view name) {
  for (ProofKind kind : kProofKinds) {
    if (name == ProofKindName(kind)) return kind;
  }
  return Status::InvalidArgument("\"" + std::string(name) +
                                 "\" is not a proof kind (porep, snap, wpost or winning)");
}

Result<ProofKind> ProofKindFromWire(int value) {
  for (ProofKind kind : kProofKinds) {
    if (static_cast<int>(kind) == value) return kind;
  }
  if (value == 0) {
    return Status::InvalidArgument(
        "proof_kind is unspecified (1 PoRep seal commit, 2 SnapDeals update, 3 WindowPoSt "
        "partition, 4 WinningPoSt)");
  }
  return Status::InvalidArgument("proof_kind " + std::to_string(value) +
                                 " is not a proof kind (1-4)");
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
