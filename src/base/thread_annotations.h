// SPDX-License-Identifier: Apache-2.0 OR MIT
// Clang's thread-safety annotations (https://clang.llvm.org/docs/ThreadSafetyAnalysis.html): with
// -Wthread-safety, clang checks at compile time that data marked CUZK_GUARDED_BY(mu) is only
// touched with mu held and that functions marked CUZK_REQUIRES(mu) are only called so. Other
// compilers ignore them.
#pragma once

#if defined(__clang__)
#define CUZK_THREAD_ANNOTATION_(x) __attribute__((x))
#else
#define CUZK_THREAD_ANNOTATION_(x)
#endif

// A type that is a lock (its instances are capabilities).
#define CUZK_CAPABILITY(name) CUZK_THREAD_ANNOTATION_(capability(name))
// A type whose instances hold a lock for their scope.
#define CUZK_SCOPED_CAPABILITY CUZK_THREAD_ANNOTATION_(scoped_lockable)
// The member may be read or written only with `mu` held.
#define CUZK_GUARDED_BY(mu) CUZK_THREAD_ANNOTATION_(guarded_by(mu))
// The function must be called with `...` held, and returns with them held.
#define CUZK_REQUIRES(...) CUZK_THREAD_ANNOTATION_(requires_capability(__VA_ARGS__))
// The function must be called without `...` held (it takes them itself).
#define CUZK_EXCLUDES(...) CUZK_THREAD_ANNOTATION_(locks_excluded(__VA_ARGS__))
// The function takes `...` (or the object itself, when empty) and returns holding it.
#define CUZK_ACQUIRE(...) CUZK_THREAD_ANNOTATION_(acquire_capability(__VA_ARGS__))
// The function gives up `...` (or the object itself, when empty).
#define CUZK_RELEASE(...) CUZK_THREAD_ANNOTATION_(release_capability(__VA_ARGS__))
