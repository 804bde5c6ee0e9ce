// SPDX-License-Identifier: Apache-2.0 OR MIT
// What a client asks the engine to prove: the proof kinds and priorities (the wire contract's
// numbering, proto/cuzk/v1), their names, labels and defaults, the checked conversion from wire
// integers, and one submission.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace cuzk::engine {

// What is to be proved (the numbering of the wire contract's ProofKind; 0 is not a kind).
enum class ProofKind {
  kPoRepSealCommit = 1,
  kSnapDealsUpdate = 2,
  kWindowPost = 3,
  kWinningPost = 4,
  kSnapDealsUpdatePoseidon = 5  // cuzk's extension: SnapDeals' Poseidon variant
};

// Scheduling priority (the wire contract's numbering; 0 = the kind's default).
enum class Priority { kUnspecified = 0, kLow = 1, kNormal = 2, kHigh = 3, kCritical = 4 };

// Everything the wire and the operator see of each kind, one line per kind in wire order: THE
// list of kinds. kProofKinds, names, labels and the status and metrics pages derive from it; its
// one companion is ProofKindTable (proof_kind.cc), the kinds' descriptors in the same order,
// kept apart so that this header needs none of the engine. A new kind adds its line here, its
// descriptor there, its ProofKind value, its proto value and its own files;
// ProofKindTableTest and WireTest.TheProtoHasEveryKindAndNoOther fail where one is missing.
// The request fields that only some kinds read (JobRequest's); the others (id, kind, priority,
// registered proof, sector size, miner id, sector number) every kind accepts.
enum KindField : unsigned {
  kFieldVanillaProof = 1,      // vanilla_proof: a C1
  kFieldVanillaProofs = 2,     // vanilla_proofs
  kFieldRandomness = 4,        // randomness: the PoSt seed
  kFieldPartitionIndex = 8,    // partition_index
  kFieldSnapCommitments = 16,  // comm_r_old, comm_r_new, comm_d_new
};
struct KindFacts {
  ProofKind kind;
  const char* name;          // cuzk-bench --type, logs
  const char* metric_label;  // Prometheus proof_kind (the Rust cuzk's labels)
  const char* status_name;   // GetStatus queues and /status (the Rust cuzk's ProofKind Display)
  Priority default_priority;
  const char* description;  // for error messages
  unsigned fields;          // the KindFields it reads (CheckFieldsApply)
};
inline constexpr KindFacts kKindTable[] = {
    {ProofKind::kPoRepSealCommit, "porep", "porep_c2", "porep-c2", Priority::kNormal,
     "PoRep seal commit", kFieldVanillaProof},
    {ProofKind::kSnapDealsUpdate, "snap", "snap_update", "snap-update", Priority::kNormal,
     "SnapDeals update", kFieldVanillaProofs | kFieldSnapCommitments},
    {ProofKind::kWindowPost, "wpost", "window_post", "window-post", Priority::kHigh,
     "WindowPoSt partition", kFieldVanillaProofs | kFieldRandomness | kFieldPartitionIndex},
    {ProofKind::kWinningPost, "winning", "winning_post", "winning-post", Priority::kCritical,
     "WinningPoSt", kFieldVanillaProofs | kFieldRandomness},
    {ProofKind::kSnapDealsUpdatePoseidon, "snap-poseidon", "snap_update_poseidon",
     "snap-update-poseidon", Priority::kNormal, "SnapDeals update, Poseidon variant",
     kFieldVanillaProofs | kFieldSnapCommitments},
};

// Every proof kind, in wire order (kKindTable's kinds).
inline constexpr auto kProofKinds = [] {
  std::array<ProofKind, std::size(kKindTable)> kinds{};
  for (size_t i = 0; i < kinds.size(); ++i) kinds[i] = kKindTable[i].kind;
  return kinds;
}();

// Returns the default priority of a kind: WinningPoSt CRITICAL, WindowPoSt HIGH, others NORMAL.
Priority DefaultPriority(ProofKind kind);
// Returns the kind's short name, e.g. "porep" (cuzk-bench --type, logs).
const char* ProofKindName(ProofKind kind);
// Returns the Prometheus proof_kind label, as the Rust cuzk's, e.g. "porep_c2".
const char* ProofKindMetricLabel(ProofKind kind);
// Returns the name the Rust cuzk's GetStatus and /status give the kind, e.g. "porep-c2".
const char* ProofKindStatusName(ProofKind kind);

// Returns the kind whose ProofKindName is `name`.
Result<ProofKind> ProofKindFromName(std::string_view name);
// Returns the kind with wire number `value`; 0 (unspecified) and unknown numbers are errors that
// say so.
Result<ProofKind> ProofKindFromWire(int value);
// Returns the priority with wire number `value` (0 = the kind's default); numbers outside 0-4
// are errors.
Result<Priority> PriorityFromWire(int value);

// The longest request id accepted (Curio's are under 100 bytes).
inline constexpr size_t kMaxRequestIdBytes = 256;
// Returns an error unless `id` is at most kMaxRequestIdBytes of printable ASCII (so an id can
// neither forge log lines nor flood them).
Status CheckRequestId(std::string_view id);

// One submission.
struct JobRequest {
  std::string request_id;  // becomes the job id; resubmitting the same request returns it
  ProofKind kind = ProofKind::kPoRepSealCommit;
  Priority priority = Priority::kUnspecified;
  uint64_t registered_proof = 0;  // PoRep: must match the C1's; PoSt: RegisteredPoStProof id
  uint64_t sector_size = 0;       // 0 = not given; otherwise must match the proof's
  std::string vanilla_proof;      // PoRep: C1 JSON, raw or in Curio's wrapper
  std::vector<std::string> vanilla_proofs;         // PoSt: one bincode FallbackPoStSectorProof each
  std::string randomness;                          // PoSt: the 32-byte challenge seed
  uint32_t partition_index = 0;                    // WindowPoSt: the partition proved
  std::string comm_r_old, comm_r_new, comm_d_new;  // SnapDeals: raw 32-byte commitments
  // PoRep: the sector the caller means (Curio sends both); when miner_id is not 0 the C1's
  // replica_id must be derived from them.
  uint64_t miner_id = 0, sector_number = 0;
};

// Returns an InvalidArgument error naming the first field `request` carries that its kind does
// not read (KindFacts::fields), so that a request meant for another kind, or built wrongly, is
// refused rather than proved without it. Curio sends no such field (lib/ffi/cuzk_funcs.go); the
// Rust cuzk-bench sends 32 zero bytes of randomness and partition 0 with every kind, which pass.
Status CheckFieldsApply(const JobRequest& request);

}  // namespace cuzk::engine
