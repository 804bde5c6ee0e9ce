// SPDX-License-Identifier: Apache-2.0 OR MIT
// Status, Result and the early-return macros.
#include "base/status.h"

#include <gtest/gtest.h>

#include <memory>

namespace cuzk {
namespace {

Result<std::unique_ptr<int>> MakeInt(int v) {
  if (v < 0) return Status::InvalidArgument("negative: " + std::to_string(v));
  return std::make_unique<int>(v);
}

Status Check(int v) {
  RETURN_IF_ERROR(MakeInt(v));                                                      // a Result
  RETURN_IF_ERROR(v == 7 ? Status(StatusCode::kNotFound, "seven") : Status::Ok());  // a Status
  return Status::Ok();
}

Result<int> Doubled(int v) {
  ASSIGN_OR_RETURN(std::unique_ptr<int> p, MakeInt(v));  // move-only: the value is moved out
  ASSIGN_OR_RETURN(auto q, MakeInt(v + 1));
  return *p + *q - 1;
}

TEST(StatusTest, ReturnIfErrorPassesErrorsOfStatusesAndResults) {
  EXPECT_TRUE(Check(3).ok());
  Status negative = Check(-2);
  EXPECT_EQ(negative.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(negative.message(), "negative: -2");
  EXPECT_EQ(Check(7).code(), StatusCode::kNotFound);
}

TEST(StatusTest, AssignOrReturnMovesTheValueOrReturnsTheError) {
  auto d = Doubled(20);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(*d, 40);
  auto e = Doubled(-5);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().message(), "negative: -5");
}

TEST(StatusTest, AResultFromAnOkStatusIsAnInternalError) {
  Result<int> r = Status::Ok();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInternal);
}

TEST(StatusTest, DereferencingAnRvalueResultMovesTheValue) {
  auto r = MakeInt(5);
  std::unique_ptr<int> p = std::move(*r);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(*p, 5);
  EXPECT_EQ(r.value(), nullptr);
}

}  // namespace
}  // namespace cuzk
