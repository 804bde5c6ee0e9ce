// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/status_http.h"

#include <httplib.h>

#include "server/listen.h"
#include "server/metrics.h"

namespace cuzk::server {

StatusHttpServer::StatusHttpServer(engine::Engine& engine)
    : engine_(engine), http_(std::make_unique<httplib::Server>()) {
  // Idle or slow connections must not starve the page: each holds a worker until its read or
  // keep-alive timeout, and cpp-httplib's defaults (8 workers here, 5 s) let 8 idle connections
  // block GET /status for about 45 s. 128 workers and 2 s timeouts keep it answering.
  http_->new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  http_->set_read_timeout(2, 0);
  http_->set_write_timeout(2, 0);
  http_->set_keep_alive_timeout(2);
  auto cors = [](httplib::Response& res) { res.set_header("Access-Control-Allow-Origin", "*"); };
  http_->Get("/status", [this, cors](const httplib::Request&, httplib::Response& res) {
    cors(res);
    res.set_content(StatusJson(engine_.GetStatus()), "application/json");
  });
  http_->Get("/metrics", [this, cors](const httplib::Request&, httplib::Response& res) {
    cors(res);
    res.set_content(PrometheusText(engine_.GetStatus()), "text/plain; version=0.0.4");
  });
}

StatusHttpServer::~StatusHttpServer() { Stop(); }

Status StatusHttpServer::Start(const std::string& listen) {
  ASSIGN_OR_RETURN(ListenAddress address, ParseListenAddress(listen));
  if (!address.unix_path.empty()) {
    return Status::InvalidArgument("status listen address \"" + listen +
                                   "\": the HTTP status server listens on host:port only");
  }
  const std::string& host = address.host;
  int port = address.port;
  if (port == 0) {
    port_ = http_->bind_to_any_port(host);
  } else {
    port_ = http_->bind_to_port(host, port) ? port : -1;
  }
  if (port_ < 0) return Status::InvalidArgument("cannot listen on " + listen + " for HTTP status");
  thread_ = std::thread([this] { http_->listen_after_bind(); });
  return Status::Ok();
}

void StatusHttpServer::Stop() {
  if (http_) http_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace cuzk::server
