// SPDX-License-Identifier: Apache-2.0 OR MIT
// One proof request as the subcommands that take one read it from their options (single, verify,
// public-inputs, export-r1cs): the kind (-t/--type, the Rust cuzk-bench's names) and its inputs,
// built into the wire request the daemon receives, so every kind goes through the proof-kind
// table (engine/kinds/proof_kind.h) the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "base/status.h"
#include "cuzk/v1/proving.pb.h"
#include "engine/kinds/proof_kind.h"

namespace cuzk::bench {

// The options that name a request's kind and inputs.
struct RequestOptions {
  std::string type = "porep";  // porep, snap, wpost or winning
  std::string c1;              // porep: C1 JSON file
  std::string vanilla;         // snap/wpost/winning: JSON array of base64 bincode proofs
  std::string randomness;      // wpost/winning: 64 hex digits
  std::string sector_size = "2KiB";
  std::string comm_r_old, comm_d_new, comm_r_new;  // snap: 64 hex digits each
  int64_t registered_proof = -1;                   // -1: the C1's, or the size's V1_1
  uint32_t partition = 0;                          // wpost: the partition index
  uint64_t miner_id = 0, sector_num = 0;           // sent with every kind
  bool unchecked = false;  // porep: send the file as it is, not read as a C1 here
};

// Registers the options above on `cmd` (--unchecked only when `allow_unchecked`).
void AddRequestOptions(CLI::App* cmd, RequestOptions* o, bool allow_unchecked = false);

// Builds the submission the options describe (without request id or priority); `sector_bytes`
// receives the sector size (0 for an unchecked PoRep file).
Result<v1::SubmitProofRequest> BuildSubmitRequest(const RequestOptions& o, uint64_t* sector_bytes);

// Builds the submission and prepares it as the daemon would (parsed, checked, partitions known).
Result<engine::PreparedJob> PrepareRequest(const RequestOptions& o);

}  // namespace cuzk::bench
