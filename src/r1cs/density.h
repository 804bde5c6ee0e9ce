// SPDX-License-Identifier: Apache-2.0 OR MIT
// DensityBits: which variables belong to a Groth16 query (bellperson's DensityTracker).
#pragma once

#include <cstdint>
#include <vector>

namespace cuzk::r1cs {

// One bit per variable, with a running count of set bits.
class DensityBits {
 public:
  // Reserves room for n variables.
  void Reserve(size_t n) { bits_.reserve(n); }
  // Forgets every variable, keeping the capacity.
  void Clear() {
    bits_.clear();
    count_ = 0;
  }
  // Appends a variable, not (yet) in the query.
  void PushBack() { bits_.push_back(false); }
  // Marks variable i as in the query.
  void Set(size_t i) {
    if (!bits_[i]) {
      bits_[i] = true;
      ++count_;
    }
  }
  // Returns true iff variable i is in the query.
  bool Get(size_t i) const { return bits_[i]; }
  // Returns the number of variables tracked.
  size_t size() const { return bits_.size(); }
  // Returns the number of variables in the query.
  size_t count() const { return count_; }
  // Returns the bytes of memory the bits hold (their capacity).
  size_t CapacityBytes() const { return bits_.capacity() / 8; }

 private:
  std::vector<bool> bits_;
  size_t count_ = 0;
};

}  // namespace cuzk::r1cs
