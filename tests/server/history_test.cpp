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

// The one message of a history that fits in `max_bytes`.
json whole_history(const Match& m, Seat viewer, size_t max_events) {
  auto parts = history_parts(m.record(), registry(), viewer, max_events, 1 << 20);
  EXPECT_TRUE(parts) << parts.error();
  EXPECT_EQ(parts->size(), 1u);
  return json::parse(parts->front());
}

TEST(History, EveryActionAReceiverSawIsAnEntryWithItsSeq) {
  const Match m = played(6);
  const json h = whole_history(m, 0, 1000);
  EXPECT_EQ(h["type"], "history");
  EXPECT_EQ(h["seq"], 6);
  EXPECT_EQ(h["complete"], true);
  EXPECT_EQ(h["part"], 1);
  EXPECT_EQ(h["parts"], 1);
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
  const json whole = whole_history(m, kSpectator, 1000);
  const json cut = whole_history(m, kSpectator, 1);
  EXPECT_EQ(cut["complete"], false);
  ASSERT_EQ(cut["entries"].size(), 1u);
  EXPECT_EQ(cut["entries"][0], whole["entries"].back());
}

// Protocol, "history": no message of the server is longer than the bound; a long history
// comes in parts, cut between actions, which together are the whole one in order.
TEST(History, ALongHistoryComesInPartsEachWithinTheBound) {
  const Match m = played(60);
  const json whole = whole_history(m, kSpectator, 1000);
  const std::string one = whole.dump();
  const size_t bound = one.size() / 3;
  auto parts = history_parts(m.record(), registry(), kSpectator, 1000, bound);
  ASSERT_TRUE(parts) << parts.error();
  ASSERT_GE(parts->size(), 3u);
  json entries = json::array();
  for (size_t k = 0; k < parts->size(); ++k) {
    EXPECT_LE((*parts)[k].size(), bound) << "part " << k + 1;
    const json p = json::parse((*parts)[k]);
    EXPECT_EQ(p["type"], "history");
    EXPECT_EQ(p["seq"], whole["seq"]);
    EXPECT_EQ(p["complete"], whole["complete"]);
    EXPECT_EQ(p["part"], k + 1);
    EXPECT_EQ(p["parts"], parts->size());
    EXPECT_FALSE(p["entries"].empty());
    for (const json& e : p["entries"]) entries.push_back(e);
  }
  EXPECT_EQ(entries, whole["entries"]);
}

// An action whose events alone pass the bound is not cut: it has a part of its own.
TEST(History, AnActionLongerThanTheBoundHasAPartOfItsOwn) {
  const Match m = played(4);
  const json whole = whole_history(m, kSpectator, 1000);
  auto parts = history_parts(m.record(), registry(), kSpectator, 1000, 10);
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->size(), whole["entries"].size());
  for (size_t k = 0; k < parts->size(); ++k)
    EXPECT_EQ(json::parse((*parts)[k])["entries"], json::array({whole["entries"][k]}));
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
