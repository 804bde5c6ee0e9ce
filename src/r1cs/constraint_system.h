// SPDX-License-Identifier: Apache-2.0 OR MIT
// The interface every circuit synthesizes into, modelled on bellpepper-core's ConstraintSystem:
// variables are allocated (aux) or allocated as public inputs, then constraints A * B = C are
// enforced. Input 0 is the constant ONE, allocated by each implementation's constructor.
// Namespaces name constraints for error messages and have no effect on the R1CS.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "base/cancel.h"
#include "base/status.h"
#include "r1cs/linear_combination.h"

namespace cuzk::r1cs {

// A sink for variables and constraints. Implementations: ProvingAssignment (prover input),
// ShapeRecorder (matrices for parameter generation), TestConstraintSystem (checks, names),
// WitnessOnly (values only).
class ConstraintSystem {
 public:
  virtual ~ConstraintSystem() = default;

  // Allocates a private variable holding `value`.
  virtual Variable Alloc(const Fr& value) = 0;
  // Allocates a public input holding `value`.
  virtual Variable AllocInput(const Fr& value) = 0;
  // Allocates a private variable holding 0 or 1 (Alloc of Fr 0 or 1; CompactWitness stores the
  // bit without forming the element).
  virtual Variable AllocBit(bool value) { return Alloc(value ? Fr::One() : Fr::Zero()); }
  // Adds the constraint a * b = c; `name` labels it for diagnostics only.
  void Enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
               std::string_view name = {}) {
    DoEnforce(a, b, c, name);
  }
  // Enters a named scope (see Namespace).
  virtual void PushNamespace(std::string_view /*name*/) {}
  // Leaves the innermost scope.
  virtual void PopNamespace() {}
  // Returns true iff names are kept, so callers may skip formatting them otherwise.
  virtual bool WantsNames() const { return false; }
  // Returns false when Enforce never reads its combinations (values-only and counting systems):
  // hot gadgets then call EnforceUnread instead of building them. What they allocate, with which
  // values and in which order, and how many constraints they add, must not depend on it
  // (compiled_circuits_test compares). Not virtual: gadgets ask once per bit.
  bool WantsCombinations() const { return wants_combinations_; }
  // Adds a constraint whose combinations are not built: counted (unread_constraints), nothing
  // else, when the system does not read them; an empty constraint otherwise.
  void EnforceUnread() {
    if (!wants_combinations_) {
      ++unread_constraints_;
      return;
    }
    static const LinearCombination kEmpty;
    DoEnforce(kEmpty, kEmpty, kEmpty, {});
  }
  // Lets another thread stop a synthesis: circuits check Cancelled() between their large steps
  // (each challenge or sector; in PoRep also each path, column and label of a challenge) and
  // then return a kCancelled error. Null: never cancelled.
  void SetCancel(const CancelFlag* cancel) { cancel_ = cancel; }
  // Returns whether the synthesis has been cancelled.
  bool Cancelled() const { return IsCancelled(cancel_); }

 protected:
  // For the constructors of systems that never read Enforce's combinations.
  void SkipCombinations() { wants_combinations_ = false; }
  // Returns how many constraints EnforceUnread added without Enforce.
  size_t unread_constraints() const { return unread_constraints_; }
  virtual void DoEnforce(const LinearCombination& a, const LinearCombination& b,
                         const LinearCombination& c, std::string_view name) = 0;

 private:
  const CancelFlag* cancel_ = nullptr;
  bool wants_combinations_ = true;
  size_t unread_constraints_ = 0;
};

// Returns the error of a synthesis stopped by ConstraintSystem::SetCancel's flag.
inline Status SynthesisCancelled() {
  return Status(StatusCode::kCancelled, "the synthesis was cancelled");
}

// RAII scope: pushes a namespace on construction and pops it on destruction.
class Namespace {
 public:
  Namespace(ConstraintSystem& cs, std::string_view name) : cs_(cs) { cs_.PushNamespace(name); }
  ~Namespace() { cs_.PopNamespace(); }
  Namespace(const Namespace&) = delete;
  Namespace& operator=(const Namespace&) = delete;

 private:
  ConstraintSystem& cs_;
};

// A circuit: something that can lay its variables and constraints into a ConstraintSystem.
class Circuit {
 public:
  virtual ~Circuit() = default;
  // Allocates the circuit's inputs and aux variables and enforces its constraints.
  virtual Status Synthesize(ConstraintSystem& cs) const = 0;
};

// A function as a circuit (gadget harnesses, tests).
class FunctionCircuit final : public Circuit {
 public:
  explicit FunctionCircuit(std::function<Status(ConstraintSystem&)> f) : f_(std::move(f)) {}
  Status Synthesize(ConstraintSystem& cs) const override { return f_(cs); }

 private:
  std::function<Status(ConstraintSystem&)> f_;
};

}  // namespace cuzk::r1cs
