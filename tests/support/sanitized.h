// SPDX-License-Identifier: Apache-2.0 OR MIT
// Whether this test binary runs under a sanitizer (the asan-ubsan and tsan presets).
#pragma once

namespace cuzk::testing {

// Whether this build runs under AddressSanitizer or ThreadSanitizer: timings mean nothing there,
// and a test may leave to the release build what only repeats a checked path at a larger size.
inline constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

}  // namespace cuzk::testing
