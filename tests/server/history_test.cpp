// The log a newcomer is sent (server/table/history.hpp): rebuilt from the record, with the seq
// each action had for that receiver and only the events it could see, the oldest giving way
// past the limit.
#include <gtest/gtest.h>

#include "core/registry.hpp"
#include "server/table/history.hpp"

namespace sabbat::server {
namespace {

Match played(int actions) {
  const Game& g = *registry().get("sortileges").value();
  Match m = Match::start(g, g.setup(2, {}, 11).value()).value();
  std::vector<Action> legal;
  for (int i = 0; i < actions && !m.state().terminal(); ++i) {
    const Seat s = Seat(__builtin_ctz(m.state().actors().bits()));
    m.state().legal_actions(s, legal);
    EXPECT_TRUE(m.apply(s, legal.front(), m.state().now()));
  }
  return m;
}

TEST(History, EveryActionAReceiverSawIsAnEntryWithItsSeq) {
  const Match m = played(6);
  auto text = history_text(m.record(), registry(), 0, 1000);
  ASSERT_TRUE(text) << text.error();
  const json h = json::parse(*text);
  EXPECT_EQ(h["type"], "history");
  EXPECT_EQ(h["seq"], 6);
  EXPECT_EQ(h["complete"], true);
  ASSERT_FALSE(h["entries"].empty());
  int64_t last = 0;
  for (const json& e : h["entries"]) {
    EXPECT_GT(e["seq"].get<int64_t>(), last);
    last = e["seq"].get<int64_t>();
    EXPECT_FALSE(e["events"].empty());
  }
}

TEST(History, PastTheLimitTheOldestActionsGiveWay) {
  const Match m = played(10);
  const json whole = json::parse(history_text(m.record(), registry(), kSpectator, 1000).value());
  const json cut = json::parse(history_text(m.record(), registry(), kSpectator, 1).value());
  EXPECT_EQ(cut["complete"], false);
  ASSERT_EQ(cut["entries"].size(), 1u);
  EXPECT_EQ(cut["entries"][0], whole["entries"].back());
}

TEST(History, ReplayToldSeesEveryRecordedAction) {
  const Match m = played(5);
  int seen = 0;
  auto replayed = replay_told(m.record(), registry(),
                              [&](const RecordedAction&, bool, const Events&) { ++seen; });
  ASSERT_TRUE(replayed);
  EXPECT_EQ(seen, 5);
  EXPECT_TRUE(replayed->state().same_as(m.state()));
}

}  // namespace
}  // namespace sabbat::server
