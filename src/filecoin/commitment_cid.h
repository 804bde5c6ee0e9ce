// SPDX-License-Identifier: Apache-2.0 OR MIT
// Filecoin commitment CIDs, as Lotus prints sealed and unsealed CIDs (go-fil-commcid): CIDv1 in
// base32 lower-case multibase ('b'), codec fil-commitment-sealed (0xf102) over multihash
// poseidon-bls12_381-a2-fc1 (0xb401) for comm_r, fil-commitment-unsealed (0xf101) over
// sha2-256-trunc254-padded (0x1012) for comm_d; the 32-byte digest is the commitment exactly as
// C1 and the vanilla proofs carry it. Also lotus-bench's "d:<CID> r:<CID>" line (commdr.txt).
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"
#include "filecoin/challenges.h"

namespace cuzk::filecoin {

// Which commitment a CID names.
enum class CommitmentKind { kSealed, kUnsealed };

// Returns `commitment`'s CID (bagboea4b... for kSealed, baga6ea4sea... for kUnsealed).
std::string CommitmentToCid(const Bytes32& commitment, CommitmentKind kind);

// Parses a commitment CID of kind `kind`; fails, saying why, on anything else.
Result<Bytes32> CommitmentFromCid(std::string_view cid, CommitmentKind kind);

// comm_d and comm_r from a "d:<CID> r:<CID>" line.
struct CommDR {
  Bytes32 comm_d{};
  Bytes32 comm_r{};
};

// Parses "d:<CID> r:<CID>" (whitespace between and around); fails, naming the part, otherwise.
Result<CommDR> ParseCommDR(std::string_view text);

// Writes "d:<CID> r:<CID>\n".
std::string FormatCommDR(const CommDR& commitments);

}  // namespace cuzk::filecoin
