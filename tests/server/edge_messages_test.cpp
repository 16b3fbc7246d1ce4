// What the server makes of what a client writes in its messages: names as others are shown
// them, the answers to messages over the rate, table messages that would repeat, ping ids and
// seq numbers at their limits (docs/protocol.md).
#include <gtest/gtest.h>

#include <set>

#include "play.hpp"
#include "server/protocol/names.hpp"

namespace sabbat::server::testing {
namespace {

// Names: control characters, bidi embeddings, overrides, isolates and marks, zero-width
// characters and line or paragraph separators are removed; the limit counts what is left, in
// characters; a name with nothing visible left is refused.
TEST(ServerNames, AreCleanedThenCountedInCharacters) {
  EXPECT_EQ(clean_name("\x1b[2JMorgane\x07").value(), "[2JMorgane");
  EXPECT_EQ(clean_name("\u202eenagroM\u202c").value(), "enagroM");
  EXPECT_EQ(clean_name("\u2066Vi\u200bvi\u200d\ufeffane\u2069\u2028\u2029\u200f").value(),
            "Viviane");
  EXPECT_EQ(clean_name("  Baba Yaga \u00a0").value(), "Baba Yaga");
  EXPECT_EQ(clean_name("Mélusine 🧹").value(), "Mélusine 🧹");
  // 32 BEL and a name: the bells do not count.
  EXPECT_EQ(clean_name(std::string(32, '\a') + "Ann").value(), "Ann");
  // 32 characters of two bytes each are 32 characters, not 64.
  std::string thirty_two;
  for (int i = 0; i < 32; ++i) thirty_two += "é";
  EXPECT_TRUE(clean_name(thirty_two));
  auto long_one = clean_name(thirty_two + "é");
  ASSERT_FALSE(long_one);
  EXPECT_EQ(long_one.error(), "a name has at most 32 characters; this one has 33");
  for (std::string blank : {"", " ", "\a\a\a", "\u200b\u200d", "\u202e \u2069", "\t\n"}) {
    auto refused = clean_name(blank);
    ASSERT_FALSE(refused) << blank;
    EXPECT_NE(refused.error().find("visible character"), std::string::npos);
  }
}

// The cleaned name is what the other seats and the lobby's list show; a blank one is refused
// with the reason, and the seat stays free.
TEST(ServerNames, OthersAndTheLobbySeeTheCleanedName) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  TablePlan plan{"sortileges", 3, {}, {"", "", ""}};
  plan.listed = true;
  Created t = create_table(creator, plan);
  Person other = join(server.port(), t.table, 1, "Viviane");

  Client blank(server.port());
  blank.send({{"type", "join"}, {"table", t.table}, {"seat", 0}, {"name", "\u200b\a\u202e"}});
  json refused = blank.next();
  EXPECT_EQ(refused.value("code", ""), "malformed");
  EXPECT_NE(refused.value("message", "").find("visible character"), std::string::npos);

  Person p = join(server.port(), t.table, 0, std::string(32, '\a') + "\x1b[2JMorgane\u202e");
  json status;
  for (;;) {
    status = other.client->next_of("table");
    if (status["status"]["seats"][0].value("taken", false)) break;
  }
  EXPECT_EQ(status["status"]["seats"][0]["name"], "[2JMorgane");
  auto listed = http_get(server.port(), "/api/tables");
  json tables = json::parse(listed.body)["tables"];
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0]["seats"][0]["name"], "[2JMorgane");
  EXPECT_EQ(listed.body.find("\\u0007"), std::string::npos);
}

// A message over the rate is answered with what names it: the error's ref is its type, and an
// `act`'s seq comes back, so the client knows which of its actions were dropped.
TEST(ServerRateLimit, EveryDroppedActIsNamedByItsSeq) {
  TempDir dir;
  Limits limits;
  limits.messages_per_second = 5;
  TestServer server(dir.path(), limits);
  Client c(server.port());
  constexpr int kSent = 20;
  for (int seq = 1; seq <= kSent; ++seq)
    c.send({{"type", "act"}, {"seq", seq}, {"action", "anything"}});
  std::set<int> dropped, handled;
  for (int i = 0; i < kSent; ++i) {
    json m = c.next();
    if (m.value("code", "") == "rate-limited") {
      EXPECT_EQ(m.value("type", ""), "error") << m.dump();
      EXPECT_EQ(m.value("ref", ""), "act");
      dropped.insert(m.value("seq", -1));
    } else {
      // Not at a table: an act that went through is refused for its role.
      EXPECT_EQ(m.value("code", ""), "wrong-role") << m.dump();
      handled.insert(i);
    }
  }
  EXPECT_GE(dropped.size(), 1u);
  EXPECT_EQ(dropped.size() + handled.size(), size_t(kSent));
  for (int seq : dropped) EXPECT_TRUE(seq >= 1 && seq <= kSent);

  for (int i = 0; i < kSent; ++i) c.send({{"type", "watch"}, {"table", "x"}});
  bool limited = false;
  for (int i = 0; i < kSent; ++i) {
    json m = c.next();
    if (m.value("code", "") != "rate-limited") continue;
    limited = true;
    EXPECT_EQ(m.value("ref", ""), "watch") << m.dump();
  }
  EXPECT_TRUE(limited);
}

// A `table` message the same as the last one a connection got is not sent again: another
// connection rejoining a seat changes nothing the others are shown.
TEST(ServerTableMessages, AnUnchangedTableIsNotSentAgain) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 3, {}, {"", "", ""}});
  Person a = join(server.port(), t.table, 0, "Morgane");
  Person b = join(server.port(), t.table, 1, "Viviane");
  b.client->next_of("table");  // its own seat taken
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
  EXPECT_EQ(again.next().value("type", ""), "joined");
  // The new connection is told the table once.
  EXPECT_EQ(again.next().value("type", ""), "table");
  b.client->send({{"type", "ping"}, {"id", "after"}});
  for (json m = b.client->next(); m.value("type", "") != "pong"; m = b.client->next())
    ADD_FAILURE() << "sent although unchanged: " << m.dump();
  // Each connection's table messages: never twice the same in a row.
  json last;
  for (const json& m : b.client->received)
    if (m.value("type", "") == "table") {
      EXPECT_NE(m, last);
      last = m;
    }
}

// A ping's id: a scalar is echoed as written, an integer beyond 64 bits included; an object or
// an array is refused, naming what is allowed.
TEST(ServerPing, IdIsEchoedExactlyOrRefusedWithWhatIsAllowed) {
  TempDir dir;
  TestServer server(dir.path());
  Client c(server.port());
  c.send_text(R"({"type":"ping","id":123456789012345678901234567890})");
  c.next_of("pong");
  EXPECT_NE(c.last_text.find(R"("id":123456789012345678901234567890,)"), std::string::npos)
      << c.last_text;
  c.send_text(R"({"type":"ping","id":18446744073709551615})");
  c.next_of("pong");
  EXPECT_NE(c.last_text.find(R"("id":18446744073709551615,)"), std::string::npos);
  c.send_text(R"({"type":"ping","id":"x","id":-7})");  // the last one counts, as parsed
  EXPECT_EQ(c.next_of("pong")["id"], -7);
  c.send_text(R"({"type":"ping","id":2.5})");
  EXPECT_EQ(c.next_of("pong")["id"], 2.5);
  for (std::string id : {R"({"a":1})", "[1,2]"}) {
    c.send_text(R"({"type":"ping","id":)" + id + "}");
    json e = c.next();
    EXPECT_EQ(e.value("code", ""), "malformed") << id;
    EXPECT_EQ(e.value("ref", ""), "ping");
    EXPECT_NE(e.value("message", "").find("a string, a number, true, false or null"),
              std::string::npos);
  }
  c.send({{"type", "ping"}});
  EXPECT_FALSE(c.next_of("pong").contains("id"));
}

// A seq beyond 64 bits is an integer out of range, not "not an integer".
TEST(ServerRefusals, ASeqOutOfRangeSaysSo) {
  TempDir dir;
  TestServer server(dir.path());
  Client creator(server.port());
  Created t = create_table(creator, TablePlan{"sortileges", 2, {}, {"", ""}});
  Person a = join(server.port(), t.table, 0, "Morgane");
  for (std::string seq : {"1180591620717411303424", "9223372036854775808", "-1e30"}) {
    a.client->send_text(R"({"type":"act","action":"x","seq":)" + seq + "}");
    json e = a.client->next_of("error");
    EXPECT_EQ(e.value("code", ""), "malformed") << seq;
    EXPECT_NE(e.value("message", "").find("\"seq\" is out of range"), std::string::npos)
        << e.dump();
  }
  a.client->send_text(R"({"type":"act","action":"x","seq":1.5})");
  EXPECT_NE(a.client->next_of("error").value("message", "").find("must be an integer"),
            std::string::npos);
}

}  // namespace
}  // namespace sabbat::server::testing
