// SPDX-License-Identifier: Apache-2.0 OR MIT
// Boolean::Xor of one negated and one plain bit, transcribed from bellpepper's boolean.rs arm
//   (is @ Is(_), not @ Not(_)) | (not @ Not(_), is @ Is(_)) => xor(cs, is, &not.not())?.not()
// which calls AllocatedBit::xor(is, not's bit): the Is operand's bit is the one doubled in A,
// whichever side it came from. Compared by R1CS digest, so an A/B or operand swap fails.
#include "gadgets/boolean.h"

#include <gtest/gtest.h>

#include "r1cs/digest.h"
#include "r1cs/test_constraint_system.h"

namespace cuzk::gadgets {
namespace {

// Allocates bits a then b and lays `body` on them.
std::string DigestOf(
    bool a, bool b,
    const std::function<void(ConstraintSystem&, const AllocatedBit&, const AllocatedBit&)>& body) {
  auto d = r1cs::DigestCircuit(r1cs::FunctionCircuit([&](ConstraintSystem& cs) {
    AllocatedBit x = AllocatedBit::Alloc(cs, a), y = AllocatedBit::Alloc(cs, b);
    body(cs, x, y);
    return Status::Ok();
  }));
  EXPECT_TRUE(d.ok());
  return d.ok() ? d->Hex() : "";
}

TEST(BooleanXorTest, MixedKindsPutTheIsBitFirstAsBellpepper) {
  auto direct = [](bool first_is_a) {
    return [=](ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
      if (first_is_a) {
        AllocatedBit::Xor(cs, a, b);
      } else {
        AllocatedBit::Xor(cs, b, a);
      }
    };
  };
  // (Not a, Is b): bellpepper records xor(b, a).
  std::string not_is =
      DigestOf(true, false, [](ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
        Boolean::Xor(cs, Boolean::Is(a).Not(), Boolean::Is(b));
      });
  EXPECT_EQ(not_is, DigestOf(true, false, direct(false)));
  EXPECT_NE(not_is, DigestOf(true, false, direct(true)));  // the order before the fix
  // (Is a, Not b): bellpepper records xor(a, b).
  std::string is_not =
      DigestOf(true, false, [](ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
        Boolean::Xor(cs, Boolean::Is(a), Boolean::Is(b).Not());
      });
  EXPECT_EQ(is_not, DigestOf(true, false, direct(true)));
}

TEST(BooleanXorTest, MixedKindsComputeTheRightValueAndSatisfy) {
  for (int v = 0; v < 4; ++v) {
    bool a = v & 1, b = v & 2;
    r1cs::TestConstraintSystem cs;
    Boolean x = Boolean::Alloc(cs, a), y = Boolean::Alloc(cs, b);
    Boolean r1 = Boolean::Xor(cs, x.Not(), y);
    Boolean r2 = Boolean::Xor(cs, x, y.Not());
    EXPECT_EQ(r1.value(), !a != b);
    EXPECT_EQ(r2.value(), a != !b);
    EXPECT_EQ(r1.kind(), Boolean::Kind::kNot);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

}  // namespace
}  // namespace cuzk::gadgets
