// The server's view patches (docs/protocol.md, `view_patch`): applied by an independent JSON
// Patch implementation (nlohmann's), each one turns a receiver's last view into its next one,
// for every viewer after every action of random games of every game.
#include <gtest/gtest.h>

#include "server/table/view_patch.hpp"
#include "support/random_games.hpp"

namespace sabbat {
namespace {

std::string patch(std::string_view before, std::string_view after) {
  std::string out;
  server::append_view_patch(before, after, out);
  return out;
}

// The patch applied to `before` gives `after`, and says nothing more than the change.
void expect_turns_into(std::string_view before, std::string_view after) {
  const std::string p = patch(before, after);
  const json ops = json::parse(p);
  ASSERT_TRUE(ops.is_array()) << p;
  EXPECT_EQ(json::parse(before).patch(ops), json::parse(after))
      << before << " -> " << after << " by " << p;
}

TEST(ViewPatch, EqualViewsGiveAnEmptyPatch) {
  EXPECT_EQ(patch(R"({"a":[1,2],"b":"x"})", R"({"a":[1,2],"b":"x"})"), "[]");
}

TEST(ViewPatch, ChangedMemberIsReplacedAloneDeepInsideObjectsAndArrays) {
  const std::string before =
      R"({"players":[{"score":3,"name":"Ann"},{"score":5,"name":"Bo"}],"round":1})";
  const std::string after =
      R"({"players":[{"score":3,"name":"Ann"},{"score":7,"name":"Bo"}],"round":1})";
  EXPECT_EQ(patch(before, after), R"([{"op":"replace","path":"/players/1/score","value":7}])");
  expect_turns_into(before, after);
}

TEST(ViewPatch, MembersAddedAndRemovedAreAddAndRemove) {
  expect_turns_into(R"({"a":1,"b":2,"c":3})", R"({"a":1,"c":4,"d":[5]})");
  EXPECT_EQ(patch(R"({"a":1,"b":2})", R"({"a":1})"), R"([{"op":"remove","path":"/b"}])");
}

TEST(ViewPatch, ArrayOfAnotherLengthOrValueOfAnotherTypeIsReplacedWhole) {
  EXPECT_EQ(patch(R"({"hand":["7H","2C"]})", R"({"hand":["7H"]})"),
            R"([{"op":"replace","path":"/hand","value":["7H"]}])");
  EXPECT_EQ(patch(R"({"x":null})", R"({"x":{"y":1}})"),
            R"([{"op":"replace","path":"/x","value":{"y":1}}])");
  expect_turns_into(R"({"x":[1,[2,3]]})", R"({"x":[1,[2,3,4]]})");
  expect_turns_into(R"({"x":"a"})", R"({"x":1.5e3})");
}

TEST(ViewPatch, PartsWhoseOperationsWouldBeLongerAreReplacedWhole) {
  // Every element changed: one replace of the array is shorter than five.
  EXPECT_EQ(patch(R"({"d":[1,2,3,4,5]})", R"({"d":[6,7,8,9,0]})"),
            R"([{"op":"replace","path":"/d","value":[6,7,8,9,0]}])");
}

TEST(ViewPatch, KeysAreEscapedAsJsonPointerTokens) {
  // RFC 6901: '~' is written "~0" and '/' "~1".
  const std::string kept = R"("k":"a long unchanged member, so that two operations are shorter")";
  const std::string before = R"({"a/b":1,"m~n":2,)" + kept + "}";
  const std::string after = R"({"a/b":9,"m~n":8,)" + kept + "}";
  EXPECT_EQ(
      patch(before, after),
      R"([{"op":"replace","path":"/a~1b","value":9},{"op":"replace","path":"/m~0n","value":8}])");
  expect_turns_into(before, after);
}

TEST(ViewPatch, StringsWithEscapesAndKeysWithEscapes) {
  expect_turns_into(R"({"t":"a\"b,}]","u":1})", R"({"t":"a\"b,}]","u":2})");
  expect_turns_into(R"({"t":"x\\"})", R"({"t":"x\\\"{"})");
  // A key written with an escape is not put in a path: its object is replaced whole.
  EXPECT_EQ(patch(R"({"o":{"\u0041":1}})", R"({"o":{"\u0041":2}})"),
            R"([{"op":"replace","path":"/o","value":{"\u0041":2}}])");
}

TEST(ViewPatch, DocumentsThatAreNotObjectsAreReplacedAtTheRoot) {
  EXPECT_EQ(patch("[1]", "2"), R"([{"op":"replace","path":"","value":2}])");
  expect_turns_into("[1,2]", "[1,3]");
  expect_turns_into("{}", R"({"a":{}})");
  expect_turns_into(R"({"a":{}})", "{}");
}

class ViewPatchGames : public ::testing::TestWithParam<std::string> {};

TEST_P(ViewPatchGames, EveryViewersNextViewThroughRandomGames) {
  const Game& game = *registry().find(GetParam());
  std::vector<std::string> texts;
  std::size_t checked = 0, patch_bytes = 0, view_bytes = 0;
  for (int players = game.min_players(); players <= game.max_players(); ++players) {
    for (int i = 0; i < testing::scaled(4); ++i) {
      testing::RandomGame rg{game.id(), players, Rng::mix(47, uint64_t(players * 100 + i)), {}};
      std::vector<Seat> viewers;
      for (Seat v = 0; v < players; ++v) viewers.push_back(v);
      viewers.push_back(kSpectator);
      std::vector<std::string> last;
      testing::play_random(rg, [&](const Match& m, const Step&) {
        m.state().view_texts(viewers, texts);
        if (!last.empty())
          for (size_t k = 0; k < viewers.size(); ++k) {
            const std::string p = patch(last[k], texts[k]);
            ASSERT_EQ(json::parse(last[k]).patch(json::parse(p)), json::parse(texts[k]))
                << "viewer " << viewers[k] << " seed " << rg.seed << " at action "
                << m.record().actions.size() << ": " << p;
            patch_bytes += p.size();
            view_bytes += texts[k].size();
            ++checked;
          }
        last = texts;
      });
    }
  }
  EXPECT_GT(checked, std::size_t(testing::scaled(40)));
  // What the patches are for: far fewer bytes than the views they stand for.
  EXPECT_LT(patch_bytes * 2, view_bytes) << "patches " << patch_bytes << " B, views " << view_bytes;
}

INSTANTIATE_TEST_SUITE_P(AllGames, ViewPatchGames, ::testing::ValuesIn(testing::game_ids()),
                         [](const auto& p) { return testing::test_name(p.param); });

}  // namespace
}  // namespace sabbat
