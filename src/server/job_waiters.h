// SPDX-License-Identifier: Apache-2.0 OR MIT
// JobWaiters: the calls that wait for a job (AwaitProof, and Prove, the only call Curio sends),
// kept as callbacks instead of blocked threads. One thread of its own hears from the engine
// which jobs finished, watches the waits' deadlines, and calls each wait back once: so a
// thousand clients waiting on proofs hold no RPC thread, and GetStatus or an urgent WindowPoSt
// submission is served beside them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "base/mutex.h"
#include "base/status.h"
#include "engine/engine.h"

namespace cuzk::server {

class JobWaiters {
 public:
  using Clock = std::chrono::steady_clock;
  // Receives the job's outcome: finished, or as it stands when the wait ended early (its
  // deadline, End, shutdown); or the engine's error (an unknown job).
  using Done = std::function<void(Result<engine::JobOutcome>)>;

  // Listens to `engine`'s finished jobs (Engine::SetFinishListener) until destroyed.
  explicit JobWaiters(engine::Engine& engine);
  // Ends every wait (each called back with its job as it stands) and stops listening.
  ~JobWaiters();
  JobWaiters(const JobWaiters&) = delete;
  JobWaiters& operator=(const JobWaiters&) = delete;

  // Calls `done` once, from the waiters' thread: when `job_id` finishes, when `deadline` passes
  // (Clock::time_point::max(): never) or when End(*id) is called. `*id` is set before the wait
  // can end (a wait may end before Add returns).
  void Add(const std::string& job_id, Clock::time_point deadline, Done done, uint64_t* id);
  // Ends wait `id` soon if it is still waiting (its client went away); no effect otherwise.
  void End(uint64_t id);
  // Returns the number of waits now (tests, status).
  size_t size() const;

 private:
  struct Wait {
    std::string job_id;
    Clock::time_point deadline;
    Done done;
    bool fresh = true;    // not looked at yet: its job may have finished before it was added
    bool ending = false;  // End was called
  };
  // The thread: calls back the waits whose job finished, whose deadline passed or that end.
  void Run();

  engine::Engine& engine_;
  mutable Mutex mu_;
  CondVar cv_;
  std::map<uint64_t, Wait> waits_ CUZK_GUARDED_BY(mu_);
  std::set<std::string> finished_ CUZK_GUARDED_BY(mu_);  // reported since the thread last looked
  uint64_t next_id_ CUZK_GUARDED_BY(mu_) = 1;
  bool stop_ CUZK_GUARDED_BY(mu_) = false;
  std::thread thread_;
};

}  // namespace cuzk::server
