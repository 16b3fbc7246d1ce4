// A store that refuses a write in the middle of a game (a full disk; for a node of a cluster,
// the table taken by another node): the table stops, and every act still awaiting its answer
// is refused with its seq before the connection closes (docs/protocol.md, `accepted` /
// `refused`), never left without an answer.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>

#include "harness.hpp"
#include "play.hpp"

namespace sabbat::server::testing {
namespace {

TEST(StoreFailure, AnActWhoseWriteFailsIsRefusedWithItsSeqBeforeTheClose) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  // Two people: while one has the move, nobody else writes to the store.
  const Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", ""}, false});
  std::vector<Person> people;
  for (int seat = 0; seat < 2; ++seat)
    people.push_back(join(server.port(), t.table, seat, "seat " + std::to_string(seat)));
  Person* mover = nullptr;
  std::vector<std::string> legal;
  for (int tries = 0; !mover && tries < 20; ++tries)
    for (Person& p : people) {
      const json state = p.client->next_of("state");
      if (legal = offered_texts(state); !legal.empty()) {
        mover = &p;
        break;
      }
    }
  ASSERT_NE(mover, nullptr) << "nobody was offered a move";

  // From now on no file may grow: the next write fails, as on a full disk.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit was{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &was), 0);
  const rlimit full{0, was.rlim_max};
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &full), 0);
  mover->client->send({{"type", "act"}, {"seq", 41}, {"action", legal.front()}});
  const std::vector<json> got = mover->client->until_closed();
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &was), 0);

  int answers = 0;
  bool refused_first = false, internal_after = false;
  for (const json& m : got) {
    const std::string type = m.value("type", "");
    if ((type == "accepted" || type == "refused") && m.value("seq", 0) == 41) {
      ++answers;
      refused_first = type == "refused" && m.value("code", "") == "not-stored" && !internal_after;
    }
    if (type == "error" && m.value("code", "") == "internal") internal_after = true;
  }
  EXPECT_EQ(answers, 1) << "the act was answered " << answers << " times";
  EXPECT_TRUE(refused_first) << "the act was not refused as not stored before the close";
  EXPECT_TRUE(internal_after) << "the close did not say the store failed";
  EXPECT_TRUE(mover->client->closed());
}

}  // namespace
}  // namespace sabbat::server::testing
