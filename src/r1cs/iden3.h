// SPDX-License-Identifier: Apache-2.0 OR MIT
// circom/snarkjs interchange: the iden3 `.r1cs` and `.wtns` binary formats over BLS12-381's Fr
// (docs/formats.md; iden3's r1csfile and wtns specifications). Our inputs (ONE first) are wires
// 0..nInputs-1, declared as public inputs; aux variables follow in allocation order. Only the
// circuit's own constraints are exchanged: both sides append the per-input rows themselves.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "r1cs/shape.h"

namespace cuzk::r1cs {

// Writes `shape` (without bellperson's appended input constraints) as a .r1cs file.
Status WriteIden3R1cs(const R1csShape& shape, const std::string& path);
// Writes the full witness (inputs, ONE first, then aux) as a .wtns file.
Status WriteIden3Witness(std::span<const Fr> inputs, std::span<const Fr> aux,
                         const std::string& path);

// Reads a .r1cs file into a shape: num_inputs = 1 + nPubOut + nPubIn, the other wires aux.
// Errors name the file, section and record that is wrong.
Result<R1csShape> ReadIden3R1cs(const std::string& path);
// Reads a .wtns file: every wire's value, wire 0 first (which must be 1).
Result<std::vector<Fr>> ReadIden3Witness(const std::string& path);

// Replays an imported constraint system with its witness into any ConstraintSystem, so the usual
// machinery (ShapeRecorder, ProvingAssignment, TestConstraintSystem) applies to it.
class Iden3Circuit : public Circuit {
 public:
  // `witness` may be empty (shape only: every value is 0); otherwise it has one value per wire.
  Iden3Circuit(R1csShape shape, std::vector<Fr> witness)
      : shape_(std::move(shape)), witness_(std::move(witness)) {}
  Status Synthesize(ConstraintSystem& cs) const override;
  // Returns the public inputs of a proof: wires 1..num_inputs-1.
  std::vector<Fr> PublicInputs() const;

 private:
  R1csShape shape_;
  std::vector<Fr> witness_;
};

}  // namespace cuzk::r1cs
