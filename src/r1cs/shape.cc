// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "r1cs/shape.h"

namespace cuzk::r1cs {

void SparseMatrix::AppendRow(const LinearCombination& lc) {
  for (const Term& t : lc.inputs()) entries.push_back({{Variable::Kind::kInput, t.index}, t.coeff});
  for (const Term& t : lc.aux()) entries.push_back({{Variable::Kind::kAux, t.index}, t.coeff});
  row_start.push_back(entries.size());
}

void ShapeRecorder::DoEnforce(const LinearCombination& a, const LinearCombination& b,
                              const LinearCombination& c, std::string_view /*name*/) {
  shape_.a.AppendRow(a);
  shape_.b.AppendRow(b);
  shape_.c.AppendRow(c);
}

Result<R1csShape> ShapeRecorder::Record(const Circuit& circuit, bool append_input_constraints) {
  ShapeRecorder cs;
  Status s = circuit.Synthesize(cs);
  RETURN_IF_ERROR(s);
  if (!append_input_constraints) return std::move(cs.shape_);
  LinearCombination empty;
  for (size_t i = 0; i < cs.shape_.num_inputs; ++i) {
    cs.DoEnforce(LinearCombination::Of({Variable::Kind::kInput, static_cast<uint32_t>(i)}), empty,
                 empty, {});
  }
  return std::move(cs.shape_);
}

}  // namespace cuzk::r1cs
