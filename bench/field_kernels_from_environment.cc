// SPDX-License-Identifier: Apache-2.0 OR MIT
// Linked into every benchmark binary: applies CUZK_FIELD_KERNEL before main (Google Benchmark's
// own main runs the benchmarks), as the daemon and cuzk-bench do first thing in theirs.
#include "common/field_kernels.h"

namespace {

[[maybe_unused]] const bool kApplied = [] {
  cuzk::apps::ChooseFieldKernelsFromEnvironment("benchmark");
  return true;
}();

}  // namespace
