#pragma once
// Asio keeps the memory of a finished operation in a per-thread cache and gives it to the next
// operation that fits, whatever that one's size. A connection going idle finishes a WebSocket
// read (about 1 KiB of ops) and then starts the waits it will idle on: those would take the
// read's block and hold it for as long as the connection idles. A handler bound to this
// allocator gets a block of its own size instead.
#include <boost/asio/bind_allocator.hpp>
#include <memory>
#include <utility>

namespace sabbat::server {

template <class T>
struct ExactAllocator {
  using value_type = T;
  ExactAllocator() noexcept = default;
  template <class U>
  ExactAllocator(const ExactAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return std::allocator<T>().allocate(n); }
  void deallocate(T* p, std::size_t n) noexcept { std::allocator<T>().deallocate(p, n); }
  template <class U>
  bool operator==(const ExactAllocator<U>&) const noexcept {
    return true;
  }
};

// For the handlers of operations that stay pending while a connection idles.
template <class Handler>
auto with_exact_memory(Handler&& handler) {
  return boost::asio::bind_allocator(ExactAllocator<void>(), std::forward<Handler>(handler));
}

}  // namespace sabbat::server
