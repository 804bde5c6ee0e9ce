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

// A state element: its combination (a single variable once allocated) and value. Elements are
// reused from hash to hash (see Workspace), so their combinations keep their capacity and the
// steady state allocates nothing.
struct Elt {
  LinearCombination lc;
  Fr value;
  bool allocated = false;
  Variable var;

  void SetAllocated(Variable v, const Fr& x) {
    lc.Clear();
    lc.Add(v);
    value = x;
    allocated = true;
    var = v;
  }
  void SetConstant(const Fr& c) {
    lc.Clear();
    lc.AddTerm(Variable::One(), c);
    value = c;
    allocated = false;
  }
  void SetZero() {
    lc.Clear();
    value = Fr::Zero();
    allocated = false;
  }
};

// The state and mixing scratch of one hash, kept per thread.
struct Workspace {
  std::vector<Elt> e, out;
  Elt first;
};

LinearCombination One() { return LinearCombination::Of(Variable::One()); }

// neptune ensure_allocated: a Num becomes a fresh variable v with [lc] * [ONE] = [v].
Variable EnsureAllocated(ConstraintSystem& cs, const Elt& e) {
  if (e.allocated) return e.var;
  Variable v = cs.Alloc(e.value);
  if (cs.WantsCombinations()) {
    cs.Enforce(e.lc, One(), LinearCombination::Of(v));
  } else {
    cs.EnforceUnread();
  }
  return v;
}

// S-box x^5 on an allocated x, plus an optional post-key k folded into the last constraint:
// [x]*[x] = [x2], [x2]*[x2] = [x4], [x]*[x4] = [o - k]. Writes o into `out`.
void Quintic(ConstraintSystem& cs, Variable x, const Fr& value, const Fr* key, Elt& out) {
  Fr v2 = value.Square(), v4 = v2.Square();
  const bool lcs = cs.WantsCombinations();
  Variable x2 = cs.Alloc(v2);
  if (lcs) {
    cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(x), LinearCombination::Of(x2));
  } else {
    cs.EnforceUnread();
  }
  Variable x4 = cs.Alloc(v4);
  if (lcs) {
    cs.Enforce(LinearCombination::Of(x2), LinearCombination::Of(x2), LinearCombination::Of(x4));
  } else {
    cs.EnforceUnread();
  }
  Fr o_value = value * v4 + (key ? *key : Fr::Zero());
  Variable o = cs.Alloc(o_value);
  if (lcs) {
    LinearCombination c = LinearCombination::Of(o);
    if (key) c.AddTerm(Variable::One(), -*key);
    cs.Enforce(LinearCombination::Of(x), LinearCombination::Of(x4), c);
  } else {
    cs.EnforceUnread();
  }
  out.SetAllocated(o, o_value);
}

// Dense mix: new[j] = sum_i m[i][j] e[i], as combinations when `lcs` (into ws.out, then swapped
// in), and as values.
void DenseMix(Workspace& ws, const hash::Matrix& m, bool lcs) {
  std::vector<Elt>& e = ws.e;
  std::vector<Elt>& out = ws.out;
  for (size_t j = 0; j < e.size(); ++j) {
    out[j].SetZero();
    for (size_t i = 0; i < e.size(); ++i) {
      if (lcs) out[j].lc.AddScaled(e[i].lc, m[i][j]);
      out[j].value += m[i][j] * e[i].value;
    }
  }
  e.swap(out);
}

// Sparse mix: new[0] = sum_i w_hat[i] e[i]; new[j] = e[j] + v_rest[j-1] e[0] (combinations
// only when `lcs`).
void SparseMix(Workspace& ws, const hash::SparseMatrix& s, bool lcs) {
  std::vector<Elt>& e = ws.e;
  Elt& first = ws.first;
  first.SetZero();
  for (size_t i = 0; i < e.size(); ++i) {
    if (lcs) first.lc.AddScaled(e[i].lc, s.w_hat[i]);
    first.value += s.w_hat[i] * e[i].value;
  }
  for (size_t j = 1; j < e.size(); ++j) {
    if (lcs) e[j].lc.AddScaled(e[0].lc, s.v_rest[j - 1]);
    e[j].value += s.v_rest[j - 1] * e[0].value;
    e[j].allocated = false;
  }
  std::swap(e[0], first);
}

// Hashes `preimage` with `domain_tag` in state[0] (nullptr: the Merkle-tree tag).
Result<AllocatedNum> PoseidonWithTag(ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                                     const Fr* domain_tag);

}  // namespace

Result<AllocatedNum> PoseidonHashGadget(ConstraintSystem& cs,
                                        std::span<const AllocatedNum> preimage) {
  return PoseidonWithTag(cs, preimage, nullptr);
}

Result<AllocatedNum> PoseidonGenRandomnessGadget(ConstraintSystem& cs,
                                                 std::span<const AllocatedNum> preimage) {
  static const Fr kTag = Fr::FromUint64(uint64_t{1} << 40);
  return PoseidonWithTag(cs, preimage, &kTag);
}

namespace {

Result<AllocatedNum> PoseidonWithTag(ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                                     const Fr* domain_tag) {
  auto opt = hash::OptimizedPoseidonFor(preimage.size());
  RETURN_IF_ERROR(opt);
  const hash::OptimizedPoseidon& o = **opt;
  const hash::PoseidonParams& p = *o.params;
  size_t t = p.width;
  const Fr* cc = o.compressed_constants.data();
  thread_local Workspace ws;
  ws.e.resize(t);
  ws.out.resize(t);
  std::vector<Elt>& e = ws.e;

  // Full round 0. The tag is a constant: (tag + CC[0])^5 + CC[t], no constraints. Each preimage
  // element x: [x + c]*[x + c] = [q], [q]*[q] = [q4], [x + c]*[q4] = [o - k].
  Fr tag = (domain_tag ? *domain_tag : p.merkle_tag) + cc[0];
  e[0].SetConstant(tag * tag.Square().Square() + cc[t]);
  const bool lcs = cs.WantsCombinations();
  for (size_t i = 1; i < t; ++i) {
    const AllocatedNum& x = preimage[i - 1];
    Fr sv = x.value + cc[i], q = sv.Square(), q4 = q.Square(), out = sv * q4 + cc[t + i];
    LinearCombination shifted;
    if (lcs) {
      shifted.Add(x.var);
      shifted.AddTerm(Variable::One(), cc[i]);
    }
    Variable qv = cs.Alloc(q);
    if (lcs) {
      cs.Enforce(shifted, shifted, LinearCombination::Of(qv));
    } else {
      cs.EnforceUnread();
    }
    Variable q4v = cs.Alloc(q4);
    if (lcs) {
      cs.Enforce(LinearCombination::Of(qv), LinearCombination::Of(qv), LinearCombination::Of(q4v));
    } else {
      cs.EnforceUnread();
    }
    Variable ov = cs.Alloc(out);
    if (lcs) {
      LinearCombination c = LinearCombination::Of(ov);
      c.AddTerm(Variable::One(), -cc[t + i]);
      cs.Enforce(shifted, LinearCombination::Of(q4v), c);
    } else {
      cs.EnforceUnread();
    }
    e[i].SetAllocated(ov, out);
  }
  cc += 2 * t;
  DenseMix(ws, p.mds, lcs);
  // Full rounds 1..3 (the third mixed with pre_sparse), partial rounds, 3 final full rounds with
  // post-keys and a terminal one without.
  auto full_round = [&](bool keyed) {
    for (size_t i = 0; i < t; ++i) {
      Variable x = EnsureAllocated(cs, e[i]);
      Quintic(cs, x, e[i].value, keyed ? cc++ : nullptr, e[i]);
    }
  };
  for (size_t r = 1; r <= 3; ++r) {
    full_round(true);
    DenseMix(ws, r == 3 ? o.pre_sparse : p.mds, lcs);
  }
  for (const hash::SparseMatrix& s : o.sparse) {
    Variable x = EnsureAllocated(cs, e[0]);
    Quintic(cs, x, e[0].value, cc++, e[0]);
    SparseMix(ws, s, lcs);
  }
  for (size_t r = 0; r < 4; ++r) {
    full_round(r < 3);
    DenseMix(ws, p.mds, lcs);
  }
  Variable out = EnsureAllocated(cs, e[1]);
  return AllocatedNum{out, e[1].value};
}

}  // namespace

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
    RETURN_IF_ERROR(h);
    acc = *h;
  }
  return acc;
}

}  // namespace cuzk::gadgets
