// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "server/job_waiters.h"

#include <utility>
#include <vector>

namespace cuzk::server {
namespace {

bool Finished(const engine::JobOutcome& outcome) {
  return outcome.state != engine::JobState::kQueued && outcome.state != engine::JobState::kRunning;
}

}  // namespace

JobWaiters::JobWaiters(engine::Engine& engine) : engine_(engine) {
  // Under the engine's lock: note the id only (lock order: the engine's, then ours).
  engine_.SetFinishListener([this](const std::string& job_id) {
    MutexLock lock(mu_);
    finished_.insert(job_id);
    cv_.NotifyAll();
  });
  thread_ = std::thread([this] { Run(); });
}

JobWaiters::~JobWaiters() {
  engine_.SetFinishListener(nullptr);
  {
    MutexLock lock(mu_);
    stop_ = true;
    cv_.NotifyAll();
  }
  thread_.join();
}

void JobWaiters::Add(const std::string& job_id, Clock::time_point deadline, Done done,
                     uint64_t* id) {
  MutexLock lock(mu_);
  *id = next_id_++;
  if (stop_) {  // the thread is gone: the job as it stands, at once
    lock.Unlock();
    done(engine_.Peek(job_id));
    return;
  }
  waits_.emplace(*id, Wait{job_id, deadline, std::move(done)});
  cv_.NotifyAll();
}

void JobWaiters::End(uint64_t id) {
  MutexLock lock(mu_);
  auto it = waits_.find(id);
  if (it == waits_.end()) return;
  it->second.ending = true;
  cv_.NotifyAll();
}

size_t JobWaiters::size() const {
  MutexLock lock(mu_);
  return waits_.size();
}

void JobWaiters::Run() {
  MutexLock lock(mu_);
  for (;;) {
    const Clock::time_point now = Clock::now();
    std::vector<uint64_t> look;  // their job may have finished
    std::vector<uint64_t> end;   // called back whatever their job's state
    Clock::time_point next = Clock::time_point::max();
    for (auto& [id, wait] : waits_) {
      if (stop_ || wait.ending || wait.deadline <= now) {
        end.push_back(id);
      } else if (wait.fresh || finished_.count(wait.job_id)) {
        wait.fresh = false;
        look.push_back(id);
      }
      next = std::min(next, wait.deadline);
    }
    finished_.clear();
    if (look.empty() && end.empty()) {
      if (stop_) return;
      if (next == Clock::time_point::max()) {
        cv_.Wait(mu_);
      } else {
        cv_.WaitUntil(mu_, next);
      }
      continue;
    }
    // Each wait's job as it stands, asked without our lock (the engine calls us under its own).
    std::vector<std::pair<uint64_t, Wait>> due;
    std::vector<std::string> jobs;
    for (uint64_t id : look) jobs.push_back(waits_.at(id).job_id);
    lock.Unlock();
    std::vector<Result<engine::JobOutcome>> outcomes;
    for (const std::string& job : jobs) outcomes.push_back(engine_.Peek(job));
    lock.Lock();
    for (size_t i = 0; i < look.size(); ++i) {
      if (outcomes[i].ok() && !Finished(*outcomes[i])) continue;  // still going: keeps waiting
      auto it = waits_.find(look[i]);
      due.emplace_back(it->first, std::move(it->second));
      waits_.erase(it);
    }
    for (uint64_t id : end) {
      auto it = waits_.find(id);
      if (it == waits_.end()) continue;
      due.emplace_back(it->first, std::move(it->second));
      waits_.erase(it);
    }
    lock.Unlock();
    for (auto& [id, wait] : due) wait.done(engine_.Peek(wait.job_id));
    lock.Lock();
  }
}

}  // namespace cuzk::server
