// Views as patches on the wire (docs/protocol.md, `view_patch`): a client that asks for them
// rebuilds, from its snapshot and the patches after it, exactly the view the engine gives its
// seat after every action (the wire leak check on the rebuilt messages), in every game, and
// again after a rejoin; a connection that does not ask gets whole views as before.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/registry.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

std::size_t state_bytes(const std::vector<json>& got) {
  std::size_t n = 0;
  for (const json& m : got)
    if (m.value("type", "") == "state") n += m.dump().size();
  return n;
}

class ViewPatches : public ::testing::TestWithParam<std::string> {
 protected:
  const Game& game() const { return *registry().find(GetParam()); }
};

// The most players, people and bots alternating, every person and the spectator asking for
// patches: every state after the first comes as a patch, and the views rebuilt from them are
// the engine's, with nothing a viewer may not see.
TEST_P(ViewPatches, RebuildEveryViewOfAWholeGameWithoutLeaks) {
  TempDir dir;
  TestServer server(dir.path());
  TablePlan plan{game().id(), game().max_players(), quick_params(game(), 2), {}};
  for (int s = 0; s < game().max_players(); ++s) plan.bots.push_back(s % 2 ? "random" : "");
  plan.patches = true;
  PlayedTable t = play_whole_game(server.port(), plan);
  ASSERT_TRUE(t.record.result.has_value()) << "the game did not end";
  const auto check = [&](const std::vector<json>& got, Seat viewer) {
    int patched = 0, states = 0;
    const std::vector<json> rebuilt = with_patches_applied(got, &patched);
    for (const json& m : got) states += m.value("type", "") == "state";
    // Only the first state (the snapshot at the start) is whole.
    EXPECT_EQ(patched, states - 1) << "viewer " << viewer;
    expect_wire_holds_only_what_viewer_sees(t.record, rebuilt, viewer);
    // What the patches are for (how much less depends on the game: bench/README.md).
    EXPECT_LT(state_bytes(got), state_bytes(rebuilt)) << "viewer " << viewer;
  };
  for (const Person& p : t.people) check(p.client->received, p.seat);
  check(t.spectator->received, kSpectator);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ViewPatches, ::testing::ValuesIn(game_ids()),
                         [](const auto& p) {
                           std::string name = p.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// A person who rejoins gets a whole snapshot, then patches of it; a spectator who does not ask
// for patches, at the same table as one who does, gets whole views, and the two rebuild the
// same ones.
TEST(ViewPatchesRejoin, SnapshotThenPatchesAndWholeViewsForWhoDoesNotAsk) {
  TempDir dir;
  TestServer server(dir.path());
  const Game& game = *registry().find("sortileges");
  TablePlan plan{game.id(), 3, quick_params(game, 2), {"", "random", "random"}};
  plan.spectator = false;
  Client creator(server.port());
  const Created t = create_table(creator, plan);
  Client whole(server.port()), patched(server.port());
  whole.send({{"type", "watch"}, {"table", t.table}});
  patched.send({{"type", "watch"}, {"table", t.table}, {"patches", true}});
  Person first = join(server.port(), t.table, 0, "Ann", true);
  play_randomly(*first.client, 5, 6);

  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", first.token}, {"patches", true}});
  const json last = play_randomly(again, 6);
  ASSERT_EQ(last.value("type", ""), "result");
  whole.next_of("result");
  patched.next_of("result");

  const auto record = download_record(server.port(), t.table);
  ASSERT_TRUE(record.has_value());

  std::vector<json> seat = first.client->received;
  int after_rejoin = 0;
  bool snapshot_first = false;
  for (const json& m : again.received) {
    if (m.value("type", "") == "state" && after_rejoin++ == 0)
      snapshot_first = m["snapshot"].get<bool>() && m.contains("view");
    seat.push_back(m);
  }
  EXPECT_TRUE(snapshot_first) << "the rejoin's first state is not a whole snapshot";
  int rebuilt_patches = 0;
  const std::vector<json> rebuilt = with_patches_applied(seat, &rebuilt_patches);
  EXPECT_GT(rebuilt_patches, 0);
  expect_wire_holds_only_what_viewer_sees(*record, rebuilt, 0);

  std::vector<json> plain, from_patches;
  for (const json& m : whole.received) {
    EXPECT_FALSE(m.contains("view_patch")) << "a patch went to a spectator who did not ask";
    if (m.value("type", "") == "state") plain.push_back(m);
  }
  for (const json& m : with_patches_applied(patched.received))
    if (m.value("type", "") == "state") from_patches.push_back(m);
  EXPECT_EQ(plain, from_patches);
  expect_wire_holds_only_what_viewer_sees(*record, plain, kSpectator);
}

TEST(ViewPatchesAsked, PatchesThatIsNotABooleanIsRefusedAsMalformed) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  TablePlan plan{"sortileges", 2, {}, {"", "random"}};
  const Created t = create_table(creator, plan);
  Client c(server.port());
  c.send({{"type", "watch"}, {"table", t.table}, {"patches", "yes"}});
  const json e = c.next();
  EXPECT_EQ(e.value("type", ""), "error");
  EXPECT_EQ(e.value("code", ""), "malformed");
  EXPECT_NE(e.value("message", "").find("\"patches\" must be true or false"), std::string::npos)
      << e.dump();
  // Nothing was lost: the connection may still watch.
  c.send({{"type", "watch"}, {"table", t.table}, {"patches", true}});
  EXPECT_EQ(c.next().value("type", ""), "watching");
}

}  // namespace
}  // namespace sabbat::server::testing
