// SPDX-License-Identifier: Apache-2.0 OR MIT
// The heap trimmer: only large requests schedule a trim, it comes after the delay, and it gives
// freed heap back (RSS falls; not checked under the sanitizers, whose allocators do not trim).
#include "server/heap_trimmer.h"

#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;

// Returns the process's resident set in bytes (/proc/self/statm).
size_t RssBytes() {
  long pages = 0, resident = 0;
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
  std::fclose(f);
  return static_cast<size_t>(resident) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

bool UnderSanitizer() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

// Waits up to 3 s for `trimmer` to have trimmed `n` times.
bool AwaitTrims(const HeapTrimmer& trimmer, size_t n) {
  for (int i = 0; i < 300 && trimmer.trims() < n; ++i) std::this_thread::sleep_for(10ms);
  return trimmer.trims() >= n;
}

TEST(HeapTrimmerTest, OnlyLargeRequestsScheduleATrimAfterTheDelay) {
  HeapTrimmer trimmer(50ms);
  trimmer.NoteRequest(HeapTrimmer::kLargeRequestBytes - 1);
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(trimmer.trims(), 0u);
  trimmer.NoteRequest(HeapTrimmer::kLargeRequestBytes);
  EXPECT_EQ(trimmer.trims(), 0u);  // not before the delay
  EXPECT_TRUE(AwaitTrims(trimmer, 1));
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(trimmer.trims(), 1u);  // once per burst
}

TEST(HeapTrimmerTest, FreedHeapGoesBackToTheSystem) {
  if (UnderSanitizer()) GTEST_SKIP() << "the sanitizers' allocators do not return heap this way";
  HeapTrimmer trimmer(10ms);
  // 257 heap blocks of 1 MiB (not mmap'ed); the last, taken from the heap's top, stays while the
  // others are freed, so glibc keeps their 256 MiB until trimmed.
  ASSERT_EQ(mallopt(M_MMAP_THRESHOLD, 16 << 20), 1);
  std::vector<char*> blocks;
  for (int i = 0; i < 257; ++i) {
    blocks.push_back(static_cast<char*>(std::malloc(1 << 20)));
    std::memset(blocks.back(), 1, 1 << 20);
  }
  char* pin = blocks.back();
  blocks.pop_back();
  for (char* b : blocks) std::free(b);
  size_t before = RssBytes();
  trimmer.NoteRequest(HeapTrimmer::kLargeRequestBytes);
  ASSERT_TRUE(AwaitTrims(trimmer, 1));
  size_t after = RssBytes();
  EXPECT_LT(after + (128 << 20), before) << "RSS " << (before >> 20) << " MiB -> " << (after >> 20);
  std::free(pin);
}

}  // namespace
}  // namespace cuzk::server
