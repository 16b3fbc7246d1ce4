// The counting operators pair malloc with free, which GCC cannot see through.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

// Applying an action allocates nothing (when no events are asked for), nor does listing the
// legal actions into a reused vector: simulations and tree search run on these paths. And the
// blocks an idle server connection holds stay within the allocator's size classes.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstdlib>
#include <new>

#include "core/registry.hpp"
#include "server/net/framed_socket.hpp"
#include "server/sessions/websocket_session.hpp"

namespace {
std::atomic<long> allocations{0};
std::atomic<std::size_t> largest{0};  // the largest block asked for since last reset
}  // namespace

void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (n > largest.load(std::memory_order_relaxed)) largest.store(n, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace sabbat {
namespace {

TEST(Allocation, ApplyingAnActionAndListingLegalActionsDoNotAllocate) {
  for (const auto& game : registry().games()) {
    for (int players = game->min_players(); players <= game->max_players(); ++players) {
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        auto state = std::move(game->new_state(game->setup(players, {}, seed).value()).value());
        ActionList legal;
        legal.reserve(1 << 15);  // Du Balai: 19,171 writings with Double-jeu
        Rng rng(seed);
        GameTime now = 0;
        long worst = 0;
        while (!state->terminal()) {
          const long before = allocations.load();
          Seat actor = -1;
          for (Seat s = 0; s < players && actor < 0; ++s)
            if (state->actors().contains(s)) actor = s;
          Status st;
          if (actor < 0) {
            auto d = state->deadline();
            ASSERT_TRUE(d.has_value());
            now = std::max(now, d->at);
            st = state->apply(kClock, d->action, now);
          } else {
            state->legal_actions(actor, legal);
            ASSERT_FALSE(legal.empty());
            st = state->apply(actor, legal[rng.below(uint32_t(legal.size()))], now);
          }
          ASSERT_TRUE(st.ok()) << st.error();
          worst = std::max(worst, allocations.load() - before);
        }
        EXPECT_EQ(worst, 0) << game->id() << ", " << players << " players, seed " << seed;
      }
    }
  }
}

}  // namespace
}  // namespace sabbat

namespace sabbat {
namespace {

// Guards the test above: the counter must see an allocation when one happens.
TEST(Allocation, TheCounterSeesAnAllocation) {
  const long before = allocations.load();
  auto* p = new std::vector<int>(100);
  EXPECT_GE(allocations.load() - before, 2);
  delete p;
}

// Every connection holds its WebSocket stream state for its whole life, in one block. jemalloc
// (the server's allocator) rounds a block up to its size class: 2,560 bytes, then 3,072. Beast's
// own permessage-deflate is left out (the socket below Beast does it), so the state is 2,552
// bytes, socket with its deflate pointer included: each connection holds 2,560 bytes (Beast's
// deflate options and offer took it to 3,072; docs/architecture.md, "Memory per connection").
// The sizes are those of Debian 12's Boost 1.81 and libstdc++ on a 64-bit system: another
// Boost may need the margin found again.
TEST(ConnectionMemory, AWebSocketStreamStateFitsIn2560Bytes) {
  boost::asio::io_context ioc;
  server::ConnectionSocket socket(boost::asio::make_strand(ioc));
  largest = 0;
  boost::beast::websocket::stream<server::FramedSocket, false> ws(std::move(socket));
  EXPECT_GT(largest.load(), 1536u) << "the stream state holds Beast's 1,536-byte read buffer";
  EXPECT_LE(largest.load(), 2560u);
}

// make_shared puts a session behind a control block of a vtable pointer and two counts; the
// two together fit jemalloc's 256-byte class (the next is 320).
TEST(ConnectionMemory, ASessionAndItsControlBlockFitIn256Bytes) {
  EXPECT_LE(sizeof(server::WebsocketSession) + 2 * sizeof(void*), 256u);
}

}  // namespace
}  // namespace sabbat
