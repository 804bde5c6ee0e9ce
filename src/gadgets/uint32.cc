// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "gadgets/uint32.h"

#include <boost/container/small_vector.hpp>

namespace cuzk::gadgets {
namespace {

// 2^i for i < 254.
const Fr& PowerOfTwo(size_t i) {
  static const std::array<Fr, 254> kPowers = [] {
    std::array<Fr, 254> p;
    p[0] = Fr::One();
    for (size_t k = 1; k < p.size(); ++k) p[k] = p[k - 1].Double();
    return p;
  }();
  return kPowers[i];
}

// Spare MultiEq accumulators of this thread.
std::vector<std::unique_ptr<LinearCombination>>& AccumulatorPool() {
  thread_local std::vector<std::unique_ptr<LinearCombination>> pool;
  return pool;
}

std::unique_ptr<LinearCombination> TakeAccumulator() {
  auto& pool = AccumulatorPool();
  if (pool.empty()) return std::make_unique<LinearCombination>();
  std::unique_ptr<LinearCombination> lc = std::move(pool.back());
  pool.pop_back();
  return lc;
}

}  // namespace

MultiEq::MultiEq(ConstraintSystem& cs)
    : cs_(cs), lhs_(TakeAccumulator()), rhs_(TakeAccumulator()) {}

MultiEq::~MultiEq() {
  for (auto* lc : {&lhs_, &rhs_}) {
    (*lc)->Clear();
    AccumulatorPool().push_back(std::move(*lc));
  }
}

void MultiEq::EnforceEqual(size_t num_bits, const LinearCombination& lhs,
                           const LinearCombination& rhs) {
  // Fr holds 254 bits safely (CAPACITY): flush before this equality would reach it.
  if (bits_used_ + num_bits >= 254) Flush();
  if (!cs_.WantsCombinations()) {  // the same flushes, nothing accumulated
    bits_used_ += num_bits;
    return;
  }
  if (bits_used_ == 0) {
    *lhs_ += lhs;
    *rhs_ += rhs;
  } else {
    lhs_->AddScaled(lhs, PowerOfTwo(bits_used_));
    rhs_->AddScaled(rhs, PowerOfTwo(bits_used_));
  }
  bits_used_ += num_bits;
}

Fr MultiEq::BeginEquality(size_t num_bits) {
  if (bits_used_ + num_bits >= 254) Flush();
  Fr weight = PowerOfTwo(bits_used_);
  bits_used_ += num_bits;
  return weight;
}

void MultiEq::Flush() {
  if (bits_used_ == 0) return;
  cs_.Enforce(*lhs_, LinearCombination::Of(Variable::One()), *rhs_);
  lhs_->Clear();
  rhs_->Clear();
  bits_used_ = 0;
}

void UInt32::RecomputeValue() {
  value_ = 0;
  for (size_t i = 0; i < 32; ++i) value_ |= uint32_t{bits_[i].value()} << i;
}

UInt32 UInt32::Constant(uint32_t value) {
  UInt32 w;
  for (size_t i = 0; i < 32; ++i) w.bits_[i] = Boolean::Constant((value >> i) & 1);
  w.value_ = value;
  return w;
}

UInt32 UInt32::FromBitsBe(std::span<const Boolean> bits) {
  UInt32 w;
  for (size_t i = 0; i < 32; ++i) w.bits_[i] = bits[31 - i];
  w.RecomputeValue();
  return w;
}

std::vector<Boolean> UInt32::IntoBitsBe() const {
  return std::vector<Boolean>(bits_.rbegin(), bits_.rend());
}

UInt32 UInt32::Rotr(size_t n) const {
  UInt32 w;
  for (size_t i = 0; i < 32; ++i) w.bits_[i] = bits_[(i + n) % 32];
  w.value_ = (value_ >> n) | (value_ << ((32 - n) % 32));
  return w;
}

UInt32 UInt32::Shr(size_t n) const {
  UInt32 w;  // high bits stay constant false
  for (size_t i = 0; i + n < 32; ++i) w.bits_[i] = bits_[i + n];
  w.value_ = value_ >> n;
  return w;
}

UInt32 UInt32::Xor(ConstraintSystem& cs, const UInt32& other) const {
  UInt32 w;
  for (size_t i = 0; i < 32; ++i) w.bits_[i] = Boolean::Xor(cs, bits_[i], other.bits_[i]);
  w.value_ = value_ ^ other.value_;
  return w;
}

UInt32 UInt32::Bitwise3(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c,
                        Boolean (*op)(ConstraintSystem&, const Boolean&, const Boolean&,
                                      const Boolean&)) {
  UInt32 w;
  for (size_t i = 0; i < 32; ++i) w.bits_[i] = op(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
  w.RecomputeValue();
  return w;
}

UInt32 UInt32::Sha256Ch(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  return Bitwise3(cs, a, b, c, &Boolean::Sha256Ch);
}

UInt32 UInt32::Sha256Maj(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  return Bitwise3(cs, a, b, c, &Boolean::Sha256Maj);
}

UInt32 UInt32::AddMany(ConstraintSystem& cs, MultiEq& eq, std::span<const UInt32> operands) {
  uint64_t sum = 0;
  bool all_constant = true;
  for (const UInt32& op : operands) {
    sum += op.value_;
    for (const Boolean& b : op.bits_) all_constant &= b.is_constant();
  }
  if (all_constant) return Constant(static_cast<uint32_t>(sum));
  // Result width: bit length of n (2^32 - 1).
  uint64_t max_value = operands.size() * uint64_t{0xffffffff};
  size_t result_bits = 64 - static_cast<size_t>(__builtin_clzll(max_value));
  // Result bits first (the flush constraint, if any, follows them, as in bellperson), then the
  // operands' and the result's weighted bits go straight into the MultiEq accumulators.
  UInt32 w;
  boost::container::small_vector<Variable, 36> result;  // 36 bits for bellperson's 10 operands
  for (size_t i = 0; i < result_bits; ++i) {
    AllocatedBit bit = AllocatedBit::Alloc(cs, (sum >> i) & 1);
    result.push_back(bit.var);
    if (i < 32) w.bits_[i] = Boolean::Is(bit);
  }
  const Fr weight = eq.BeginEquality(result_bits);
  w.value_ = static_cast<uint32_t>(sum);
  if (!cs.WantsCombinations()) return w;
  LinearCombination& lhs = eq.lhs();
  for (const UInt32& op : operands) {
    Fr coeff = weight;
    for (const Boolean& b : op.bits_) {
      b.AddTo(lhs, coeff);
      coeff = coeff.Double();
    }
  }
  LinearCombination& rhs = eq.rhs();
  Fr coeff = weight;
  for (size_t i = 0; i < result_bits; ++i) {
    rhs.AddTerm(result[i], coeff);
    coeff = coeff.Double();
  }
  return w;
}

}  // namespace cuzk::gadgets
