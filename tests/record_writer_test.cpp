// Records written as the game goes (RecordWriter): the header at once, each action as soon as
// it is applied, the result at the end, so the file is a valid record whenever the writer
// stops; a failed write says the system's reason and stops the writer.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "bots/scheduler.hpp"
#include "core/record_writer.hpp"
#include "core/registry.hpp"
#include "support/cli_run.hpp"

namespace sabbat {
namespace {

using test::read_file;

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("sabbat-writer-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

Match start(const std::string& game_id, int players, uint64_t seed) {
  const Game* game = registry().find(game_id);
  EXPECT_NE(game, nullptr);
  auto setup = game->setup(players, {}, seed);
  EXPECT_TRUE(setup.ok());
  auto match = Match::start(*game, *setup);
  EXPECT_TRUE(match.ok());
  return std::move(match.value());
}

// The header is on disk before the first action: a game stopped at once is a valid record.
TEST(RecordWriter, HeaderIsWrittenAtOnce) {
  const std::string path = temp_path("header");
  Match m = start("sortileges", 3, 5);
  auto w = RecordWriter::create(path, m.record());
  ASSERT_TRUE(w.ok()) << w.error();
  auto back = read_record_file(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, m.record());
  EXPECT_TRUE(back->actions.empty());
}

// After every sync the file holds exactly the game so far, for every registered game, and
// the result line once the game is over.
TEST(RecordWriter, FileHoldsTheGameSoFarAfterEveryAction) {
  for (const auto& game : registry().games()) {
    SCOPED_TRACE(game->id());
    const std::string path = temp_path("so-far-" + game->id());
    Match m = start(game->id(), game->min_players(), 9);
    auto w = RecordWriter::create(path, m.record());
    ASSERT_TRUE(w.ok()) << w.error();
    std::vector<RandomBot> bots(size_t(game->min_players()));
    std::vector<Bot*> seats;
    for (auto& b : bots) seats.push_back(&b);
    Rng rng(Rng::mix(9, 1));
    size_t steps = 0;
    Status st = play_until_end(m.state(), seats, rng, [&](const Step& step) {
      Status applied = m.apply(step.seat, step.action, step.at);
      if (!applied) return applied;
      if (Status synced = w->sync(m.record()); !synced) return synced;
      // Reading back every few actions keeps the test quick on long games.
      if (++steps % 7 == 1 || m.state().terminal()) {
        auto back = read_record_file(path);
        EXPECT_TRUE(back.ok()) << back.error();
        if (back.ok()) {
          EXPECT_EQ(*back, m.record());
        }
      }
      return Status{};
    });
    ASSERT_TRUE(st.ok()) << st.error();
    EXPECT_EQ(w->actions_written(), m.record().actions.size());
    ASSERT_TRUE(m.record().result.has_value());
    EXPECT_EQ(read_file(path), m.record().text());
    // Nothing new: nothing written twice.
    ASSERT_TRUE(w->sync(m.record()).ok());
    EXPECT_EQ(read_file(path), m.record().text());
    std::filesystem::remove(path);
  }
}

// A full disk is reported with the system's reason, and the writer refuses from then on.
TEST(RecordWriter, FullDiskSaysSoAndStopsTheWriter) {
  Match m = start("sortileges", 2, 1);
  auto w = RecordWriter::create("/dev/full", m.record());
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error(), "cannot write '/dev/full': No space left on device");
}

TEST(RecordWriter, UnwritablePathSaysTheSystemsReason) {
  Match m = start("sortileges", 2, 1);
  auto w = RecordWriter::create("/nonexistent/dir/game.jsonl", m.record());
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error(), "cannot write '/nonexistent/dir/game.jsonl': No such file or directory");
}

// A writer created for a record that already holds actions writes them all at once (a game
// resumed from its record).
TEST(RecordWriter, CreatedMidGameWritesEverythingSoFar) {
  const std::string path = temp_path("mid");
  Match m = start("sortileges", 2, 4);
  ActionList legal;
  for (int i = 0; i < 5; ++i) {
    const Seat seat = m.state().actors().contains(0) ? 0 : 1;
    m.state().legal_actions(seat, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(m.apply(seat, legal.front(), 0).ok());
  }
  auto w = RecordWriter::create(path, m.record());
  ASSERT_TRUE(w.ok()) << w.error();
  EXPECT_EQ(read_file(path), m.record().text());
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace sabbat
