// SPDX-License-Identifier: Apache-2.0 OR MIT
// A compiled circuit (r1cs/compiled_circuit.h) as a file, so that a daemon that restarts reads a
// circuit back in seconds instead of compiling it again (a 32GiB PoRep partition's: 2.9 GB, about
// 78 s to compile with its digest). The Rust cuzk keeps its PCE the same way, beside the
// parameters.
//
// Layout, little-endian: the magic "cuzk-cc2" (8 bytes); num_inputs, num_aux, witness_other and
// the coefficient count (u64 each); the R1CS digest (32 bytes, then its nine counts as u64); the
// coefficients (32 bytes each, big-endian canonical); for A then B: rows, terms and long-row
// counts (u64 each), then the columns (u32), coefficient ids (u16), row term counts (u8) and long
// counts (u64); for each density (A aux, B input, B aux): its size (u64) and its bits, eight per
// byte, least significant first; last, the SHA-256 of every byte before it. Each array starts at
// a multiple of 8 bytes (zero bytes before it; "cuzk-cc1" had none), so that the reader maps the
// file and the matrices' arrays stay where they lie: the page cache's copy is the only one. A
// file that is short, corrupt or of another layout is refused with a message that says so, never
// half-used.
#pragma once

#include <string>

#include "base/status.h"
#include "r1cs/compiled_circuit.h"

namespace cuzk::r1cs {

// Writes `circuit`, which must carry its digest, to `path` atomically (a temporary file of its own
// beside it, renamed over it when complete), creating the folder if need be.
Status WriteCompiledCircuit(const CompiledCircuit& circuit, const std::string& path);

// Reads a compiled circuit back from `path`, mapped (base/mapped_file.h; the matrices' arrays are
// views into the mapping, which the circuit keeps), checking its checksum and every term's range
// (CompiledMatrix::Adopt). NotFound when there is no such file.
Result<CompiledCircuit> ReadCompiledCircuit(const std::string& path);

}  // namespace cuzk::r1cs
