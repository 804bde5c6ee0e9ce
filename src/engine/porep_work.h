// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's PoRep C2 work: a job's C1 parsed and checked once, its parameters held from the
// SrsCache, and its partitions synthesized and proved one by one (JobWork).
#pragma once

#include <cstdint>
#include <memory>

#include "base/status.h"
#include "engine/engine.h"
#include "engine/job_work.h"
#include "engine/srs_cache.h"

namespace cuzk::engine {

// Parses and checks `request` (a PoRep C1 that matches its registered proof and sector size, and
// one partition of which fits in `budget_bytes`), then acquires the circuit's parameters from
// `srs` (`srs_load_ms` receives the loading time). Partitions prove on `threads` threads (0 = all).
Result<std::unique_ptr<JobWork>> MakePoRepWork(const JobRequest& request, SrsCache& srs,
                                               uint64_t budget_bytes, size_t threads,
                                               uint64_t* srs_load_ms);

}  // namespace cuzk::engine
