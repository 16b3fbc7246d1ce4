// Friends talk: a table's chat (docs/protocol.md, "Chat"). Seats write short texts and quick
// reactions that everyone at the table sees; spectators read, and write only if the owner
// allows; the owner can mute a seat. Texts are cleaned as names are, length- and rate-limited,
// kept with the table in the store and sent on arrival, never in a record or a view.
#include <gtest/gtest.h>

#include <set>

#include "play.hpp"
#include "server/protocol/names.hpp"
#include "server/table/chat.hpp"
#include "support/postgres_server.hpp"

namespace sabbat::server::testing {
namespace {

// The messages the client was sent up to the answer of a ping sent now.
std::vector<json> so_far(Client& c) {
  c.send({{"type", "ping"}, {"id", "so far"}});
  std::vector<json> out;
  for (json m = c.next(); !m.is_null() && m.value("type", "") != "pong"; m = c.next())
    out.push_back(m);
  return out;
}

std::vector<json> entries_in(const std::vector<json>& got) {
  std::vector<json> out;
  for (const json& m : got)
    if (m.value("type", "") == "chat")
      for (const json& e : m["entries"]) out.push_back(e);
  return out;
}

// The error a message gets; the asker's ref is "chat" or "chat_rules".
std::string refused(Client& c, const json& message) {
  c.send(message);
  json e = c.next_of("error");
  EXPECT_EQ(e.value("ref", ""), message.value("type", "")) << e.dump();
  EXPECT_FALSE(e.value("message", "").empty()) << e.dump();
  return e.value("code", "");
}

struct Table2 {
  Created t;
  Person a, b;
};

Table2 sortileges_table(uint16_t port) {
  Client creator(port);
  Table2 t;
  t.t = create_table(creator, {"sortileges", 2, {}, {}, false});
  t.a = join(port, t.t.table, 0, "Alice");
  t.b = join(port, t.t.table, 1, "Bea");
  return t;
}

// Texts are cleaned as names are: control characters (line breaks among them), bidi
// overrides, isolates and marks and zero-width characters go; markup is text like any other.
// Requirement (no server message over the bound): the recent entries sent on arrival come in
// parts when they are longer together than the bound, each part within it, numbered 1 to
// `parts`, together every entry in order; nobody wrote yet, nothing is sent.
TEST(ServerChat, TheRecentEntriesComeInPartsWithinTheMessageBound) {
  Chat chat;
  EXPECT_TRUE(chat.recent_frames(16 * 1024).empty());
  for (int i = 0; i < int(kChatRecent); ++i) {
    ChatEntry e;
    e.seat = Seat(i % 3);
    e.name = "Witch " + std::to_string(i % 3);
    // The longest a text may be once cleaned, in four-byte characters.
    for (std::size_t c = 0; c < kChatChars; ++c) e.text += "\U0001F9F9";
    e.at_ms = 1765080000000 + i;
    chat.add(std::move(e));
  }
  const std::size_t bound = 16 * 1024;
  const std::vector<Frame> parts = chat.recent_frames(bound);
  ASSERT_GE(parts.size(), 3u) << "50 entries of 800 bytes do not fit in 16 KiB";
  std::vector<int64_t> ids;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    EXPECT_LE(parts[k]->size(), bound) << "part " << k + 1;
    const json m = json::parse(*parts[k]);
    EXPECT_EQ(m["type"], "chat");
    EXPECT_EQ(m["recent"], true);
    EXPECT_EQ(m["part"], k + 1);
    EXPECT_EQ(m["parts"], parts.size());
    for (const json& e : m["entries"]) ids.push_back(e["id"].get<int64_t>());
  }
  ASSERT_EQ(ids.size(), kChatRecent);
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(ids[i], int64_t(i) + 1);
}

TEST(ServerChat, TextsAreCleanedAsNamesAre) {
  EXPECT_EQ(clean_chat_text("\x1b[2Jhi\a\r\nthere\u202e", kChatChars).value(), "[2Jhithere");
  EXPECT_EQ(clean_chat_text("<script>alert(1)</script>", kChatChars).value(),
            "<script>alert(1)</script>");
  EXPECT_EQ(clean_chat_text("bad \xff byte", kChatChars).value(), "bad \xEF\xBF\xBD byte");
  EXPECT_FALSE(clean_chat_text("\u200b\u202e\t", kChatChars));
  EXPECT_FALSE(clean_chat_text(std::string(201, 'x'), kChatChars));
  EXPECT_TRUE(clean_chat_text(std::string(200, 'x'), kChatChars));
}

// Every seat and the spectator see what a seat writes, cleaned; hostile texts that leave
// nothing visible, oversize texts, unknown reactions and malformed messages are refused with
// a clear error and told to nobody.
TEST(ServerChat, EveryoneSeesWhatASeatWritesAndHostileTextsChangeNothing) {
  TempDir dir;
  TestServer server(dir.path());
  Table2 t = sortileges_table(server.port());
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.t.table}});
  ASSERT_EQ(watcher.next().value("type", ""), "watching");

  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"text", std::string(201, 'x')}}), "malformed");
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"text", "\u202e\u200b\a\n"}}), "malformed");
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"reaction", "💀"}}), "malformed");
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"text", "x"}, {"reaction", "👍"}}),
            "malformed");
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}}), "malformed");
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"text", 7}}), "malformed");
  Client nowhere(server.port());
  EXPECT_EQ(refused(nowhere, {{"type", "chat"}, {"text", "hi"}}), "wrong-role");
  EXPECT_TRUE(entries_in(so_far(watcher)).empty()) << "a refused text is told to nobody";

  t.a.client->send({{"type", "chat"}, {"text", "  <b>bonsoir</b>\u202e\r\n & 🧹 "}});
  t.a.client->send({{"type", "chat"}, {"reaction", "🔥"}});
  for (Client* c : {t.a.client.get(), t.b.client.get(), &watcher}) {
    std::vector<json> got;
    while (got.size() < 2) {
      json m = c->next_of("chat");
      ASSERT_FALSE(m.is_null());
      EXPECT_FALSE(m["recent"].get<bool>());
      for (const json& e : m["entries"]) got.push_back(e);
    }
    EXPECT_EQ(got[0]["text"], "<b>bonsoir</b> & 🧹");
    EXPECT_EQ(got[0]["seat"], 0);
    EXPECT_EQ(got[0]["name"], "Alice");
    EXPECT_EQ(got[1]["reaction"], "🔥");
    EXPECT_FALSE(got[1].contains("text"));
    EXPECT_LT(got[0]["id"].get<int64_t>(), got[1]["id"].get<int64_t>());
  }
}

// A text frame that is not UTF-8 never reaches the chat: the WebSocket closes with 1007
// (invalid payload), and nobody is told anything.
TEST(ServerChat, InvalidUtf8NeverReachesTheTable) {
  TempDir dir;
  TestServer server(dir.path());
  Table2 t = sortileges_table(server.port());
  t.a.client->send_text("{\"type\":\"chat\",\"text\":\"bad \xff\xfe byte\"}");
  t.a.client->until_closed();
  EXPECT_TRUE(t.a.client->closed());
  EXPECT_EQ(t.a.client->close_code(), 1007);
  EXPECT_TRUE(entries_in(so_far(*t.b.client)).empty());
}

// A flood is refused beyond a burst of five, per connection and per seat: a second connection
// of the same seat (a rejoin) does not get a fresh budget.
TEST(ServerChat, AFloodIsRefusedPerConnectionAndPerSeat) {
  TempDir dir;
  TestServer server(dir.path());
  Table2 t = sortileges_table(server.port());
  int kept = 0, too_fast = 0;
  for (int i = 0; i < 8; ++i)
    t.a.client->send({{"type", "chat"}, {"text", "flood " + std::to_string(i)}});
  // The kept ones are told once stored, the refusals at once: read until all 8 are answered.
  while (kept + too_fast < 8) {
    json m = t.a.client->next();
    ASSERT_FALSE(m.is_null());
    if (m.value("type", "") == "chat") kept += int(m["entries"].size());
    if (m.value("code", "") == "chat-too-fast") ++too_fast;
  }
  EXPECT_EQ(kept, int(ChatBudget::kBurst));
  EXPECT_EQ(too_fast, 8 - int(ChatBudget::kBurst));
  // The same seat from another connection: still over its budget.
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.t.table}, {"token", t.a.token}});
  ASSERT_EQ(again.next().value("type", ""), "joined");
  EXPECT_EQ(refused(again, {{"type", "chat"}, {"text", "one more"}}), "chat-too-fast");
  // Another seat has its own.
  t.b.client->send({{"type", "chat"}, {"text", "my turn"}});
  EXPECT_FALSE(t.b.client->next_of("chat").is_null());
}

// The owner mutes a seat and lets spectators write; nobody else may; the rules show in the
// table's status.
TEST(ServerChat, TheOwnerMutesASeatAndOpensTheChatToSpectators) {
  TempDir dir;
  TestServer server(dir.path());
  Table2 t = sortileges_table(server.port());
  Client watcher(server.port());
  watcher.send({{"type", "watch"}, {"table", t.t.table}});
  ASSERT_EQ(watcher.next().value("type", ""), "watching");
  EXPECT_EQ(refused(watcher, {{"type", "chat"}, {"text", "may I?"}}), "chat-closed");
  EXPECT_EQ(refused(*t.b.client, {{"type", "chat_rules"}, {"owner", t.a.token}, {"mute", 0}}),
            "wrong-token");
  EXPECT_EQ(refused(*t.b.client, {{"type", "chat_rules"}, {"owner", t.t.owner}, {"mute", 2}}),
            "no-such-seat");

  t.b.client->send(
      {{"type", "chat_rules"}, {"owner", t.t.owner}, {"mute", 0}, {"spectators_write", true}});
  json status;
  do {
    status = watcher.next_of("table")["status"];
  } while (!status.is_null() && status["chat"]["muted"].empty());
  ASSERT_FALSE(status.is_null());
  EXPECT_EQ(status["chat"]["muted"], json::array({0}));
  EXPECT_TRUE(status["chat"]["spectators_write"].get<bool>());
  EXPECT_EQ(refused(*t.a.client, {{"type", "chat"}, {"text", "hello?"}}), "muted");
  watcher.send({{"type", "chat"}, {"reaction", "👏"}});
  json e = t.a.client->next_of("chat")["entries"][0];
  EXPECT_TRUE(e["seat"].is_null());
  EXPECT_TRUE(e["name"].is_null());
  EXPECT_EQ(e["reaction"], "👏");

  t.b.client->send({{"type", "chat_rules"}, {"owner", t.t.owner}, {"unmute", 0}});
  do {
    status = t.a.client->next_of("table")["status"];
  } while (!status.is_null() && !status["chat"]["muted"].empty());
  t.a.client->send({{"type", "chat"}, {"text", "back"}});
  json back;
  do {
    back = watcher.next_of("chat");
  } while (!back.is_null() && !back["entries"][0].contains("text"));
  ASSERT_FALSE(back.is_null());
  EXPECT_EQ(back["entries"][0]["text"], "back");
}

// The chat lives with the table: after a restart, a rejoin and a watch get the recent
// entries and the rules; the record holds none of it.
void kept_across_a_restart(ServerOptions options) {
  Created t;
  std::string token;
  {
    TestServer server(options);
    Table2 t2 = sortileges_table(server.port());
    t = t2.t;
    token = t2.a.token;
    t2.a.client->send({{"type", "chat"}, {"text", "before the night"}});
    t2.b.client->send({{"type", "chat"}, {"reaction", "✨"}});
    t2.b.client->send({{"type", "chat_rules"}, {"owner", t.owner}, {"spectators_write", true}});
    // The two entries and the new rules reach her in any order: read them in one loop, as
    // next_of would pass over the one it is not waiting for.
    size_t told = 0;
    bool opened = false;
    while (told < 2 || !opened) {
      const json m = t2.a.client->next();
      ASSERT_FALSE(m.is_null());
      if (m.value("type", "") == "chat") told += m["entries"].size();
      if (m.value("type", "") == "table")
        opened = m["status"]["chat"]["spectators_write"].get<bool>();
    }
    server.stop();
  }
  TestServer server(options);
  // Named in the URL, so that a server sharing a PostgreSQL store brings it from the store.
  Client a(server.port(), {}, "/ws?table=" + t.table);
  a.send({{"type", "rejoin"}, {"table", t.table}, {"token", token}});
  json recent = a.next_of("chat");
  ASSERT_FALSE(recent.is_null());
  EXPECT_TRUE(recent["recent"].get<bool>());
  ASSERT_EQ(recent["entries"].size(), 2u);
  // Two connections wrote: either may have come first.
  std::set<std::string> kept;
  for (const json& e : recent["entries"]) kept.insert(e.value("text", e.value("reaction", "")));
  EXPECT_EQ(kept, (std::set<std::string>{"before the night", "✨"}));
  Client watcher(server.port(), {}, "/ws?table=" + t.table);
  watcher.send({{"type", "watch"}, {"table", t.table}});
  json status = watcher.next_of("table")["status"];
  EXPECT_TRUE(status["chat"]["spectators_write"].get<bool>());
  EXPECT_EQ(watcher.next_of("chat")["entries"].size(), 2u);
  // New entries go on from the stored numbering.
  a.send({{"type", "chat"}, {"text", "after"}});
  EXPECT_EQ(watcher.next_of("chat")["entries"][0]["id"], 3);
}

TEST(ServerChat, IsKeptWithTheTableAcrossARestartSqlite) {
  TempDir dir;
  kept_across_a_restart(TestServer::options_for(dir.path()));
}

TEST(ServerChat, IsKeptWithTheTableAcrossARestartPostgres) {
  TempDir dir;
  sabbat::testing::TestDatabase db;
  ServerOptions o = TestServer::options_for(dir.path());
  o.store = db.url();
  kept_across_a_restart(o);
}

}  // namespace
}  // namespace sabbat::server::testing
