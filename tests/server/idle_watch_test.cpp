// The idle watch (server/net/idle_watch.hpp): a sweep finds the connections that heard nothing
// for the timeout, and only while they are watched.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <thread>

#include "server/net/idle_watch.hpp"

namespace sabbat::server {
namespace {

using namespace std::chrono_literals;

struct Peer : IdleWatch::Watched {
  using Watched::heard;
};

// The watched peers the sweep finds idle, by address.
std::vector<Peer*> idle_of(IdleWatch& watch) {
  return watch.idle([](IdleWatch::Watched& w) { return static_cast<Peer*>(&w); });
}

TEST(IdleWatch, AConnectionSilentForTheTimeoutIsFoundIdle) {
  IdleWatch watch(20ms);
  Peer quiet, talking;
  quiet.heard();
  talking.heard();
  watch.watch(quiet);
  watch.watch(talking);
  std::this_thread::sleep_for(30ms);
  talking.heard();
  EXPECT_EQ(idle_of(watch), std::vector<Peer*>{&quiet});
  watch.forget(quiet);
  watch.forget(talking);
}

TEST(IdleWatch, AForgottenConnectionIsNoLongerSwept) {
  IdleWatch watch(1ms);
  Peer a, b, c;
  for (Peer* p : {&a, &b, &c}) watch.watch(*p);  // never heard: idle at once
  watch.forget(b);
  auto idle = idle_of(watch);
  std::sort(idle.begin(), idle.end());
  std::vector<Peer*> expected{&a, &c};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(idle, expected);
  watch.forget(a);
  watch.forget(c);
  EXPECT_TRUE(idle_of(watch).empty());
}

TEST(IdleWatch, AnOwnerThatCannotBeKeptIsLeftOut) {
  IdleWatch watch(1ms);
  Peer p;
  watch.watch(p);
  auto kept = watch.idle([](IdleWatch::Watched&) { return std::shared_ptr<Peer>(); });
  EXPECT_TRUE(kept.empty());
  watch.forget(p);
}

TEST(IdleWatch, SweepsAQuarterOfTheTimeoutApartWithinBounds) {
  EXPECT_EQ(IdleWatch(40s).sweep_period(), 10s);
  EXPECT_EQ(IdleWatch(1ms).sweep_period(), 10ms);
  EXPECT_EQ(IdleWatch(1h).sweep_period(), 30s);
}

}  // namespace
}  // namespace sabbat::server
