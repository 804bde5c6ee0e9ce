// SPDX-License-Identifier: Apache-2.0 OR MIT
// The daemon's observability formats, shared by the gRPC GetMetrics call and the HTTP status
// server: Prometheus text with the Rust cuzk's metric names (docs/compatibility.md §4) plus
// cuzk's own memory and parameter gauges, and the JSON of GET /status.
#pragma once

#include <string>

#include "engine/engine.h"

namespace cuzk::server {

// Returns the Prometheus exposition text of `status`.
std::string PrometheusText(const engine::EngineStatus& status);

// Returns the JSON document of GET /status: every field of the Rust cuzk's (uptime_secs; memory
// total/used/available_bytes of the budget; synthesis; pipelines; gpu_workers; allocations.srs
// and .pce; counters; buffers) with its meaning, and cuzk's own beside them (the host's memory,
// queue, srs, jobs). docs/compatibility.md lists which Rust fields have no counterpart here.
std::string StatusJson(const engine::EngineStatus& status);

}  // namespace cuzk::server
