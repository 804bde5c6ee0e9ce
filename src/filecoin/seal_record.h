// SPDX-License-Identifier: Apache-2.0 OR MIT
// rust-fil-proofs' seal regression records (filecoin-proofs/tests/seal_regression_records-v*.json,
// docs/filecoin.md §6): one serde JSON object per line, each a real seal proof with everything
// needed to recompute its public inputs. Used to check cuzk's verifier against official proofs and
// keys.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "filecoin/challenges.h"
#include "filecoin/registered_proof.h"

namespace cuzk::filecoin {

// One SealRegressionRecord.
struct SealRecord {
  uint64_t sector_size = 0;
  uint32_t partitions = 0;
  Bytes32 porep_id{};
  ApiVersion api_version = ApiVersion::kV1_0_0;
  PoRepFeature feature = PoRepFeature::kInteractive;  // from api_features ([] = interactive)
  Bytes32 comm_r{}, comm_d{}, prover_id{}, ticket{}, seed{};
  uint64_t sector_id = 0;
  std::vector<uint8_t> proof;
};

// Parses one record line; errors name the field ("porep_config.porep_id: expected 32 bytes").
Result<SealRecord> ParseSealRecord(std::string_view line);

// The registered proof whose circuit a record was proved with: the registry's entry for the
// record's sector size and feature, with the record's api version (which picks the parent graph).
// Fails for sizes and partition counts the registry does not have.
Result<RegisteredSealProof> RecordProof(const SealRecord& record);

}  // namespace cuzk::filecoin
