// SPDX-License-Identifier: Apache-2.0 OR MIT
// Linked into the field and NTT test binaries: applies CUZK_FIELD_KERNEL (auto, portable, no-ifma)
// with ff::ChooseFieldKernels before the first test, as the daemon and cuzk-bench do at start-up,
// so that ctest runs the same binaries again on the portable kernels (the *_portable tests).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "ff/cpu_kernels.h"

namespace {

class FieldKernelsFromEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* name = std::getenv("CUZK_FIELD_KERNEL");
    if (name == nullptr) return;
    auto kernels = cuzk::ff::ParseFieldKernels(name);
    ASSERT_TRUE(kernels.ok()) << "CUZK_FIELD_KERNEL: " << kernels.status().message();
    cuzk::ff::ChooseFieldKernels(*kernels);
  }
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new FieldKernelsFromEnvironment);

}  // namespace
