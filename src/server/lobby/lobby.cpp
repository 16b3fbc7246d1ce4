#include "server/lobby/lobby.hpp"

#include "bots/bot.hpp"
#include "core/registry.hpp"
#include "core/untrusted.hpp"
#include "server/protocol/secrets.hpp"

namespace sabbat::server {

namespace {

ProtocolError bad_table(std::string message) {
  return {"bad-table", std::move(message), "create"};
}

// A seed as a decimal string (JSON numbers lose precision above 2^53 in many clients).
Result<uint64_t> parse_seed_text(const std::string& text) {
  if (text.empty() || text.size() > 20) return fail("\"seed\" is a decimal integer string");
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return fail("\"seed\" is a decimal integer string");
    const uint64_t digit = uint64_t(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return fail("\"seed\" is above 2^64-1");
    v = v * 10 + digit;
  }
  return v;
}

struct Request {
  const Game* game = nullptr;
  Setup setup;
  TableSettings settings;
  StandIns stand_ins;
  std::string owner;  // the owner token, told once to the creator; the settings keep its digest
};

std::variant<Request, ProtocolError> read_request(const ClientMessage& m, const Registry& games,
                                                  const Limits& limits) {
  const json& b = m.body;
  auto game_id = string_field(m, "game", 64);
  if (auto* e = std::get_if<ProtocolError>(&game_id)) return *e;
  auto game = games.get(std::get<std::string>(game_id));
  if (!game) return bad_table(game.error());
  const Game& g = **game;

  int players = g.default_players();
  if (auto it = b.find("players"); it != b.end() && !it->is_null()) {
    if (!it->is_number_integer()) return bad_table("\"players\" must be an integer");
    const int64_t n = it->get<int64_t>();
    if (n < g.min_players() || n > g.max_players())
      return bad_table(g.display_name() + " is played by " + std::to_string(g.min_players()) +
                       " to " + std::to_string(g.max_players()) + " players");
    players = int(n);
  }

  std::map<std::string, std::string> params;
  if (auto it = b.find("params"); it != b.end() && !it->is_null()) {
    if (!it->is_object()) return bad_table("\"params\" must be an object of name: \"value\"");
    for (auto p = it->begin(); p != it->end(); ++p) {
      if (!p.value().is_string())
        return bad_table("parameter values are strings, e.g. \"3\" or \"true\"");
      params[p.key()] = p.value().get<std::string>();
    }
  }

  // A table is played by people: the guards of bots and simulations (max_turns, max_flips)
  // are off unless the creator sets one, so that it ends by the game's rules.
  for (const auto& spec : g.param_specs())
    if (spec.is_guard()) params.try_emplace(spec.name, "0");

  uint64_t seed = 0;
  if (auto it = b.find("seed"); it != b.end() && !it->is_null()) {
    if (!it->is_string()) return bad_table("\"seed\" is a decimal integer string");
    auto s = parse_seed_text(it->get<std::string>());
    if (!s) return bad_table(s.error());
    seed = *s;
  } else {
    seed = random_seed();
  }
  auto setup = g.setup(players, params, seed);
  if (!setup) return bad_table(printable(setup.error(), 300));

  TableSettings settings;
  std::string owner = new_token();
  settings.owner_token = token_digest(owner);
  if (auto it = b.find("spectators"); it != b.end() && !it->is_null()) {
    if (!it->is_boolean()) return bad_table("\"spectators\" must be true or false");
    settings.spectators = it->get<bool>();
  }
  if (auto it = b.find("listed"); it != b.end() && !it->is_null()) {
    if (!it->is_boolean()) return bad_table("\"listed\" must be true or false");
    settings.listed = it->get<bool>();
  }
  StandIns stand_ins;
  stand_ins.after_ms = limits.stand_in_after.count();
  if (auto it = b.find("stand_in_after_ms"); it != b.end() && !it->is_null()) {
    const std::string allowed = "\"stand_in_after_ms\" is an integer from " +
                                std::to_string(kMinStandInAfterMs) + " to " +
                                std::to_string(kMaxStandInAfterMs) + " (ms of game time)";
    if (!it->is_number_integer()) return bad_table(allowed);
    const int64_t v = it->get<int64_t>();
    if (v < kMinStandInAfterMs || v > kMaxStandInAfterMs) return bad_table(allowed);
    stand_ins.after_ms = v;
  }
  settings.seats.resize(size_t(players));
  if (auto it = b.find("seats"); it != b.end() && !it->is_null()) {
    if (!it->is_array() || int(it->size()) > players)
      return bad_table("\"seats\" is an array of at most " + std::to_string(players) +
                       " entries: null, {\"human\":true} or {\"bot\":\"NAME\"}");
    for (size_t s = 0; s < it->size(); ++s) {
      const json& seat = (*it)[s];
      if (seat.is_null()) continue;
      if (!seat.is_object())
        return bad_table("seat " + std::to_string(s) +
                         ": null, {\"human\":true} or {\"bot\":\"NAME\"}");
      if (auto bot = seat.find("bot"); bot != seat.end()) {
        if (!bot->is_string()) return bad_table("seat " + std::to_string(s) + ": a bot's name");
        const std::string name = bot->get<std::string>();
        auto made = make_bot(name, g);
        if (!made) return bad_table(printable(made.error(), 300));
        settings.seats[s].bot = true;
        settings.seats[s].bot_name = name;
      }
    }
  }
  return Request{&g, std::move(*setup), std::move(settings), std::move(stand_ins),
                 std::move(owner)};
}

}  // namespace

Lobby::Lobby(boost::asio::io_context& ioc, Context& ctx, WriteAhead& store)
    : ioc_(ioc), ctx_(ctx), store_(store) {}

int Lobby::restore(const std::vector<StoredTable>& tables) {
  int restored = 0;
  for (const StoredTable& stored : tables) {
    auto table = Table::restore(ioc_, ctx_, store_, *this, stored);
    if (!table) {
      ctx_.log("restore: " + printable(table.error(), 300));
      continue;
    }
    std::lock_guard lock(mutex_);
    tables_.emplace(stored.code, std::move(*table));
    ++restored;
  }
  return restored;
}

void Lobby::create(const ClientMessage& message, const std::shared_ptr<Connection>& conn,
                   std::function<void(std::string)> made) {
  const auto refuse = [&](Frame f) {
    conn->send(std::move(f));
    if (made) made({});
  };
  auto request = read_request(message, ctx_.games(), ctx_.options.limits);
  if (auto* e = std::get_if<ProtocolError>(&request)) return refuse(error_frame(*e));
  Request& r = std::get<Request>(request);
  auto match = Match::start(*r.game, r.setup);
  if (!match) return refuse(error_frame("bad-table", printable(match.error(), 300), "create"));

  std::string code;
  {
    std::lock_guard lock(mutex_);
    int open = 0;
    for (const auto& [c, t] : tables_) open += !t || !t->finished();
    if (open >= ctx_.options.limits.max_tables) {
      ctx_.log("create refused: the server holds its maximum of " +
               std::to_string(ctx_.options.limits.max_tables) + " tables");
      return refuse(error_frame(
          "server-full", "the server holds its maximum number of tables; try later", "create"));
    }
    do code = new_table_code();
    while (tables_.count(code));
    tables_.emplace(code, nullptr);
  }
  const std::string owner = r.owner;
  const json created = {
      {"table", code}, {"game", match->record().game}, {"players", match->record().players}};
  auto table = Table::create(ioc_, ctx_, store_, *this, code, std::move(*match),
                             std::move(r.settings), std::move(r.stand_ins));
  {
    std::lock_guard lock(mutex_);
    tables_[code] = table;
  }
  table->open([this, conn, code, owner, created, made = std::move(made)](const Status& st) {
    if (!st) {
      ctx_.log.error("create failed in the store: " + printable(st.error(), 200));
      {
        std::lock_guard lock(mutex_);
        tables_.erase(code);
      }
      conn->send(error_frame("internal", "the server could not store the table", "create"));
      if (made) made({});
      return;
    }
    ctx_.log.event("table-created", "table " + code + " created", created);
    conn->send(frame({{"type", "created"},
                      {"table", code},
                      {"owner", owner},
                      {"invite", ctx_.public_url + "/t/" + code}}));
    if (made) made(code);
  });
}

std::shared_ptr<Table> Lobby::find(std::string_view code) const {
  if (!looks_like_table_code(code)) return nullptr;
  std::lock_guard lock(mutex_);
  auto it = tables_.find(code);
  if (it == tables_.end()) return nullptr;
  // In a cluster, a table that stopped playing here (moved away, or its store failed) is
  // brought back from the store by the next acquire().
  if (nodes_ && it->second && it->second->out_of_play()) return nullptr;
  return it->second;
}

void Lobby::acquire(const std::string& code,
                    std::function<void(bool reachable, std::shared_ptr<Table>)> done) {
  if (auto table = find(code); table || !nodes_ || !looks_like_table_code(code))
    return done(true, std::move(table));
  nodes_->bring(code,
                [done = std::move(done)](OtherNodes::Found found, std::shared_ptr<Table> table) {
                  done(found != OtherNodes::Found::Unavailable, std::move(table));
                });
}

std::shared_ptr<Table> Lobby::adopt(const StoredTable& stored) {
  auto table = Table::restore(ioc_, ctx_, store_, *this, stored);
  if (!table) {
    ctx_.log.error("cannot rebuild table " + stored.code + ": " + printable(table.error(), 300));
    return nullptr;
  }
  std::lock_guard lock(mutex_);
  tables_[stored.code] = *table;
  return *table;
}

std::shared_ptr<Table> Lobby::let_go(std::string_view code) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(code);
  if (it == tables_.end()) return nullptr;
  auto table = std::move(it->second);
  tables_.erase(it);
  return table;
}

std::vector<std::shared_ptr<Table>> Lobby::tables() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Table>> all;
  all.reserve(tables_.size());
  for (const auto& [code, table] : tables_) all.push_back(table);
  return all;
}

void Lobby::close_all() {
  std::lock_guard lock(mutex_);
  for (const auto& [code, table] : tables_)
    if (table) table->close_all();
}

void Lobby::check_store(std::function<void(const Status&)> done) {
  if (nodes_) return nodes_->check_store(std::move(done));
  store_.run([](Store& store) { return store.probe(); }, std::move(done));
}

}  // namespace sabbat::server
