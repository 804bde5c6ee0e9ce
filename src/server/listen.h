// SPDX-License-Identifier: Apache-2.0 OR MIT
// Listen addresses as the daemon takes them ("unix:///run/curio/cuzk.sock", "host:port"): parsed
// with the port checked, and a Unix socket path claimed safely (a live socket is never taken over).
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>

#include "base/status.h"

namespace cuzk::server {

// Where a server listens: a Unix socket path, or a TCP host and port.
struct ListenAddress {
  std::string unix_path;  // set for unix:///path; empty for TCP
  std::string host;       // TCP: a name, an IPv4 address or a bracketed IPv6 address
  int port = 0;           // TCP: 0-65535 (0: any free port)
};

// The daemon's default listen address and the client's default target: the Rust cuzk daemon's
// default (its folder is created at start-up, which needs the right to write to /run).
inline constexpr const char* kDefaultListen = "unix:///run/curio/cuzk.sock";

// The mode a Unix socket is created with: owner and group may connect, no one else.
inline constexpr mode_t kSocketMode = 0660;

// Parses "unix:///path" or "host:port" (also "[::1]:port"); a port outside 0-65535, a missing
// port or an empty path is an error that quotes the address.
Result<ListenAddress> ParseListenAddress(std::string_view text);

// Makes `path` free for a new Unix socket: creates its folder (each missing level mode 0750,
// whatever the umask: group members may reach the socket, others may not), removes a stale socket
// that no process listens on, and refuses ("address in use") a socket someone is listening on, or a
// file that is not a socket.
Status ClaimUnixSocket(const std::string& path);

}  // namespace cuzk::server
