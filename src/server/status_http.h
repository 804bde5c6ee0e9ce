// SPDX-License-Identifier: Apache-2.0 OR MIT
// The optional HTTP status server of the daemon (the Rust cuzk's daemon.status_listen): GET
// /status returns StatusJson, GET /metrics the Prometheus text, both with CORS "*", for
// dashboards that poll every few hundred milliseconds. cpp-httplib serves it on its own threads.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "base/status.h"
#include "engine/engine.h"

namespace httplib {
class Server;
}

namespace cuzk::server {

class StatusHttpServer {
 public:
  // Connections served at once (idle ones included, for up to 2 s each).
  static constexpr size_t kWorkers = 128;

  explicit StatusHttpServer(engine::Engine& engine);
  // Stops and joins.
  ~StatusHttpServer();
  StatusHttpServer(const StatusHttpServer&) = delete;
  StatusHttpServer& operator=(const StatusHttpServer&) = delete;

  // Binds `listen` ("host:port"; port 0 picks a free one) and serves in the background.
  Status Start(const std::string& listen);
  // Returns the bound port (after Start).
  int port() const { return port_; }
  // Stops serving.
  void Stop();

 private:
  engine::Engine& engine_;
  std::unique_ptr<httplib::Server> http_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace cuzk::server
