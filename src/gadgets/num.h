// SPDX-License-Identifier: Apache-2.0 OR MIT
// AllocatedNum: a field element held in one variable together with its value (bellpepper num.rs).
#pragma once

#include "r1cs/constraint_system.h"

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

// A variable and the value assigned to it.
struct AllocatedNum {
  Variable var;
  Fr value;

  // Allocates a private variable holding `value`.
  static AllocatedNum Alloc(ConstraintSystem& cs, const Fr& value) { return {cs.Alloc(value), value}; }
  // Allocates a public input holding `value`.
  static AllocatedNum AllocInput(ConstraintSystem& cs, const Fr& value) {
    return {cs.AllocInput(value), value};
  }
};

}  // namespace cuzk::gadgets
