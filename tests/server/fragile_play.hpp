#pragma once
// People who play on through a server's death: a client that fails quietly, players who come
// back with their tokens, and the check that every action a client saw accepted is in the
// finished game's record. The crash test (one server killed and started again) and the
// cluster's failover test (a node killed, its tables taken over by others) share them.
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "harness.hpp"

namespace sabbat::server::testing {

struct CrashTable {
  std::string game;
  int players;
  std::vector<std::string> bots;  // "" for a person
  json params;
  std::string code;
};

// One person across the server's lives: its token, what it sent and what it saw accepted.
struct Player {
  size_t table = 0;
  int seat = 0;
  std::string token;
  Rng rng{1};
  // Waited before each action, so that games last; another thread may change it.
  std::atomic<std::chrono::milliseconds> think{std::chrono::milliseconds(0)};
  int64_t next_seq = 0;
  std::map<int64_t, std::string> sent;          // client seq -> action text
  std::map<int64_t, std::string> acknowledged;  // table seq ("at") -> action text
  std::atomic<int> accepted{0};                 // acknowledged.size(), for other threads
  int refused_not_stored = 0;
  std::atomic<bool> finished{false};
  std::vector<std::string> problems;
};

// Plays for `p` on the server at `port` until the connection dies or the game ends. The
// connection names its table (/ws?table=CODE), as a cluster's proxy needs. A connection the
// server closes itself (after an `error` `going-away` or `internal`) must have answered every
// act sent on it first (protocol.md); one that just breaks (the server died, or the proxy cut
// it) need not.
void play_one_life(uint16_t port, const std::string& code, Player& p);

// Two Sortilèges tables (one with a bot) and a short Du Balai ! race.
std::vector<CrashTable> new_round();

// Creates the round's tables and seats its people on a live server.
bool seat_round(uint16_t port, std::vector<CrashTable>& tables,
                std::vector<std::unique_ptr<Player>>& players, Rng& rng);

// Every acknowledged action is in the table's record at its seq, by its seat; the record
// passes --check and has its result.
void check_round(uint16_t port, const std::vector<CrashTable>& tables,
                 const std::vector<std::unique_ptr<Player>>& players);

}  // namespace sabbat::server::testing
