// SPDX-License-Identifier: Apache-2.0 OR MIT
// Listen addresses: ports checked (127.0.0.1:99999 once bound port 34463), and a Unix socket
// claimed only when no process listens on it (a second daemon once took over a live socket).
#include "server/listen.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace cuzk::server {
namespace {

namespace fs = std::filesystem;

TEST(ListenTest, ParsesUnixAndTcpAddressesAndChecksThePort) {
  auto unix_socket = ParseListenAddress("unix:///run/curio/cuzk.sock");
  ASSERT_TRUE(unix_socket.ok());
  EXPECT_EQ(unix_socket->unix_path, "/run/curio/cuzk.sock");
  auto tcp = ParseListenAddress("0.0.0.0:9820");
  ASSERT_TRUE(tcp.ok());
  EXPECT_EQ(tcp->host, "0.0.0.0");
  EXPECT_EQ(tcp->port, 9820);
  auto ipv6 = ParseListenAddress("[::1]:65535");
  ASSERT_TRUE(ipv6.ok());
  EXPECT_EQ(ipv6->host, "[::1]");
  EXPECT_EQ(ipv6->port, 65535);
  EXPECT_EQ(ParseListenAddress("localhost:0")->port, 0);
  auto too_big = ParseListenAddress("127.0.0.1:99999");
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.status().message(),
            "listen address \"127.0.0.1:99999\": the port must be a number from 0 to 65535");
  for (const char* bad : {"127.0.0.1", "127.0.0.1:", "127.0.0.1:-1", "127.0.0.1:80x", ":9820",
                          "unix://", "127.0.0.1:18446744073709551617"}) {
    EXPECT_FALSE(ParseListenAddress(bad).ok()) << bad;
  }
  EXPECT_FALSE(ParseListenAddress("unix:///" + std::string(200, 'a')).ok());
}

// A listening Unix socket at `path`, closed (leaving a stale socket file) when it goes.
class Listener {
 public:
  explicit Listener(const std::string& path) : fd_(socket(AF_UNIX, SOCK_STREAM, 0)) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    ok_ = fd_ >= 0 && bind(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof(addr)) == 0 &&
          listen(fd_, 1) == 0;
  }
  ~Listener() { close(fd_); }
  bool ok() const { return ok_; }

 private:
  int fd_;
  bool ok_ = false;
};

TEST(ListenTest, ALiveSocketIsNeverTakenOverAndAStaleOneIsReplaced) {
  fs::path dir = fs::temp_directory_path() / ("cuzk-listen-" + std::to_string(getpid()));
  fs::remove_all(dir);
  std::string path = (dir / "run" / "cuzk.sock").string();
  mode_t old_umask = umask(0);             // the folders' mode must not come from the umask
  Status claimed = ClaimUnixSocket(path);  // creates the folders
  umask(old_umask);
  ASSERT_TRUE(claimed.ok()) << claimed.message();
  EXPECT_TRUE(fs::is_directory(dir / "run"));
  constexpr fs::perms kFolder =
      fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec;
  EXPECT_EQ(fs::status(dir / "run").permissions(), kFolder);
  EXPECT_EQ(fs::status(dir).permissions(), kFolder);
  {
    Listener live(path);
    ASSERT_TRUE(live.ok());
    Status taken = ClaimUnixSocket(path);
    ASSERT_FALSE(taken.ok());
    EXPECT_NE(taken.message().find("address in use"), std::string::npos) << taken.message();
    EXPECT_TRUE(fs::is_socket(path));
  }
  EXPECT_TRUE(fs::is_socket(path));  // stale now
  EXPECT_TRUE(ClaimUnixSocket(path).ok());
  EXPECT_FALSE(fs::exists(path));
  std::ofstream(path) << "not a socket";
  Status file = ClaimUnixSocket(path);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.message().find("is not a socket"), std::string::npos) << file.message();
  EXPECT_TRUE(fs::exists(path));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace cuzk::server
