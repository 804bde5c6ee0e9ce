// SPDX-License-Identifier: Apache-2.0 OR MIT
// HeapTrimmer: gives freed heap back to the operating system after large requests. glibc keeps
// the memory of freed large blocks in its arenas for reuse, so a daemon that has parsed a few
// hundred-MiB requests (valid or not) kept gigabytes it no longer used: 50 invalid 250 MiB
// WindowPoSt requests took its RSS from 36 MiB to 1.6 GiB. A large request is noted when it
// arrives; a second after the last one, once gRPC and the engine have freed its copies, a thread
// of the trimmer calls malloc_trim(0).
#pragma once

#include <chrono>
#include <cstddef>
#include <thread>

#include "base/mutex.h"

namespace cuzk::server {

class HeapTrimmer {
 public:
  // Requests of at least this many bytes are noted.
  static constexpr size_t kLargeRequestBytes = size_t{16} << 20;

  // Starts the trimmer's thread; trims `delay` after the last large request.
  explicit HeapTrimmer(std::chrono::milliseconds delay = std::chrono::seconds(1));
  // Stops the thread (without trimming).
  ~HeapTrimmer();
  HeapTrimmer(const HeapTrimmer&) = delete;
  HeapTrimmer& operator=(const HeapTrimmer&) = delete;

  // Notes a request of `bytes`; a large one schedules a trim.
  void NoteRequest(size_t bytes);
  // Returns how many times the heap has been trimmed (tests).
  size_t trims() const;

 private:
  void Run();

  const std::chrono::milliseconds delay_;
  mutable Mutex mu_;
  CondVar cv_;
  bool stop_ CUZK_GUARDED_BY(mu_) = false;
  std::chrono::steady_clock::time_point due_ CUZK_GUARDED_BY(mu_){};  // none when epoch
  size_t trims_ CUZK_GUARDED_BY(mu_) = 0;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace cuzk::server
