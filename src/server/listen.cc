// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/listen.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <charconv>
#include <cstring>
#include <filesystem>
#include <vector>

namespace cuzk::server {
namespace {

// The mode of the folders created for a Unix socket: rwxr-x---.
constexpr std::filesystem::perms kSocketFolderPerms = std::filesystem::perms::owner_all |
                                                      std::filesystem::perms::group_read |
                                                      std::filesystem::perms::group_exec;

// Returns whether a process accepts connections on the Unix socket at `path`.
bool SomeoneListens(const std::string& path) {
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  bool connected = connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof(addr)) == 0;
  close(fd);
  return connected;
}

}  // namespace

Result<ListenAddress> ParseListenAddress(std::string_view text) {
  ListenAddress a;
  std::string quoted = "listen address \"" + std::string(text) + "\"";
  if (text.rfind("unix://", 0) == 0) {
    a.unix_path = text.substr(7);
    if (a.unix_path.empty()) return Status::InvalidArgument(quoted + " has no socket path");
    if (a.unix_path.size() >= sizeof(sockaddr_un{}.sun_path)) {
      return Status::InvalidArgument(quoted + ": a socket path may have at most " +
                                     std::to_string(sizeof(sockaddr_un{}.sun_path) - 1) + " bytes");
    }
    return a;
  }
  size_t colon = text.rfind(':');
  if (colon == std::string_view::npos) {
    return Status::InvalidArgument(quoted + " is neither host:port nor unix:///path");
  }
  a.host = text.substr(0, colon);
  std::string_view port = text.substr(colon + 1);
  unsigned long value = 0;
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value > 65535) {
    return Status::InvalidArgument(quoted + ": the port must be a number from 0 to 65535");
  }
  if (a.host.empty()) return Status::InvalidArgument(quoted + " has no host");
  a.port = static_cast<int>(value);
  return a;
}

Status ClaimUnixSocket(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::exists(parent, ec)) {
    std::vector<fs::path> missing;  // innermost first
    for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
      missing.push_back(p);
      if (p == p.root_path()) break;
    }
    fs::create_directories(parent, ec);
    if (ec)
      return Status::InvalidArgument("cannot create " + parent.string() + ": " + ec.message());
    for (const fs::path& p : missing) fs::permissions(p, kSocketFolderPerms, ec);
  }
  fs::file_status st = fs::symlink_status(path, ec);
  if (ec || st.type() == fs::file_type::not_found) return Status::Ok();
  if (st.type() != fs::file_type::socket) {
    return Status::InvalidArgument(path + " exists and is not a socket; not replacing it");
  }
  if (SomeoneListens(path)) {
    return Status::InvalidArgument(path + ": address in use (another process is listening on it)");
  }
  if (!fs::remove(path, ec) || ec) {
    return Status::InvalidArgument("cannot remove the stale socket " + path + ": " + ec.message());
  }
  return Status::Ok();
}

}  // namespace cuzk::server
