// SPDX-License-Identifier: Apache-2.0 OR MIT
// The engine's job handling without proving work: idempotent ids, priority order, cancellation,
// await timeouts, shutdown, and bad submissions that must fail with a clear error (never crash).
// Real proofs through the engine are tested end to end by tests/daemon_test.sh.
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <thread>

#include "engine/config.h"
#include "engine/kinds/proof_kind.h"
#include "filecoin/c1.h"
#include "sealer/sealer.h"

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;

Engine::Config Config(size_t workers, uint64_t memory_budget_bytes = 0) {
  Engine::Config config;
  config.param_dir = "/nonexistent";
  config.workers = workers;
  config.memory_budget_bytes = memory_budget_bytes;
  UseProofKinds(config);
  return config;
}

JobRequest Request(const std::string& id, Priority priority = Priority::kUnspecified,
                   std::string vanilla = "{}") {
  JobRequest r;
  r.request_id = id;
  r.priority = priority;
  r.registered_proof = 5;
  r.vanilla_proof = std::move(vanilla);
  return r;
}

TEST(EngineTest, QueueOrdersByPriorityThenArrival) {
  Engine engine(Config(0));
  EXPECT_EQ(engine.Submit(Request("a"))->second, 0u);                       // NORMAL
  EXPECT_EQ(engine.Submit(Request("b", Priority::kLow))->second, 1u);       // after a
  EXPECT_EQ(engine.Submit(Request("c", Priority::kCritical))->second, 0u);  // jumps the queue
  EXPECT_EQ(engine.Submit(Request("d"))->second, 2u);                       // after a, before b
  EXPECT_EQ(engine.GetStatus().pending, 4u);
  JobRequest winning = Request("w");
  winning.kind = ProofKind::kWinningPost;  // default priority CRITICAL, after c
  EXPECT_EQ(engine.Submit(winning)->second, 1u);
}

// Request ids as Curio uses them: a label, not a key. The same content attaches to the queued
// job; other content (another WindowPoSt partition of the deadline, a retry with fresh vanilla
// proofs) is a new, independent job with a unique id; an empty id gets a UUID.
TEST(EngineTest, RequestIdsAttachSameContentAndLabelTheRest) {
  Engine engine(Config(0));
  auto first = engine.Submit(Request("wdpost-1000-3-ab"));
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->first, "wdpost-1000-3-ab");
  auto again = engine.Submit(Request("wdpost-1000-3-ab"));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->first, first->first);
  EXPECT_EQ(engine.GetStatus().pending, 1u);
  for (const char* id : {"wdpost-1000-3-ab#2", "wdpost-1000-3-ab#3"}) {
    std::string content = std::string("{\"partition\":") + id[17] + "}";
    auto other = engine.Submit(Request("wdpost-1000-3-ab", Priority::kUnspecified, content));
    ASSERT_TRUE(other.ok()) << other.status().ToString();
    EXPECT_EQ(other->first, id);
    // Resubmitting it attaches to it, not to the first job.
    auto other_again = engine.Submit(Request("wdpost-1000-3-ab", Priority::kUnspecified, content));
    ASSERT_TRUE(other_again.ok());
    EXPECT_EQ(other_again->first, id);
  }
  EXPECT_EQ(engine.GetStatus().pending, 3u);
  auto generated = engine.Submit(Request(""));
  ASSERT_TRUE(generated.ok());
  ASSERT_EQ(generated->first.size(), 36u);
  EXPECT_EQ(generated->first[14], '4');  // UUID version 4
  auto another = engine.Submit(Request(""));
  ASSERT_TRUE(another.ok());
  EXPECT_NE(another->first, generated->first);
}

// Requests that differ only in where one field ends and the next begins are different requests
// (issue 25: vanilla_proofs [v0, v1] and [v1] with comm_r_old = "|<len>:" + v0 once shared a
// digest, and the second got the first's proof).
TEST(EngineTest, FieldBoundariesAreDistinctContent) {
  Engine engine(Config(0));
  auto post = [](std::vector<std::string> vanilla, std::string comm_r_old) {
    JobRequest r = Request("wdpost-1000-0-ab");
    r.kind = ProofKind::kWindowPost;
    r.vanilla_proof.clear();
    r.vanilla_proofs = std::move(vanilla);
    r.comm_r_old = std::move(comm_r_old);
    return r;
  };
  std::string v0(7576, 'x'), v1(100, 'y');
  auto first = engine.Submit(post({v0, v1}, ""));
  auto forged = engine.Submit(post({v1}, "|7576:" + v0));
  auto reordered = engine.Submit(post({v1, v0}, ""));
  JobRequest split = Request("snap-1000-4");
  split.comm_r_old = "ab";
  JobRequest moved = split;
  moved.comm_r_old = "a";
  moved.comm_r_new = "b";
  auto split_job = engine.Submit(split);
  auto moved_job = engine.Submit(moved);
  for (const auto* r : {&first, &forged, &reordered, &split_job, &moved_job})
    ASSERT_TRUE(r->ok()) << r->status().ToString();
  EXPECT_EQ(first->first, "wdpost-1000-0-ab");
  EXPECT_EQ(forged->first, "wdpost-1000-0-ab#2");
  EXPECT_EQ(reordered->first, "wdpost-1000-0-ab#3");
  EXPECT_EQ(split_job->first, "snap-1000-4");
  EXPECT_EQ(moved_job->first, "snap-1000-4#2");
  EXPECT_EQ(engine.GetStatus().pending, 5u);
}

// A finished job keeps its result for the TTL but none of its input (PoSt and SnapDeals inputs
// included: four failed 250 MiB WindowPoSt requests once held 1.46 GB for an hour).
TEST(EngineTest, AFinishedJobHoldsNoInput) {
  Engine engine(Config(1));
  JobRequest r = Request("wdpost-1000-0-cd");
  r.kind = ProofKind::kWindowPost;
  r.registered_proof = 5;  // not a PoSt proof: the job fails when it is prepared
  r.vanilla_proofs = {std::string(1 << 20, 'v'), std::string(1 << 20, 'w')};
  r.randomness = std::string(32, 'r');
  auto submitted = engine.Submit(r);
  ASSERT_TRUE(submitted.ok());
  auto outcome = engine.Await(submitted->first, 0ms);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kFailed);
  Engine queue(Config(0));
  ASSERT_TRUE(queue.Submit(r).ok());
  ASSERT_EQ(queue.GetStatus().jobs.size(), 1u);
  EXPECT_EQ(queue.GetStatus().jobs[0].input_bytes, (2u << 20) + 2 + 32);  // "{}" + proofs + seed
  ASSERT_TRUE(queue.Cancel(r.request_id).ok());
  for (const Engine* e : {&engine, &queue}) {
    EngineStatus s = e->GetStatus();
    ASSERT_EQ(s.jobs.size(), 1u);
    EXPECT_EQ(s.jobs[0].input_bytes, 0u) << s.jobs[0].id;
  }
}

// Every field of a request is part of its content: the same id with only one field changed is a
// new job, never the earlier job's proof (a request for another miner under a used id must not
// skip its replica-id check by attaching to the first one; issue 45). The priority is not content.
TEST(EngineTest, EveryFieldOfARequestIsPartOfItsContent) {
  JobRequest base = Request("wdpost-1000-0-ab");
  base.kind = ProofKind::kWindowPost;
  base.sector_size = 2048;
  base.vanilla_proofs = {"v0", "v1"};
  base.partition_index = 1;
  base.randomness = std::string(32, 'r');
  base.comm_r_old = "o";
  base.comm_r_new = "n";
  base.comm_d_new = "d";
  base.miner_id = 1000;
  base.sector_number = 7;
  const std::pair<const char*, std::function<void(JobRequest&)>> changes[] = {
      {"kind", [](JobRequest& r) { r.kind = ProofKind::kWinningPost; }},
      {"registered_proof", [](JobRequest& r) { r.registered_proof = 6; }},
      {"sector_size", [](JobRequest& r) { r.sector_size = 4096; }},
      {"vanilla_proof", [](JobRequest& r) { r.vanilla_proof = "{ }"; }},
      {"vanilla_proofs (one changed)", [](JobRequest& r) { r.vanilla_proofs[1] = "v2"; }},
      {"vanilla_proofs (one more)", [](JobRequest& r) { r.vanilla_proofs.push_back(""); }},
      {"vanilla_proofs (split differently)",
       [](JobRequest& r) {
         r.vanilla_proofs = {"v", "0v1"};
       }},
      {"partition_index", [](JobRequest& r) { r.partition_index = 2; }},
      {"randomness", [](JobRequest& r) { r.randomness[0] = 's'; }},
      {"comm_r_old", [](JobRequest& r) { r.comm_r_old = "O"; }},
      {"comm_r_new", [](JobRequest& r) { r.comm_r_new = "N"; }},
      {"comm_d_new", [](JobRequest& r) { r.comm_d_new = "D"; }},
      {"miner_id", [](JobRequest& r) { r.miner_id = 1001; }},
      {"sector_number", [](JobRequest& r) { r.sector_number = 8; }},
  };
  for (const auto& [field, change] : changes) {
    Engine engine(Config(0));
    auto first = engine.Submit(base);
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(engine.Submit(base)->first, first->first) << "the same request attaches";
    JobRequest priority = base;
    priority.priority = Priority::kCritical;
    EXPECT_EQ(engine.Submit(priority)->first, first->first) << "the priority is not content";
    JobRequest changed = base;
    change(changed);
    auto second = engine.Submit(changed);
    ASSERT_TRUE(second.ok()) << field;
    EXPECT_NE(second->first, first->first) << field << " is not part of the request's content";
  }
}

// A failed or cancelled job is never reused: the same request again is proved again.
TEST(EngineTest, AFailedOrCancelledJobIsNeverReused) {
  Engine engine(Config(1));
  auto failed = engine.Submit(Request("porep-1000-9", Priority::kUnspecified, "not json"));
  ASSERT_TRUE(failed.ok());
  auto outcome = engine.Await(failed->first, 0ms);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kFailed);
  auto retry = engine.Submit(Request("porep-1000-9", Priority::kUnspecified, "not json"));
  ASSERT_TRUE(retry.ok());
  EXPECT_EQ(retry->first, "porep-1000-9#2");

  Engine queue(Config(0));
  auto queued = queue.Submit(Request("snap-1000-4"));
  ASSERT_TRUE(queued.ok());
  ASSERT_TRUE(queue.Cancel(queued->first).ok());
  auto resubmitted = queue.Submit(Request("snap-1000-4"));
  ASSERT_TRUE(resubmitted.ok());
  EXPECT_EQ(resubmitted->first, "snap-1000-4#2");
  EXPECT_EQ(queue.GetStatus().pending, 1u);
}

TEST(EngineTest, CancelAwaitAndShutdown) {
  Engine engine(Config(0));
  ASSERT_TRUE(engine.Submit(Request("a")).ok());
  ASSERT_TRUE(engine.Submit(Request("b")).ok());
  auto waiting = engine.Await("a", 50ms);
  ASSERT_TRUE(waiting.ok());
  EXPECT_EQ(waiting->state, JobState::kQueued);  // timed out, still queued
  auto was_running = engine.Cancel("a");
  ASSERT_TRUE(was_running.ok());
  EXPECT_FALSE(*was_running);
  EXPECT_EQ(engine.Await("a", 0ms)->state, JobState::kCancelled);
  EXPECT_EQ(engine.GetStatus().pending, 1u);
  EXPECT_FALSE(engine.Cancel("nope").ok());
  EXPECT_FALSE(engine.Await("nope", 1ms).ok());
  engine.Shutdown();
  EXPECT_EQ(engine.Await("b", 0ms)->state, JobState::kCancelled);
  EXPECT_FALSE(engine.Submit(Request("c")).ok());
}

std::string Sealed2KiBC1() {
  sealer::SealIdentity id;
  id.registered_proof = 5;
  id.prover_id[0] = 0xe8;  // miner 1000 (LEB128)
  id.prover_id[1] = 0x07;
  id.sector_id = 1;
  id.ticket.fill(3);
  auto sector = sealer::Seal(id, sealer::RandomSectorData(64, 2));
  filecoin::Bytes32 seed;
  seed.fill(9);
  return filecoin::WrapC1ForCurio(filecoin::WriteC1Json(*sealer::Commit1(*sector, seed)), 1, 2048);
}

TEST(EngineTest, BadSubmissionsFailWithAClearError) {
  Engine engine(Config(1));
  std::string c1 = Sealed2KiBC1();
  struct Case {
    JobRequest request;
    const char* error;
  } cases[] = {
      {Request("garbage", Priority::kUnspecified, "\x01\x02 not json"), "not valid JSON"},
      {Request("empty"), "missing key \"registered_proof\""},
      {[&] {
         JobRequest r = Request("wrong-proof", Priority::kUnspecified, c1);
         r.registered_proof = 8;
         return r;
       }(),
       "registered_proof 8 does not match the C1's StackedDrg2KiBV1_1"},
      {[&] {
         JobRequest r = Request("wrong-size", Priority::kUnspecified, c1);
         r.sector_size = 34359738368;
         return r;
       }(),
       "sector_size 34359738368 does not match"},
      {[&] {
         JobRequest r = Request("snap", Priority::kUnspecified, c1);
         r.kind = ProofKind::kSnapDealsUpdate;
         r.registered_proof = 0;
         return r;
       }(),
       "comm_r_old has 0 bytes, expected 32"},
      {[&] {
         JobRequest r = Request("wpost", Priority::kUnspecified, c1);
         r.kind = ProofKind::kWindowPost;
         r.registered_proof = 10;
         return r;
       }(),
       "randomness has 0 bytes, expected 32"},
      {[&] {
         JobRequest r = Request("winning-garbage", Priority::kUnspecified, c1);
         r.kind = ProofKind::kWinningPost;
         r.registered_proof = 0;
         r.randomness = std::string(32, '\x01');
         r.vanilla_proofs = {"not bincode"};
         return r;
       }(),
       "vanilla_proofs[0]: vanilla proof: "},
      {Request("no-params", Priority::kUnspecified, c1), "parameters: "},
      // The C1 is miner 1000's sector 1: another miner's request fails at once, naming both.
      {[&] {
         JobRequest r = Request("porep-1001-1", Priority::kUnspecified, c1);
         r.miner_id = 1001;
         r.sector_number = 1;
         return r;
       }(),
       "the request is for miner 1001, sector 1 but the C1's replica_id was derived for another "
       "miner or sector"},
      {[&] {
         JobRequest r = Request("porep-1000-9", Priority::kUnspecified, c1);
         r.miner_id = 1000;
         r.sector_number = 9;
         return r;
       }(),
       "the request is for miner 1000, sector 9 but the C1's wrapper is for sector 1"},
      {[&] {
         JobRequest r = Request("porep-1000-1", Priority::kUnspecified, c1);
         r.miner_id = 1000;
         r.sector_number = 1;
         return r;
       }(),
       "parameters: "},  // the right sector gets as far as the (missing) parameters
  };
  for (const Case& c : cases) {
    ASSERT_TRUE(engine.Submit(c.request).ok()) << c.request.request_id;
    auto outcome = engine.Await(c.request.request_id, 0ms);
    ASSERT_TRUE(outcome.ok());
    EXPECT_EQ(outcome->state, JobState::kFailed) << c.request.request_id;
    EXPECT_NE(outcome->error.find(c.error), std::string::npos)
        << c.request.request_id << ": " << outcome->error;
    EXPECT_TRUE(outcome->proof.empty());
  }
  EXPECT_EQ(engine.GetStatus().failed, std::size(cases));
}

TEST(EngineTest, AJobLargerThanTheMemoryBudgetFailsSayingSo) {
  Engine::Config config = Config(1, 1 << 20);
  config.prover_threads = 2;
  Engine engine(config);
  ASSERT_TRUE(engine.Submit(Request("big", Priority::kUnspecified, Sealed2KiBC1())).ok());
  auto outcome = engine.Await("big", 0ms);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->state, JobState::kFailed);
  // 2KiB PoRep: 2^22 domain elements, 2,687,961 rows, two threads' buckets.
  const uint64_t partition =
      (uint64_t{1} << 22) * 256 + 2'687'961 * 40 + (uint64_t{16} << 20) + 2 * (uint64_t{20} << 20);
  EXPECT_EQ(partition >> 20, 1182u);
  EXPECT_NE(outcome->error.find("memory: needs an estimated 0 MiB of parameters (porep-2k) plus "
                                "1182 MiB per partition, but the memory budget is 1 MiB"),
            std::string::npos)
      << outcome->error;
}

TEST(MemoryBudgetTest, ReservationsWaitForRoomAndRelease) {
  MemoryBudget budget(100);
  auto a = budget.Reserve(60);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(budget.used(), 60u);
  EXPECT_FALSE(budget.Reserve(101).ok());
  std::atomic<bool> got{false};
  std::thread waiter([&] {
    auto b = budget.Reserve(50);  // must wait for a
    got = true;
  });
  std::this_thread::sleep_for(50ms);
  EXPECT_FALSE(got);
  { MemoryBudget::Reservation drop = std::move(a).value(); }
  waiter.join();
  EXPECT_TRUE(got);
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_GT(MemoryBudget::FromSystem(0), 0u);
}

TEST(MemoryBudgetTest, TryReserveNeverWaitsAndReserveForTimesOut) {
  constexpr uint64_t MiB = 1 << 20;
  MemoryBudget budget(100 * MiB);
  MemoryBudget::Reservation a = budget.TryReserve(70 * MiB);
  EXPECT_EQ(a.bytes(), 70 * MiB);
  EXPECT_EQ(budget.TryReserve(40 * MiB).bytes(), 0u);  // does not fit: empty, nothing held
  EXPECT_EQ(budget.used(), 70 * MiB);
  auto waited = budget.ReserveFor(40 * MiB, 30ms);
  ASSERT_FALSE(waited.ok());
  EXPECT_NE(waited.status().message().find("30 of 100 MiB are free"), std::string::npos)
      << waited.status().message();
  a = MemoryBudget::Reservation();
  auto now = budget.ReserveFor(40 * MiB, 30ms);
  ASSERT_TRUE(now.ok());
  EXPECT_EQ(budget.used(), 40 * MiB);
}

TEST(MemoryBudgetTest, ReservationsSplitAndShrink) {
  MemoryBudget budget(100);
  MemoryBudget::Reservation whole = budget.TryReserve(90);
  MemoryBudget::Reservation part = whole.Split(60);
  EXPECT_EQ(whole.bytes(), 30u);
  EXPECT_EQ(part.bytes(), 60u);
  EXPECT_EQ(budget.used(), 90u);
  EXPECT_EQ(whole.Split(1000).bytes(), 30u);  // at most what it holds; dropped at once
  EXPECT_EQ(whole.bytes(), 0u);
  EXPECT_EQ(budget.used(), 60u);
  part.ShrinkTo(80);  // holds less already: nothing changes
  EXPECT_EQ(part.bytes(), 60u);
  part.ShrinkTo(25);
  EXPECT_EQ(part.bytes(), 25u);
  EXPECT_EQ(budget.used(), 25u);
  part = MemoryBudget::Reservation();
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_EQ(MemoryBudget::Reservation().Split(5).bytes(), 0u);  // an empty one splits to empty
}

TEST(EngineTest, SrsCacheNamesUnknownCircuitsAndMissingFiles) {
  SrsCache cache("/nonexistent", KeyFilesOfCircuit);
  auto unknown = cache.Acquire("porep-3k");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("unknown circuit id"), std::string::npos);
  auto missing = cache.Acquire("porep-2k");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("porep-2k"), std::string::npos);
  EXPECT_EQ(*cache.Evict("porep-2k"), 0u);
  EXPECT_TRUE(cache.Loaded().empty());
  // A cache given no circuit names knows none (the engine's core names no circuit itself).
  SrsCache bare("/nonexistent", nullptr);
  auto nameless = bare.Acquire("porep-2k");
  ASSERT_FALSE(nameless.ok());
  EXPECT_NE(nameless.status().message().find("knows no circuits"), std::string::npos);
}

// An engine given no work factory fails each job with a message that says so (never hangs).
TEST(EngineTest, AnEngineWithoutProofKindsFailsJobsSayingSo) {
  Engine::Config config = Config(1);
  config.make_work = nullptr;
  config.key_files = nullptr;
  Engine engine(config);
  auto submitted = engine.Submit(Request("no-kinds"));
  ASSERT_TRUE(submitted.ok());
  auto result = engine.Await(submitted->first, 10s);
  ASSERT_TRUE(result.ok()) << result.status().message();
  EXPECT_EQ(result->state, JobState::kFailed);
  EXPECT_NE(result->error.find("without a work factory"), std::string::npos) << result->error;
}

}  // namespace
}  // namespace cuzk::engine

namespace cuzk::engine {
namespace {

TEST(ConfigTest, ParsesTheExampleFileAndReportsUnknownKeys) {
  DaemonConfig config;
  Status s = LoadDaemonConfig(CUZK_SOURCE_DIR "/config/cuzk.example.toml", &config);
  ASSERT_TRUE(s.ok()) << s.message();
  // The example shows every key with its default: parsing it changes nothing.
  DaemonConfig defaults;
  defaults.listen = "unix:///run/curio/cuzk.sock";
  defaults.engine.param_dir = "/var/tmp/filecoin-proof-parameters";
  EXPECT_EQ(config.listen, defaults.listen);
  EXPECT_EQ(config.status_listen, "");
  EXPECT_EQ(config.engine.param_dir, defaults.engine.param_dir);
  EXPECT_EQ(config.engine.memory_budget_bytes, defaults.engine.memory_budget_bytes);
  EXPECT_EQ(config.engine.memory_safety_margin, defaults.engine.memory_safety_margin);
  EXPECT_EQ(config.engine.srs_eviction_min_idle, defaults.engine.srs_eviction_min_idle);
  EXPECT_EQ(config.engine.workers, defaults.engine.workers);
  EXPECT_EQ(config.engine.result_ttl, defaults.engine.result_ttl);
  EXPECT_EQ(config.engine.prover_threads, defaults.engine.prover_threads);
  EXPECT_EQ(config.engine.synthesis_lookahead, defaults.engine.synthesis_lookahead);
  EXPECT_EQ(config.engine.synthesis_workers, defaults.engine.synthesis_workers);
  EXPECT_EQ(config.threads, defaults.threads);
  EXPECT_EQ(config.log_level, defaults.log_level);
  EXPECT_EQ(config.gpus.enabled, defaults.gpus.enabled);
  EXPECT_EQ(config.gpus.devices, defaults.gpus.devices);
  EXPECT_EQ(config.gpus.workers_per_device, defaults.gpus.workers_per_device);
  EXPECT_EQ(config.gpus.gpu_only, defaults.gpus.gpu_only);
  EXPECT_TRUE(config.warnings.empty());

  DaemonConfig other;
  ASSERT_TRUE(ParseDaemonConfig("[scheduler]\nworkers = 3\nspeed = 9\n[gpu]\nx = 1\n"
                                "[memory]\nbudget_gib = 1.5\n[pipeline]\nsynthesis_lookahead = 2\n",
                                &other)
                  .ok());
  EXPECT_EQ(other.engine.workers, 3u);
  EXPECT_EQ(other.engine.memory_budget_bytes, uint64_t{3} << 29);
  EXPECT_EQ(other.engine.synthesis_lookahead, 2u);
  ASSERT_EQ(other.warnings.size(), 2u);
  EXPECT_NE(other.warnings[0].find("[gpu]"), std::string::npos);
  EXPECT_NE(other.warnings[1].find("[scheduler] speed"), std::string::npos);

  Status bad_type = ParseDaemonConfig("[scheduler]\nworkers = \"many\"\n", &other);
  EXPECT_NE(bad_type.message().find("[scheduler] workers: wrong type"), std::string::npos);
  Status bad_syntax = ParseDaemonConfig("[scheduler\n", &other);
  ASSERT_FALSE(bad_syntax.ok());
  EXPECT_NE(bad_syntax.message().find("config: "), std::string::npos);
  EXPECT_FALSE(LoadDaemonConfig("/nonexistent.toml", &other).ok());
}

// The Rust cuzk's cuzk.example.toml as its operators have it (its keys and example values),
// deprecated keys included: every setting lands, the deprecated ones are named in warnings (in
// the order of the sections, sorted by name).
TEST(ConfigTest, TheRustCuzksExampleFileWorksUnchanged) {
  DaemonConfig config;
  Status s = LoadDaemonConfig(CUZK_SOURCE_DIR "/testdata/rust-cuzk/cuzk.example.toml", &config);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(config.listen, "0.0.0.0:9820");
  EXPECT_EQ(config.status_listen, "0.0.0.0:9821");
  EXPECT_EQ(config.engine.param_dir, "/data/zk/params");
  EXPECT_EQ(config.engine.memory_budget_bytes, 0u);  // auto
  EXPECT_EQ(config.engine.memory_safety_margin, uint64_t{5} << 30);
  EXPECT_EQ(config.engine.srs_eviction_min_idle, std::chrono::minutes(5));
  EXPECT_TRUE(config.gpus.devices.empty());
  EXPECT_EQ(config.engine.prover_threads, 32u);
  EXPECT_EQ(config.gpus.workers_per_device, 2u);
  EXPECT_EQ(config.threads, 0u);
  EXPECT_EQ(config.engine.synthesis_lookahead, 1u);
  EXPECT_EQ(config.log_level, "info");
  std::vector<std::string> expected = {
      "config: [memory] pinned_budget is deprecated (as in the Rust cuzk) and ignored: "
      "total_budget covers all memory",
      "config: [memory] working_memory_budget is deprecated (as in the Rust cuzk) and ignored: "
      "total_budget covers all memory",
      "config: [srs] preload is deprecated (as in the Rust cuzk) and ignored: parameters load on "
      "first use, or ahead with PreloadSRS (cuzk-bench preload)",
      "config: [synthesis] partition_workers is deprecated (as in the Rust cuzk) and ignored: see "
      "[pipeline] synthesis_lookahead"};
  EXPECT_EQ(config.warnings, expected);

  DaemonConfig other;
  ASSERT_TRUE(ParseDaemonConfig("[pipeline]\nenabled = false\nsynthesis_concurrency = 4\n"
                                "[synthesis]\nthreads = 8\n[logging]\nformat = \"text\"\n",
                                &other)
                  .ok());
  EXPECT_EQ(other.engine.synthesis_lookahead, 0u);  // no pipelining
  EXPECT_EQ(other.threads, 8u);
  ASSERT_EQ(other.warnings.size(), 1u);
  EXPECT_NE(other.warnings[0].find("synthesis_concurrency = 4 has no effect here"),
            std::string::npos);
  // Settings the Rust cuzk accepts never stop this daemon: batching it does not do is reported,
  // the JSON log format is honoured.
  DaemonConfig third;
  ASSERT_TRUE(
      ParseDaemonConfig("[scheduler]\nmax_batch_size = 3\n[logging]\nformat = \"json\"\n", &third)
          .ok());
  ASSERT_EQ(third.warnings.size(), 1u);
  EXPECT_NE(third.warnings[0].find("max_batch_size = 3 accepted, but sectors are not batched"),
            std::string::npos)
      << third.warnings[0];
  EXPECT_EQ(third.log_format, "json");
  DaemonConfig fourth;
  ASSERT_TRUE(ParseDaemonConfig("[logging]\nformat = \"compact\"\n", &fourth).ok());
  EXPECT_EQ(fourth.log_format, "text");
  ASSERT_EQ(fourth.warnings.size(), 1u);
  EXPECT_NE(fourth.warnings[0].find("format = \"compact\" is not text or json"), std::string::npos);
}

// Each bad value is an error that names its key and quotes it.
TEST(ConfigTest, BadSizesDurationsAndTypesAreErrorsNamingTheKey) {
  const std::pair<const char*, const char*> cases[] = {
      {"[memory]\ntotal_budget = \"25 gigs\"", "[memory] total_budget: '25 gigs' is not a size"},
      {"[memory]\nsafety_margin = \"5 GiB of it\"",
       "[memory] safety_margin: '5 GiB of it' is not a size"},
      {"[memory]\ntotal_budget = -5", "[memory] total_budget: '?' is not a size"},
      {"[memory]\neviction_min_idle = \"5 minutes\"",
       "[memory] eviction_min_idle: '5 minutes' is not a duration (such as 5m, 30s, 1h or "
       "seconds)"},
      {"[memory]\neviction_min_idle = \"1d\"",
       "[memory] eviction_min_idle: '1d' is not a duration"},
      {"[scheduler]\nmax_batch_size = 0", "[scheduler] max_batch_size: must be at least 1"},
      {"[scheduler]\nmax_batch_size = \"2\"", "[scheduler] max_batch_size: wrong type"},
      {"[scheduler]\nsort_by_type = 1", "[scheduler] sort_by_type: wrong type"},
      {"[synthesis]\nthreads = -1", "[synthesis] threads: negative"},
      {"[pipeline]\nenabled = \"yes\"", "[pipeline] enabled: wrong type"},
      {"[daemon]\nlisten = 9820", "[daemon] listen: wrong type"},
      // Floats where integers belong (4024e82 once reached an undefined float-to-integer
      // conversion; fuzz_config found it).
      {"[scheduler]\nmax_batch_size = 4024e82", "[scheduler] max_batch_size: wrong type"},
      {"[scheduler]\nworkers = 2.5", "[scheduler] workers: wrong type"},
      {"[memory]\ntotal_budget = 1e300", "[memory] total_budget: '?' is not a size"},
      {"[memory]\neviction_min_idle = 9e99", "[memory] eviction_min_idle: '?' is not a duration"},
  };
  for (const auto& [toml, error] : cases) {
    DaemonConfig config;
    Status s = ParseDaemonConfig(toml, &config);
    ASSERT_FALSE(s.ok()) << toml;
    EXPECT_NE(s.message().find(error), std::string::npos) << toml << " -> " << s.message();
  }
  EXPECT_EQ(*ParseDuration("5m"), std::chrono::seconds(300));
  EXPECT_EQ(*ParseDuration("30s"), std::chrono::seconds(30));
  EXPECT_EQ(*ParseDuration("1h"), std::chrono::seconds(3600));
  EXPECT_EQ(*ParseDuration("90"), std::chrono::seconds(90));
  for (const char* bad : {"", "m", "5 m", "5min", "-5s", "1.5h"}) {
    EXPECT_FALSE(ParseDuration(bad).ok()) << bad;
  }
}

TEST(ConfigTest, SizesParseAsTheRustCuzksDo) {
  EXPECT_EQ(*ParseSize("256GiB"), uint64_t{256} << 30);
  EXPECT_EQ(*ParseSize("500MiB"), uint64_t{500} << 20);
  EXPECT_EQ(*ParseSize("5GB"), uint64_t{5000000000});
  EXPECT_EQ(*ParseSize("100MB"), uint64_t{100000000});
  EXPECT_EQ(*ParseSize("1024"), 1024u);
  EXPECT_EQ(*ParseSize("2 KiB"), 2048u);
  for (const char* bad : {"", "GiB", "25 gigs", "5GiBs", "-5GiB", "1.5GiB", "99999999999TiB"})
    EXPECT_FALSE(ParseSize(bad).ok()) << bad;
}

TEST(ConfigTest, ReadsTheGpusSection) {
  DaemonConfig config;
  ASSERT_TRUE(ParseDaemonConfig("[gpus]\nenabled = false\ndevices = [1, 0]\n"
                                "gpu_workers_per_device = 2\ngpu_threads = 12\ngpu_only = true\n",
                                &config)
                  .ok());
  EXPECT_FALSE(config.gpus.enabled);
  EXPECT_EQ(config.gpus.devices, (std::vector<int>{1, 0}));
  EXPECT_EQ(config.gpus.workers_per_device, 2u);
  EXPECT_EQ(config.engine.prover_threads, 12u);
  EXPECT_TRUE(config.gpus.gpu_only);
  EXPECT_TRUE(config.warnings.empty());
  Status s = ParseDaemonConfig("[gpus]\ndevices = [\"0\"]\n", &config);
  EXPECT_NE(s.message().find("[gpus] devices: expected non-negative integers"), std::string::npos);
  s = ParseDaemonConfig("[gpus]\ndevices = 0\n", &config);
  EXPECT_NE(s.message().find("[gpus] devices: expected a list"), std::string::npos);
  DaemonConfig rust;
  ASSERT_TRUE(ParseDaemonConfig("[srs]\nparam_cache = \"/data/zk/params\"\n"
                                "[memory]\ntotal_budget = \"256GiB\"\nsafety_margin = \"5GiB\"\n",
                                &rust)
                  .ok());
  EXPECT_EQ(rust.engine.param_dir, "/data/zk/params");
  EXPECT_FALSE(rust.compiled_dir.has_value());  // the daemon keeps compiled circuits there too
  EXPECT_EQ(rust.engine.memory_budget_bytes, uint64_t{256} << 30);
  EXPECT_EQ(rust.engine.memory_safety_margin, uint64_t{5} << 30);
  EXPECT_TRUE(rust.warnings.empty());
  ASSERT_TRUE(ParseDaemonConfig("[memory]\ntotal_budget = \"auto\"\n", &rust).ok());
  EXPECT_EQ(rust.engine.memory_budget_bytes, 0u);  // MemTotal minus the safety margin
  Status size = ParseDaemonConfig("[memory]\ntotal_budget = \"25 gigs\"\n", &rust);
  EXPECT_NE(size.message().find("[memory] total_budget: '25 gigs' is not a size"),
            std::string::npos)
      << size.message();
  s = ParseDaemonConfig("[gpus]\ngpu_workers_per_device = 0\n", &config);
  EXPECT_NE(s.message().find("at least 1"), std::string::npos);
  DaemonConfig none, elsewhere;
  ASSERT_TRUE(ParseDaemonConfig("[srs]\ncompiled_dir = \"\"\n", &none).ok());
  EXPECT_EQ(none.compiled_dir, std::optional<std::string>(""));
  EXPECT_TRUE(none.warnings.empty());
  ASSERT_TRUE(ParseDaemonConfig("[srs]\ncompiled_dir = \"/fast/cuzk\"\n", &elsewhere).ok());
  EXPECT_EQ(elsewhere.compiled_dir, std::optional<std::string>("/fast/cuzk"));
}

}  // namespace
}  // namespace cuzk::engine
