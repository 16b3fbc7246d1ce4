// Tokens at rest: the store keeps only SHA-256 digests of seat and owner tokens; stores
// written with plain tokens still work and are converted on loading.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "play.hpp"
#include "server/protocol/secrets.hpp"

namespace sabbat::server::testing {
namespace {

std::string stored_settings(const std::filesystem::path& dir, const std::string& code) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open((dir / "sabbat.db").string().c_str(), &db) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT settings FROM tables WHERE code = ?1", -1, &st, nullptr);
    sqlite3_bind_text(st, 1, code.c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW)
      out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  EXPECT_FALSE(out.empty()) << "no stored settings for " << code;
  return out;
}

void store_settings(const std::filesystem::path& dir, const std::string& code,
                    const std::string& settings) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "sabbat.db").string().c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "UPDATE tables SET settings = ?2 WHERE code = ?1", -1, &st, nullptr);
  sqlite3_bind_text(st, 1, code.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st, 2, settings.c_str(), -1, SQLITE_TRANSIENT);
  EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
  sqlite3_finalize(st);
  sqlite3_close(db);
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// FIPS 180-2's SHA-256 examples: the digest the store keeps is SHA-256 itself.
TEST(ServerTokens, DigestIsSha256OfTheFipsExamples) {
  EXPECT_EQ(token_digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(token_digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(token_digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(token_digest(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_TRUE(token_matches(token_digest("abc"), "abc"));
  EXPECT_FALSE(token_matches(token_digest("abc"), "abd"));
  EXPECT_TRUE(looks_like_token_digest(token_digest(new_token())));
}

// Requirement: tokens are not stored in plain text; the store holds their digests, and the
// tokens still rejoin and start the table.
TEST(ServerTokens, StoreKeepsDigestsNotTokens) {
  TempDir dir;
  Created t;
  Person a;
  {
    TestServer server(dir.path());
    Client creator(server.port());
    t = create_table(creator, TablePlan{"sortileges", 3, {}, {"", "", ""}, false});
    a = join(server.port(), t.table, 0, "Morgane");
    a.client.reset();
  }
  const std::string settings = stored_settings(dir.path(), t.table);
  EXPECT_EQ(settings.find(a.token), std::string::npos);
  EXPECT_EQ(settings.find(t.owner), std::string::npos);
  EXPECT_NE(settings.find(token_digest(a.token)), std::string::npos);
  EXPECT_NE(settings.find(token_digest(t.owner)), std::string::npos);

  TestServer server(dir.path());
  Client again(server.port());
  again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
  ASSERT_EQ(again.next().value("type", ""), "joined");
  // The digest itself is no token.
  Client thief(server.port());
  thief.send({{"type", "rejoin"}, {"table", t.table}, {"token", token_digest(a.token)}});
  EXPECT_EQ(thief.next().value("code", ""), "wrong-token");
  again.send({{"type", "start"}, {"owner", token_digest(t.owner)}});
  EXPECT_EQ(again.next_of("error").value("code", ""), "wrong-token");
  again.send({{"type", "start"}, {"owner", t.owner}});
  EXPECT_EQ(play_randomly(again, 3).value("type", ""), "result");
}

// Requirement: a store written before digests (plain tokens) still works after the upgrade,
// and its tokens are stored as digests from the first start on.
TEST(ServerTokens, PlainTokensOfAnOlderStoreStillWorkAndAreConverted) {
  TempDir dir;
  Created t;
  Person a;
  {
    TestServer server(dir.path());
    Client creator(server.port());
    t = create_table(creator, TablePlan{"sortileges", 3, {}, {"", "", ""}, false});
    a = join(server.port(), t.table, 0, "Morgane");
    a.client.reset();
  }
  // What an older server wrote: the tokens themselves.
  std::string older = stored_settings(dir.path(), t.table);
  replace_all(older, token_digest(a.token), a.token);
  replace_all(older, token_digest(t.owner), t.owner);
  store_settings(dir.path(), t.table, older);
  ASSERT_NE(stored_settings(dir.path(), t.table).find(a.token), std::string::npos);
  {
    TestServer server(dir.path());
    EXPECT_TRUE(server.logged("its tokens are now stored as digests"));
    Client again(server.port());
    again.send({{"type", "rejoin"}, {"table", t.table}, {"token", a.token}});
    ASSERT_EQ(again.next().value("type", ""), "joined");
    again.send({{"type", "start"}, {"owner", t.owner}});
    EXPECT_EQ(again.next_of("table").value("type", ""), "table");
  }
  const std::string settings = stored_settings(dir.path(), t.table);
  EXPECT_EQ(settings.find(a.token), std::string::npos);
  EXPECT_EQ(settings.find(t.owner), std::string::npos);
  EXPECT_NE(settings.find(token_digest(a.token)), std::string::npos);
}

}  // namespace
}  // namespace sabbat::server::testing
