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

// Returns the JSON document of GET /status: uptime, memory (budget, reserved, and the host's
// MemTotal / MemAvailable), queue, workers, loaded parameters, counters and jobs.
std::string StatusJson(const engine::EngineStatus& status);

}  // namespace cuzk::server
