// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/grpc_server.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace cuzk::server {

Result<GrpcServer> StartGrpcServer(grpc::Service& service, const std::string& listen,
                                   int max_threads) {
  ASSIGN_OR_RETURN(ListenAddress address, ParseListenAddress(listen));
  const std::string& socket_path = address.unix_path;
  if (!socket_path.empty()) {
    if (Status s = ClaimUnixSocket(socket_path); !s.ok()) {
      return Status(s.code(), "cannot listen on " + listen + ": " + s.message());
    }
  }
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &port);
  builder.SetMaxReceiveMessageSize(256 << 20);
  builder.SetMaxSendMessageSize(256 << 20);
  // A second daemon on the same TCP port must fail, not share it (gRPC sets SO_REUSEPORT).
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  grpc::ResourceQuota quota("cuzk-rpc");
  quota.SetMaxThreads(max_threads);
  builder.SetResourceQuota(quota);
  builder.RegisterService(&service);
  // The socket is created owner-and-group only, whatever the umask.
  mode_t umask_before = umask(0777 & ~kSocketMode);
  GrpcServer out;
  out.server = builder.BuildAndStart();
  umask(umask_before);
  if (!out.server || (socket_path.empty() && port == 0 && address.port != 0)) {
    return Status::InvalidArgument("cannot listen on " + listen + " (address in use?)");
  }
  if (!socket_path.empty() && chmod(socket_path.c_str(), kSocketMode) != 0) {
    return Status::InvalidArgument("cannot set the mode of " + socket_path + ": " +
                                   std::strerror(errno));
  }
  out.where =
      socket_path.empty() ? address.host + ":" + std::to_string(port) : listen + " (mode 0660)";
  return out;
}

}  // namespace cuzk::server
