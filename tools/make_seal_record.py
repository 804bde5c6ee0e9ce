#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes a rust-fil-proofs seal regression record (one JSON line, the serde form of
filecoin-proofs' SealRegressionRecord) for a C1 file and its C2 proof, so that the record reader
and `cuzk-bench verify-records` can be tested with a proof made here.

Usage: make_seal_record.py C1_JSON PROOF_BIN MINER_ID SECTOR_ID REGISTERED_PROOF_ID API_VERSION
"""
import json
import sys


def prover_id(miner_id: int) -> list:
    """The miner actor id as unsigned LEB128, zero-padded to 32 bytes."""
    out = []
    while True:
        byte = miner_id & 0x7F
        miner_id >>= 7
        out.append(byte | (0x80 if miner_id else 0))
        if not miner_id:
            break
    return out + [0] * (32 - len(out))


def main() -> None:
    c1_path, proof_path, miner, sector, proof_id, api = sys.argv[1:7]
    with open(c1_path) as f:
        c1 = json.load(f)
    with open(proof_path, "rb") as f:
        proof = list(f.read())
    porep_id = list(int(proof_id).to_bytes(8, "little")) + [0] * 24
    record = {
        "porep_config": {
            "sector_size": [2048, 8 << 20, 512 << 20, 32 << 30, 64 << 30][int(proof_id) % 5],
            "partitions": len(proof) // 192,
            "porep_id": porep_id,
            "api_version": api,
            "api_features": [],
        },
        "comm_r": c1["comm_r"],
        "comm_d": c1["comm_d"],
        "prover_id": prover_id(int(miner)),
        "sector_id": int(sector),
        "ticket": c1["ticket"],
        "seed": c1["seed"],
        "proof": proof,
    }
    print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
