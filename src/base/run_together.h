// SPDX-License-Identifier: Apache-2.0 OR MIT
// A few unlike tasks run at once on ParallelFor's pool, for work whose pieces differ in kind
// (a G1 and a G2 multi-exponentiation, say) rather than being one loop.
#pragma once

#include <functional>
#include <initializer_list>

namespace cuzk {

// Runs every task once, as many at once as the pool has threads, each handed to the first free
// thread; returns when all are done. Tasks may call ParallelFor themselves.
void RunTogether(std::initializer_list<std::function<void()>> tasks);

}  // namespace cuzk
