// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "base/parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk {
namespace {

// One ParallelFor call: `count` tasks handed out by index to whoever asks first.
struct Batch {
  const std::function<void(size_t)>* fn;
  size_t count;
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::mutex mu;
  std::condition_variable finished;

  // Runs tasks of this batch until none is left to start; returns false if there was none.
  bool RunSome() {
    bool ran = false;
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      (*fn)(i);
      ran = true;
      if (done.fetch_add(1) + 1 == count) {
        std::lock_guard<std::mutex> lock(mu);
        finished.notify_all();
      }
    }
    return ran;
  }
};

// Worker threads started once and kept for the life of the process. The thread that calls Run
// works through its own batch too, so a batch always completes even when every worker is busy
// (or is itself inside a nested Run): nested and concurrent ParallelFor calls cannot deadlock.
class Pool {
 public:
  explicit Pool(size_t workers) {
    for (size_t i = 0; i < workers; ++i) threads_.emplace_back([this] { Work(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }

  void Run(size_t count, const std::function<void(size_t)>& fn) {
    auto batch = std::make_shared<Batch>();
    batch->fn = &fn;
    batch->count = count;
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(batch);
    }
    // Wake as many workers as there are tasks beyond the caller's own.
    for (size_t i = 1; i < count; ++i) wake_.notify_one();
    batch->RunSome();
    {
      std::lock_guard<std::mutex> lock(mu_);
      std::erase(queue_, batch);
    }
    std::unique_lock<std::mutex> lock(batch->mu);
    batch->finished.wait(lock, [&] { return batch->done.load() == count; });
  }

 private:
  void Work() {
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      std::shared_ptr<Batch> batch = queue_.front();
      lock.unlock();
      if (!batch->RunSome()) {
        // Every task of it has started: take it off the queue so no one spins on it.
        lock.lock();
        std::erase(queue_, batch);
        continue;
      }
      lock.lock();
    }
  }

  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Batch>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

Pool& SharedPool() {
  static Pool pool(HardwareThreads() - 1);
  return pool;
}

}  // namespace

namespace {
std::atomic<size_t> thread_limit{0};
}  // namespace

size_t HardwareThreads() {
  size_t n = std::max<size_t>(1, std::thread::hardware_concurrency());
  size_t limit = thread_limit.load(std::memory_order_relaxed);
  return limit ? std::min(n, limit) : n;
}

void LimitThreads(size_t threads) { thread_limit.store(threads, std::memory_order_relaxed); }

void ParallelFor(size_t n, size_t threads, const std::function<void(size_t, size_t)>& fn,
                 size_t min_chunk) {
  if (n == 0) return;
  if (threads == 0) threads = HardwareThreads();
  threads = std::clamp<size_t>(n / std::max<size_t>(min_chunk, 1), 1, threads);
  size_t chunk = (n + threads - 1) / threads;
  size_t chunks = (n + chunk - 1) / chunk;
  if (chunks == 1) {
    fn(0, n);
    return;
  }
  std::function<void(size_t)> task = [&](size_t i) { fn(i * chunk, std::min(n, (i + 1) * chunk)); };
  SharedPool().Run(chunks, task);
}

}  // namespace cuzk
