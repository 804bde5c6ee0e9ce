// SPDX-License-Identifier: Apache-2.0 OR MIT
// The optimized schedule (hash/poseidon_optimized.h) in circuit form. Each state element is
// either an allocated variable or a linear combination ("Num") with its value; mixing builds
// combinations without constraints, and every S-box first materializes its input.
#include "gadgets/poseidon.h"

#include <algorithm>
#include <vector>

#include "hash/poseidon_optimized.h"

namespace cuzk::gadgets {
namespace {

// A state element: its combination (a single variable once allocated) and value.
struct Elt {
  LinearCombination lc;
  Fr value;
  bool allocated = false;
  Variable var;

  static Elt Allocated(Variable v, const Fr& value) {
    Elt e{LinearCombination::Of(v), value, true, v};
    return e;
  }
  static Elt Constant(const Fr& c) {
    return Elt{LinearCombination::Constant(c), c, false, Variable{}};
  }
};

LinearCombination One() { return LinearCombination::Of(Variable::One()); }

// neptune ensure_allocated: a Num becomes a fresh variable v with [lc] * [ONE] = [v].
Variable EnsureAllocated(ConstraintSystem& cs, const Elt& e) {
  if (e.allocated) return e.var;
  Variable v = cs.Alloc(e.value);
  cs.Enforce(e.lc, One(), LinearCombination::Of(v));
  return v;
}

// S-box x^5 on an allocated x, plus an optional post-key k folded into the last constraint:
// [x]*[x] = [x2], [x2]*[x2] = [x4], [x]*[x4] = [o - k].
Elt Quintic(ConstraintSystem& cs, Variable x, const Fr& value, const Fr* key) {
  Fr v2 = value.Square(), v4 = v2.Square();
  Variable x2 = cs.Alloc(v2);
  cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(x), LinearCombination::Of(x2));
  Variable x4 = cs.Alloc(v4);
  cs.Enforce(LinearCombination::Of(x2), LinearCombination::Of(x2), LinearCombination::Of(x4));
  Fr out = value * v4 + (key ? *key : Fr::Zero());
  Variable o = cs.Alloc(out);
  LinearCombination c = LinearCombination::Of(o);
  if (key) c.AddTerm(Variable::One(), -*key);
  cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(x4), c);
  return Elt::Allocated(o, out);
}

// Dense mix: new[j] = sum_i m[i][j] e[i], as combinations.
void DenseMix(std::vector<Elt>& e, const hash::Matrix& m) {
  std::vector<Elt> out(e.size());
  for (size_t j = 0; j < e.size(); ++j) {
    for (size_t i = 0; i < e.size(); ++i) {
      out[j].lc.AddScaled(e[i].lc, m[i][j]);
      out[j].value += m[i][j] * e[i].value;
    }
  }
  e.swap(out);
}

// Sparse mix: new[0] = sum_i w_hat[i] e[i]; new[j] = e[j] + v_rest[j-1] e[0].
void SparseMix(std::vector<Elt>& e, const hash::SparseMatrix& s) {
  Elt first;
  for (size_t i = 0; i < e.size(); ++i) {
    first.lc.AddScaled(e[i].lc, s.w_hat[i]);
    first.value += s.w_hat[i] * e[i].value;
  }
  for (size_t j = 1; j < e.size(); ++j) {
    e[j].lc.AddScaled(e[0].lc, s.v_rest[j - 1]);
    e[j].value += s.v_rest[j - 1] * e[0].value;
    e[j].allocated = false;
  }
  e[0] = std::move(first);
}

}  // namespace

Result<AllocatedNum> PoseidonHashGadget(ConstraintSystem& cs,
                                        std::span<const AllocatedNum> preimage) {
  auto opt = hash::OptimizedPoseidonFor(preimage.size());
  if (!opt.ok()) return opt.status();
  const hash::OptimizedPoseidon& o = **opt;
  const hash::PoseidonParams& p = *o.params;
  size_t t = p.width;
  const Fr* cc = o.compressed_constants.data();

  // Full round 0. The tag is a constant: (tag + CC[0])^5 + CC[t], no constraints. Each preimage
  // element x: [x + c]*[x + c] = [q], [q]*[q] = [q4], [x + c]*[q4] = [o - k].
  std::vector<Elt> e(t);
  Fr tag = p.merkle_tag + cc[0];
  e[0] = Elt::Constant(tag * tag.Square().Square() + cc[t]);
  for (size_t i = 1; i < t; ++i) {
    const AllocatedNum& x = preimage[i - 1];
    LinearCombination shifted = LinearCombination::Of(x.var);
    shifted.AddTerm(Variable::One(), cc[i]);
    Fr sv = x.value + cc[i], q = sv.Square(), q4 = q.Square(), out = sv * q4 + cc[t + i];
    Variable qv = cs.Alloc(q);
    cs.Enforce(shifted, shifted, LinearCombination::Of(qv));
    Variable q4v = cs.Alloc(q4);
    cs.Enforce(LinearCombination::Of(qv), LinearCombination::Of(qv), LinearCombination::Of(q4v));
    Variable ov = cs.Alloc(out);
    LinearCombination c = LinearCombination::Of(ov);
    c.AddTerm(Variable::One(), -cc[t + i]);
    cs.Enforce(shifted, LinearCombination::Of(q4v), c);
    e[i] = Elt::Allocated(ov, out);
  }
  cc += 2 * t;
  DenseMix(e, p.mds);
  // Full rounds 1..3 (the third mixed with pre_sparse), partial rounds, 3 final full rounds with
  // post-keys and a terminal one without.
  auto full_round = [&](bool keyed) {
    for (size_t i = 0; i < t; ++i) {
      Variable x = EnsureAllocated(cs, e[i]);
      e[i] = Quintic(cs, x, e[i].value, keyed ? cc++ : nullptr);
    }
  };
  for (size_t r = 1; r <= 3; ++r) {
    full_round(true);
    DenseMix(e, r == 3 ? o.pre_sparse : p.mds);
  }
  for (const hash::SparseMatrix& s : o.sparse) {
    Variable x = EnsureAllocated(cs, e[0]);
    e[0] = Quintic(cs, x, e[0].value, cc++);
    SparseMix(e, s);
  }
  for (size_t r = 0; r < 4; ++r) {
    full_round(r < 3);
    DenseMix(e, p.mds);
  }
  Variable out = EnsureAllocated(cs, e[1]);
  return AllocatedNum{out, e[1].value};
}

Result<AllocatedNum> PoseidonHashMdGadget(ConstraintSystem& cs,
                                          std::span<const AllocatedNum> elements) {
  constexpr size_t kArity = hash::kPoseidonMdArity;
  if (elements.size() < 2) return Status::InvalidArgument("hash_md needs at least 2 elements");
  AllocatedNum acc = elements[0];
  std::vector<AllocatedNum> block(kArity);
  for (size_t i = 1; i < elements.size(); i += kArity - 1) {
    size_t n = std::min(kArity - 1, elements.size() - i);
    block[0] = acc;
    std::copy_n(elements.begin() + i, n, block.begin() + 1);
    // filecoin-hashers allocates each padding zero as a fresh (unconstrained) variable.
    for (size_t k = n + 1; k < kArity; ++k) block[k] = AllocatedNum::Alloc(cs, Fr::Zero());
    auto h = PoseidonHashGadget(cs, block);
    if (!h.ok()) return h.status();
    acc = *h;
  }
  return acc;
}

}  // namespace cuzk::gadgets
