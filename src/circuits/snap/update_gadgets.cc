// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "circuits/snap/update_gadgets.h"

#include "gadgets/poseidon.h"

namespace cuzk::circuits::snap {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::LinearCombination;
using r1cs::Variable;

void EnforceDecomposition(r1cs::ConstraintSystem& cs, std::span<const Boolean> bits,
                          const AllocatedNum& x) {
  LinearCombination lc;
  ff::Fr pow2 = ff::Fr::One();
  for (const Boolean& b : bits) {
    b.AddTo(lc, pow2);
    pow2 = pow2 + pow2;
  }
  cs.Enforce(lc, LinearCombination::Of(Variable::One()), LinearCombination::Of(x.var));
}

std::vector<Boolean> AllocateBits(r1cs::ConstraintSystem& cs, const AllocatedNum& x) {
  auto canonical = x.value.ToCanonical();
  std::vector<Boolean> bits;
  for (size_t i = 0; i < 255; ++i) {
    bits.push_back(Boolean::Alloc(cs, (canonical[i / 64] >> (i % 64)) & 1));
  }
  EnforceDecomposition(cs, bits, x);
  return bits;
}

Result<UpdateCommitments> AllocateCommitments(r1cs::ConstraintSystem& cs, const ff::Fr& comm_r_old,
                                              const ff::Fr& comm_d_new, const ff::Fr& comm_r_new) {
  UpdateCommitments c;
  for (auto [out, value] :
       {std::pair{&c.comm_r_old, &comm_r_old}, std::pair{&c.comm_d_new, &comm_d_new},
        std::pair{&c.comm_r_new, &comm_r_new}}) {
    *out = AllocatedNum::Alloc(cs, *value);
    gadgets::Inputize(cs, *out);
  }
  AllocatedNum phi_in[] = {c.comm_d_new, c.comm_r_old};
  ASSIGN_OR_RETURN(c.phi, gadgets::PoseidonGenRandomnessGadget(cs, phi_in));
  return c;
}

Status EnforceCommR(r1cs::ConstraintSystem& cs, const UpdateCommitments& c,
                    const AllocatedNum& comm_c, const AllocatedNum& root_r_old,
                    const AllocatedNum& root_r_new) {
  for (auto [root, comm_r] :
       {std::pair{&root_r_old, &c.comm_r_old}, std::pair{&root_r_new, &c.comm_r_new}}) {
    AllocatedNum pair[] = {comm_c, *root};
    ASSIGN_OR_RETURN(AllocatedNum h, gadgets::PoseidonHashGadget(cs, pair));
    gadgets::EnforceEqual(cs, h, *comm_r);
  }
  return Status::Ok();
}

std::vector<AllocatedNum> AllocAll(r1cs::ConstraintSystem& cs, const std::vector<ff::Fr>& values) {
  std::vector<AllocatedNum> out;
  for (const ff::Fr& v : values) out.push_back(AllocatedNum::Alloc(cs, v));
  return out;
}

Result<std::vector<std::vector<Boolean>>> GenChallengeBits(r1cs::ConstraintSystem& cs,
                                                           const AllocatedNum& comm_r_new,
                                                           const AllocatedNum& partition,
                                                           uint32_t challenges,
                                                           uint32_t bits_per_challenge) {
  const uint32_t per_digest = 254 / bits_per_challenge;  // Fr::CAPACITY / bits
  const uint32_t digests = (challenges + per_digest - 1) / per_digest;
  std::vector<std::vector<Boolean>> generated;
  for (uint32_t j = 0; j < digests; ++j) {
    // digest_index = k * digests + j, with digests and j constants.
    ff::Fr index_value = partition.value * ff::Fr::FromUint64(digests) + ff::Fr::FromUint64(j);
    AllocatedNum index = AllocatedNum::Alloc(cs, index_value);
    LinearCombination lc;
    lc.AddTerm(partition.var, ff::Fr::FromUint64(digests));
    lc.AddTerm(Variable::One(), ff::Fr::FromUint64(j));
    cs.Enforce(lc, LinearCombination::Of(Variable::One()), LinearCombination::Of(index.var));
    AllocatedNum digest_in[] = {comm_r_new, index};
    ASSIGN_OR_RETURN(AllocatedNum digest, gadgets::PoseidonGenRandomnessGadget(cs, digest_in));
    std::vector<Boolean> bits = AllocateBits(cs, digest);
    uint32_t take =
        j + 1 == digests ? challenges - static_cast<uint32_t>(generated.size()) : per_digest;
    for (uint32_t c = 0; c < take; ++c) {
      generated.emplace_back(bits.begin() + c * bits_per_challenge,
                             bits.begin() + (c + 1) * bits_per_challenge);
    }
  }
  return generated;
}

AllocatedNum ChallengeHighBits(r1cs::ConstraintSystem& cs, std::span<const Boolean> c_bits,
                               std::span<const Boolean> h_select,
                               const std::array<uint32_t, 6>& hs) {
  std::vector<AllocatedNum> terms;
  for (size_t k = 0; k < hs.size(); ++k) {
    AllocatedNum high = gadgets::PackBits(cs, c_bits.subspan(c_bits.size() - hs[k]));
    ff::Fr value = h_select[k].value() ? high.value : ff::Fr::Zero();
    AllocatedNum term = AllocatedNum::Alloc(cs, value);
    cs.Enforce(LinearCombination::Of(high.var), h_select[k].Lc(), LinearCombination::Of(term.var));
    terms.push_back(term);
  }
  ff::Fr sum = ff::Fr::Zero();
  LinearCombination lc;
  for (const AllocatedNum& t : terms) {
    sum += t.value;
    lc.AddTerm(t.var, ff::Fr::One());
  }
  AllocatedNum selected = AllocatedNum::Alloc(cs, sum);
  cs.Enforce(lc, LinearCombination::Of(Variable::One()), LinearCombination::Of(selected.var));
  return selected;
}

AllocatedNum LabelRNew(r1cs::ConstraintSystem& cs, const AllocatedNum& r_old,
                       const AllocatedNum& d_new, const AllocatedNum& rho) {
  AllocatedNum product = AllocatedNum::Alloc(cs, d_new.value * rho.value);
  cs.Enforce(LinearCombination::Of(d_new.var), LinearCombination::Of(rho.var),
             LinearCombination::Of(product.var));
  AllocatedNum r_new = AllocatedNum::Alloc(cs, r_old.value + product.value);
  LinearCombination sum = LinearCombination::Of(r_old.var);
  sum.AddTerm(product.var, ff::Fr::One());
  cs.Enforce(sum, LinearCombination::Of(Variable::One()), LinearCombination::Of(r_new.var));
  return r_new;
}

}  // namespace cuzk::circuits::snap
