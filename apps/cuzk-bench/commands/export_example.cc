// SPDX-License-Identifier: Apache-2.0 OR MIT
// `cuzk-bench export-example`: writes a MiMC-style chain (x_{i+1} = (x_i + c_i)^3, last value
// public) as iden3 .r1cs/.wtns, so prove-r1cs and snarkjs can be tried without circom.
#include <cstdio>

#include "commands/commands.h"
#include "r1cs/iden3.h"
#include "r1cs/witness_only.h"

namespace cuzk::bench {
namespace {

using ff::Fr;
using r1cs::LinearCombination;
using r1cs::Variable;

// The chain; constants are 1, 2, 3, ... so anyone can recompute the output.
class Chain : public r1cs::Circuit {
 public:
  explicit Chain(size_t rounds) : rounds_(rounds) {}
  Status Synthesize(r1cs::ConstraintSystem& cs) const override {
    Fr x = Fr::FromUint64(3);
    Variable xv = cs.Alloc(x);
    for (size_t i = 0; i < rounds_; ++i) {
      Fr c = Fr::FromUint64(i + 1), t = x + c, t2 = t.Square();
      LinearCombination lt = LinearCombination::Of(xv);
      lt.AddTerm(Variable::One(), c);
      Variable t2v = cs.Alloc(t2);
      cs.Enforce(lt, lt, LinearCombination::Of(t2v));
      x = t2 * t;
      Variable next = i + 1 == rounds_ ? cs.AllocInput(x) : cs.Alloc(x);
      cs.Enforce(LinearCombination::Of(t2v), lt, LinearCombination::Of(next));
      xv = next;
    }
    return Status::Ok();
  }

 private:
  size_t rounds_;
};

}  // namespace

void RegisterExportExample(CLI::App& app) {
  static size_t rounds = 1000;
  static std::string prefix = "example";
  auto* cmd =
      app.add_subcommand("export-example", "Write an example MiMC-style circuit as .r1cs/.wtns");
  cmd->add_option("--rounds", rounds, "Rounds (2 constraints each)")->capture_default_str();
  cmd->add_option("--out", prefix, "Output prefix: writes PREFIX.r1cs and PREFIX.wtns")
      ->capture_default_str();
  cmd->callback([] {
    Chain chain(rounds);
    auto shape = r1cs::ShapeRecorder::Record(chain, /*append_input_constraints=*/false);
    r1cs::WitnessOnly cs;
    Status s = chain.Synthesize(cs);
    if (s.ok()) s = r1cs::WriteIden3R1cs(*shape, prefix + ".r1cs");
    if (s.ok()) s = r1cs::WriteIden3Witness(cs.inputs(), cs.aux(), prefix + ".wtns");
    if (!s.ok()) {
      std::fprintf(stderr, "export-example: %s\n", s.message().c_str());
      std::exit(1);
    }
    std::printf("wrote %s.r1cs and %s.wtns: %zu constraints, %zu wires\n", prefix.c_str(),
                prefix.c_str(), shape->num_constraints(), cs.inputs().size() + cs.aux().size());
  });
}

}  // namespace cuzk::bench
