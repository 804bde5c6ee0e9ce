// SPDX-License-Identifier: Apache-2.0 OR MIT
// Small circuits for Groth16 tests and benchmarks: x^3 + x + 5 = y, a MiMC-style chain, and a
// random satisfiable R1CS of any size.
#pragma once

#include <random>
#include <vector>

#include "r1cs/constraint_system.h"

namespace cuzk::testing {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

// Knows x with x^3 + x + 5 = y for public y.
class CubicCircuit : public r1cs::Circuit {
 public:
  explicit CubicCircuit(Fr x) : x_(x) {}
  Fr Output() const { return x_ * x_ * x_ + x_ + Fr::FromUint64(5); }
  Status Synthesize(ConstraintSystem& cs) const override {
    Variable x = cs.Alloc(x_);
    Variable x2 = cs.Alloc(x_ * x_);
    Variable x3 = cs.Alloc(x_ * x_ * x_);
    Variable y = cs.AllocInput(Output());
    cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(x), LinearCombination::Of(x2),
               "x^2");
    cs.Enforce(LinearCombination::Of(x2), LinearCombination::Of(x), LinearCombination::Of(x3),
               "x^3");
    LinearCombination sum = LinearCombination::Of(x3);
    sum.Add(x).AddTerm(Variable::One(), Fr::FromUint64(5));
    cs.Enforce(sum, LinearCombination::Of(Variable::One()), LinearCombination::Of(y), "y");
    return Status::Ok();
  }

 private:
  Fr x_;
};

// x_{i+1} = (x_i + c_i)^3 for `rounds` rounds from a private x_0; the last value is public.
class MimcCircuit : public r1cs::Circuit {
 public:
  MimcCircuit(Fr x0, size_t rounds) : x0_(x0) {
    std::mt19937_64 rng(77);
    for (size_t i = 0; i < rounds; ++i) constants_.push_back(Fr::Random(rng));
  }
  Fr Output() const {
    Fr x = x0_;
    for (const Fr& c : constants_) {
      Fr t = x + c;
      x = t * t * t;
    }
    return x;
  }
  Status Synthesize(ConstraintSystem& cs) const override {
    Fr x = x0_;
    Variable xv = cs.Alloc(x);
    for (size_t i = 0; i < constants_.size(); ++i) {
      Fr t = x + constants_[i];
      Fr t2 = t.Square();
      Variable t2v = cs.Alloc(t2);
      LinearCombination lt = LinearCombination::Of(xv);
      lt.AddTerm(Variable::One(), constants_[i]);
      cs.Enforce(lt, lt, LinearCombination::Of(t2v));
      x = t2 * t;
      bool last = i + 1 == constants_.size();
      Variable next = last ? cs.AllocInput(x) : cs.Alloc(x);
      cs.Enforce(LinearCombination::Of(t2v), lt, LinearCombination::Of(next));
      xv = next;
    }
    return Status::Ok();
  }

 private:
  Fr x0_;
  std::vector<Fr> constants_;
};

// `constraints` random constraints a * b = c over `inputs` public inputs and growing aux
// variables; every witness value is consistent, so the system is satisfiable. A share of the
// witness values are 0 and 1, as in Filecoin circuits.
class RandomCircuit : public r1cs::Circuit {
 public:
  RandomCircuit(size_t constraints, size_t inputs, uint64_t seed)
      : constraints_(constraints), inputs_(inputs), seed_(seed) {}
  Status Synthesize(ConstraintSystem& cs) const override {
    std::mt19937_64 rng(seed_);
    std::vector<std::pair<Variable, Fr>> vars = {{Variable::One(), Fr::One()}};
    for (size_t i = 0; i < inputs_; ++i) {
      Fr v = Fr::Random(rng);
      vars.push_back({cs.AllocInput(v), v});
    }
    for (int i = 0; i < 4; ++i) {
      Fr v = (rng() % 3 == 0) ? Fr::Random(rng) : Fr::FromUint64(rng() % 2);
      vars.push_back({cs.Alloc(v), v});
    }
    LinearCombination a, b, c;
    for (size_t k = 0; k < constraints_; ++k) {
      a.Clear();
      b.Clear();
      c.Clear();
      Fr va, vb;
      for (int t = 0; t < 3; ++t) {
        const auto& [var_a, val_a] = vars[rng() % vars.size()];
        Fr coeff = Fr::FromUint64(rng() % 5 + 1);
        a.AddTerm(var_a, coeff);
        va += coeff * val_a;
        const auto& [var_b, val_b] = vars[rng() % vars.size()];
        b.Add(var_b);
        vb += val_b;
      }
      Fr product = va * vb;
      Variable out = cs.Alloc(product);
      c.Add(out);
      cs.Enforce(a, b, c);
      vars.push_back({out, product});
    }
    // Tie every input into a constraint so its IC point is meaningful.
    for (size_t i = 1; i <= inputs_; ++i) {
      const auto& [in_var, in_val] = vars[i];
      Variable copy = cs.Alloc(in_val);
      cs.Enforce(LinearCombination::Of(in_var), LinearCombination::Of(Variable::One()),
                 LinearCombination::Of(copy));
    }
    return Status::Ok();
  }

 private:
  size_t constraints_, inputs_;
  uint64_t seed_;
};

}  // namespace cuzk::testing
