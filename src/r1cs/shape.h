// SPDX-License-Identifier: Apache-2.0 OR MIT
// The shape of a constraint system: the A, B, C matrices as compressed sparse rows, recorded by
// ShapeRecorder. Parameter generation and the iden3 .r1cs export read it.
#pragma once

#include <cstdint>
#include <vector>

#include "base/huge_page_allocator.h"
#include "r1cs/constraint_system.h"

namespace cuzk::r1cs {

// One row of A, B or C: column entries with coefficients.
struct SparseEntry {
  Variable var;
  Fr coeff;
};

// Rows of sparse entries; row i is entries[row_start[i] .. row_start[i+1]).
struct SparseMatrix {
  std::vector<uint64_t> row_start{0};
  HugeVector<SparseEntry> entries;  // huge pages: a big circuit's terms fault in faster

  // Appends the terms of `lc` as a new row.
  void AppendRow(const LinearCombination& lc);
  // Returns the number of rows.
  size_t rows() const { return row_start.size() - 1; }
};

// Variable counts and matrices of a synthesized circuit, input constraints included.
struct R1csShape {
  size_t num_inputs = 0;  // ONE included
  size_t num_aux = 0;
  SparseMatrix a, b, c;

  // Returns the number of constraints.
  size_t num_constraints() const { return a.rows(); }
};

// Records the matrices and ignores values.
class ShapeRecorder final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE.
  ShapeRecorder() { AllocInput(Fr::One()); }

  Variable Alloc(const Fr&) override {
    return {Variable::Kind::kAux, static_cast<uint32_t>(shape_.num_aux++)};
  }
  Variable AllocInput(const Fr&) override {
    return {Variable::Kind::kInput, static_cast<uint32_t>(shape_.num_inputs++)};
  }
  // Synthesizes `circuit`, appends the input constraints (as bellperson's generator does) unless
  // told not to (the iden3 export wants the circuit's own constraints only), and returns the shape.
  static Result<R1csShape> Record(const Circuit& circuit, bool append_input_constraints = true);

 protected:
  void DoEnforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                 std::string_view name) override;

 private:
  R1csShape shape_;
};

}  // namespace cuzk::r1cs
