// SPDX-License-Identifier: Apache-2.0 OR MIT
// The programs' reading of CUZK_FIELD_KERNEL (auto, portable or no-ifma; ff/cpu_kernels.h): the
// field library reads no environment, so each program applies it first thing in main.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "ff/cpu_kernels.h"

namespace cuzk::apps {

// Applies $CUZK_FIELD_KERNEL with ff::ChooseFieldKernels; a value that is not one of the three
// is reported on stderr and the automatic choice kept.
inline void ChooseFieldKernelsFromEnvironment(const char* program) {
  const char* name = std::getenv("CUZK_FIELD_KERNEL");
  if (name == nullptr) return;
  auto kernels = ff::ParseFieldKernels(name);
  if (!kernels.ok()) {
    std::fprintf(stderr, "%s: CUZK_FIELD_KERNEL: %s; using auto\n", program,
                 kernels.status().message().c_str());
    return;
  }
  ff::ChooseFieldKernels(*kernels);
}

}  // namespace cuzk::apps
