// SPDX-License-Identifier: Apache-2.0 OR MIT
// The optimized Poseidon schedule that Filecoin's circuit computes (neptune preprocessing.rs,
// mds.rs, circuit.rs; docs/filecoin.md §5.3): round constants folded through the inverse
// MDS ("compressed constants"), and the partial rounds mixed with sparse matrices. The circuit's
// witness and linear combinations follow this schedule, so it is reproduced exactly; the native
// version below serves to check it against the reference permutation.
#pragma once

#include <vector>

#include "hash/poseidon.h"

namespace cuzk::hash {

using Matrix = std::vector<std::vector<Fr>>;

// One sparse matrix: identity except column 0 (w_hat) and row 0 (v_rest, columns 1..t-1).
struct SparseMatrix {
  std::vector<Fr> w_hat;   // t entries
  std::vector<Fr> v_rest;  // t - 1 entries
};

// The preprocessed constants of one arity.
struct OptimizedPoseidon {
  const PoseidonParams* params = nullptr;
  std::vector<Fr> compressed_constants;  // 8t + R_P, consumed in schedule order
  Matrix pre_sparse;                     // used after the 4th full round
  std::vector<SparseMatrix> sparse;      // one per partial round
};

// Returns the optimized constants of `arity`, computed once and cached.
Result<const OptimizedPoseidon*> OptimizedPoseidonFor(size_t arity);

// Applies the optimized schedule to `state` (width elements) in place; `scratch` must hold width
// elements. No allocation: ~3x fewer multiplications than the reference permutation, because
// the partial rounds mix with sparse matrices.
void PoseidonPermuteOptimized(const OptimizedPoseidon& o, std::span<Fr> state,
                              std::span<Fr> scratch);

// Computes the Merkle-tree hash of `preimage` with the optimized schedule (must equal
// PoseidonHash; used to validate the preprocessing the circuit relies on).
Result<Fr> PoseidonHashOptimized(std::span<const Fr> preimage);

// Hashes many independent preimages at once (tree building) with the optimized schedule:
// preimages holds out.size() consecutive groups of `arity` elements; out[i] receives the hash of
// group i. Runs on `threads` threads (0 = all).
Status PoseidonHashMany(size_t arity, std::span<const Fr> preimages, std::span<Fr> out,
                        size_t threads = 0);

// Returns v * m (row vector times matrix).
std::vector<Fr> ApplyMatrix(const Matrix& m, std::span<const Fr> v);

}  // namespace cuzk::hash
