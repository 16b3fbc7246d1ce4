#pragma once
// Whether this program was built with AddressSanitizer: GCC says so with a macro, clang with
// __has_feature. Tests that starve the process of a resource the sanitizer needs too (address
// space, descriptors) skip under it.
#if defined(__SANITIZE_ADDRESS__)
#define SABBAT_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SABBAT_UNDER_ASAN 1
#endif
#endif

namespace sabbat::testing {
#ifdef SABBAT_UNDER_ASAN
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
}  // namespace sabbat::testing
