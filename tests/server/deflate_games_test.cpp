// Every game played whole with permessage-deflate negotiated, by clients of the tests' own
// (deflate_client.hpp: a bare socket and zlib, nothing of the server's code or Beast): every
// message the server sends is compressed (RSV1) and zlib inflates it to JSON, with the context
// kept and without it; the person's acts go compressed and are read. Over TLS too.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/registry.hpp"
#include "core/rng.hpp"
#include "deflate_client.hpp"
#include "play.hpp"
#include "tls_support.hpp"

namespace sabbat::server::testing {
namespace {

Limits fast() {
  Limits l;
  l.messages_per_second = 100000;
  return l;
}

// The person's seat: acts on every state that offers it something, until the result.
json play_to_the_end(DeflateClient& c, uint64_t seed) {
  Rng rng(seed);
  int64_t seq = 0;
  for (;;) {
    json m = c.next();
    if (m.is_null()) return m;
    const std::string type = m.value("type", "");
    if (type == "result") return m;
    if (type != "state") continue;
    const std::vector<std::string> legal = offered_texts(m);
    if (legal.empty()) continue;
    c.send(json{{"type", "act"},
                {"seq", ++seq},
                {"action", legal[size_t(rng.below(uint32_t(legal.size())))]}});
  }
}

// One person (seat 0) against random bots, both ends offering `offer`.
void play_compressed(uint16_t port, const Game& game, const std::string& offer) {
  const int players = std::max(2, game.min_players());
  std::vector<std::string> bots(size_t(players), "random");
  bots[0] = "";
  TablePlan plan{game.id(), players, quick_params(game, 2), bots};
  DeflateClient creator(port, offer);
  ASSERT_TRUE(creator.compressed()) << creator.extensions();
  json seats = json::array({json{{"human", true}}});
  for (int s = 1; s < players; ++s) seats.push_back({{"bot", "random"}});
  json params = json::object();
  for (const auto& [k, v] : plan.params) params[k] = v;
  creator.send(json{{"type", "create"},
                    {"game", game.id()},
                    {"players", players},
                    {"params", params},
                    {"seats", seats},
                    {"seed", "7"}});
  const json created = creator.next();
  ASSERT_EQ(created.value("type", ""), "created") << created.dump();

  DeflateClient person(port, offer);
  person.send(json{{"type", "join"}, {"table", created["table"]}, {"seat", 0}, {"name", "p"}});
  ASSERT_EQ(person.next().value("type", ""), "joined");
  if (game.facts().real_time) person.send(json{{"type", "ready"}});
  const json last = play_to_the_end(person, 11);
  ASSERT_FALSE(last.is_null()) << "closed with " << person.close_code << " after "
                               << person.last_text.substr(0, 300);
  EXPECT_EQ(last.value("type", ""), "result") << person.last_text.substr(0, 300);
  EXPECT_GT(person.messages, 10);
  EXPECT_EQ(person.plain_messages, 0) << "messages sent without RSV1";
  EXPECT_EQ(creator.plain_messages, 0);
}

class EveryGameCompressed : public ::testing::TestWithParam<std::string> {
 protected:
  const Game& game() const { return *registry().find(GetParam()); }
};

// The browsers' offer: the server keeps its context from message to message (the last state is
// the next one's dictionary).
TEST_P(EveryGameCompressed, WholeGameWithTheContextKept) {
  TempDir dir;
  TestServer server(dir.path(), fast());
  play_compressed(server.port(), game(), "permessage-deflate; client_max_window_bits");
}

// §7.1.1: every message on its own, both ways.
TEST_P(EveryGameCompressed, WholeGameWithoutContextTakeover) {
  TempDir dir;
  TestServer server(dir.path(), fast());
  play_compressed(server.port(), game(),
                  "permessage-deflate; server_no_context_takeover; client_no_context_takeover");
}

// Over WSS the frames are rewritten above TLS, the same way.
TEST_P(EveryGameCompressed, WholeGameOverTls) {
  TempDir dir;
  ServerOptions o = TestServer::options_for(dir.path() / "data", fast());
  const CertificateFiles cert = make_certificate(dir.path(), "first");
  o.tls_cert = cert.cert.string();
  o.tls_key = cert.key.string();
  TestServer server(o);
  TlsRelay relay(server.port(), cert.cert);
  play_compressed(relay.port(), game(), "permessage-deflate; client_max_window_bits");
}

INSTANTIATE_TEST_SUITE_P(EveryGame, EveryGameCompressed, ::testing::ValuesIn(game_ids()),
                         [](const auto& p) {
                           std::string name = p.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace sabbat::server::testing
