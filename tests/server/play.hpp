#pragma once
// Whole games through the server: people played by random clients on their own threads,
// bots by the server; and the check that every message a viewer received holds only what
// that viewer may know.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "harness.hpp"

namespace sabbat::server::testing {

struct TablePlan {
  std::string game;
  int players = 2;
  std::map<std::string, std::string> params;
  std::vector<std::string> bots;  // per seat: "" for a person, else the bot's name
  bool spectator = true;          // one spectator watches from the start
  std::string seed = "7";
  bool listed = false;   // shown in the lobby's list of open tables
  bool patches = false;  // people and spectator take views as patches (`view_patch`)
};

// Short clocks so that a real-time game ends in seconds, and `max_turns` turns where the game
// counts them (Du Balai !); nothing else differs from play.
std::map<std::string, std::string> quick_params(const Game& game, int max_turns);

// The id of every registered game, for the suites that run over all of them.
std::vector<std::string> game_ids();

struct Created {
  std::string table;
  std::string owner;
};
Created create_table(Client& c, const TablePlan& plan);

// A person at a seat, with everything it received.
struct Person {
  int seat = 0;
  std::string token;
  std::unique_ptr<Client> client;
};
Person join(uint16_t port, const std::string& table, int seat, const std::string& name,
            bool patches = false);

// Every person says ready, at a real-time game's table whose seats are all taken (its ready
// step; docs/protocol.md, "Ready, then the clock"); nothing at a turn-based one.
void say_ready(const Game& game, std::vector<Person>& people);

// The messages with every `view_patch` applied (RFC 6902, by nlohmann's implementation) to
// the view before it, and put as `view`, as a client that takes patches rebuilds them. Fails
// the test on a patch that does not apply, or that comes before any view. `patched`: how
// many states came as patches.
std::vector<json> with_patches_applied(const std::vector<json>& got, int* patched = nullptr);

// Every text a "state" message offers: its `legal` list and the texts of its `legal_forms`.
std::vector<std::string> offered_texts(const json& state);

// Acts on every state that offers legal actions (a random one) until the result or until
// `max_actions` of its actions were accepted; returns the last message read.
json play_randomly(Client& c, uint64_t seed, int max_actions = 1 << 30);

struct PlayedTable {
  Created created;
  std::vector<Person> people;
  std::unique_ptr<Client> spectator;
  Record record;
};
// The finished table's record as the server serves it, which must parse and pass
// check_record (the test fails otherwise, and gets nothing).
std::optional<Record> download_record(uint16_t port, const std::string& table);

// Creates the table, seats people and the spectator, plays to the end and downloads the
// record (which must pass check_record).
PlayedTable play_whole_game(uint16_t port, const TablePlan& plan);

// The number of the record's actions behind each seq `viewer` receives: its seq counts the
// actions told to it, not the secret ones of other seats (State::secret_from_others).
std::vector<size_t> actions_told(const Record& record, Seat viewer);

// The wire leak check: every "state" a viewer received equals what the engine gives that
// viewer after that many actions (view, events it may see, actors, legal actions, deadline),
// and stays the same when what the viewer cannot see is redrawn (sample_hidden).
void expect_wire_holds_only_what_viewer_sees(const Record& record, const std::vector<json>& got,
                                             Seat viewer);

}  // namespace sabbat::server::testing
