// Fuzz target: any bytes as one client message, through the server's parse and dispatch
// (dispatch_client_message) to the lobby and the tables, without a network. Each input gets
// a fresh lobby holding two started tables (Sortilèges and Du Balai !, both seats joined) and
// one connection in the role the first byte picks: none, a seat of either table, or a
// spectator. In the text after it, "@T" stands for that table's code, "@K" for the seat's
// token and "@O" for the owner token, so that the fuzzer reaches past the secrets.
// Nothing may crash or leak; every answer is a JSON object with a "type"; an answer that is
// only errors or refusals leaves both tables' status as it was.
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "core/untrusted.hpp"
#include "fuzz_bytes.hpp"
#include "server/lobby/dispatch.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/context.hpp"
#include "store/store.hpp"

using namespace sabbat;
using namespace sabbat::server;

namespace {

// A store in memory, with the SQLite store's refusals that the tables rely on.
class MemoryStore final : public Store {
 public:
  Status create_table(const StoredTable& t) override {
    for (const auto& s : tables_)
      if (s.code == t.code) return fail("exists");
    tables_.push_back(t);
    return {};
  }
  Status save_settings(std::string_view code, std::string_view settings) override {
    if (StoredTable* t = find(code)) {
      t->settings = std::string(settings);
      return {};
    }
    return fail("no such table");
  }
  Status save_chat(std::string_view code, std::string_view chat) override {
    if (StoredTable* t = find(code)) {
      t->chat = std::string(chat);
      return {};
    }
    return fail("no such table");
  }
  Status append_actions(std::span<const StoredAction> actions) override {
    for (const StoredAction& a : actions) {
      StoredTable* t = find(a.table);
      if (!t || t->result || a.action.seq != int64_t(t->actions.size()) + 1)
        return fail("refused append");
      t->actions.push_back(a.action);
    }
    return {};
  }
  Status finish_table(std::string_view code, std::string_view result) override {
    StoredTable* t = find(code);
    if (!t || t->result) return fail("refused finish");
    t->result = std::string(result);
    return {};
  }
  Result<std::optional<StoredTable>> load_table(std::string_view code) override {
    StoredTable* t = find(code);
    return t ? std::optional<StoredTable>(*t) : std::nullopt;
  }
  Result<std::vector<std::string>> unfinished_tables() override {
    return std::vector<std::string>{};
  }
  void clear() { tables_.clear(); }

 private:
  StoredTable* find(std::string_view code) {
    for (auto& t : tables_)
      if (t.code == code) return &t;
    return nullptr;
  }
  std::vector<StoredTable> tables_;
};

// A connection that keeps what it is sent.
class Recorder final : public Connection {
 public:
  explicit Recorder(uint64_t id) : id_(id) {}
  uint64_t id() const override { return id_; }
  void send(Frame f) override {
    std::lock_guard lock(mutex_);
    frames_.push_back(std::move(f));
  }
  void close_with(Frame last, bool) override { send(std::move(last)); }
  void leave_table(Frame why) override {
    send(std::move(why));
    left_ = true;
  }
  std::vector<Frame> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(frames_, {});
  }
  bool left() const { return left_; }

 private:
  uint64_t id_;
  std::mutex mutex_;
  std::vector<Frame> frames_;
  bool left_ = false;
};

// One store and writer thread for the whole run (a thread per input would cost more than the
// input); the store is emptied after each input, once the writer is idle.
MemoryStore& shared_store() {
  static MemoryStore store;
  return store;
}
WriteAhead& shared_write_ahead() {
  static WriteAhead w(shared_store(), std::chrono::microseconds(0));
  return w;
}

struct World {
  boost::asio::io_context ioc;  // first: the tables' handlers end with it
  WriteAhead* write_ahead = &shared_write_ahead();
  std::unique_ptr<Context> ctx;
  std::unique_ptr<Lobby> lobby;
  uint64_t next_id = 1;

  World() {
    ServerOptions o;
    o.log = [](std::string_view) {};
    // The ready step's countdown ends at once: settle() then begins the real-time game.
    o.limits.countdown = std::chrono::milliseconds(0);
    ctx = std::make_unique<Context>(o);
    lobby = std::make_unique<Lobby>(ioc, *ctx, *write_ahead);
    ctx->lobby = lobby.get();
  }
  ~World() {
    lobby->close_all();
    settle();
    write_ahead->flush();
    shared_store().clear();
  }
  // Runs until the store and the strands have nothing left to do (timers stay pending).
  void settle() {
    for (int i = 0; i < 64; ++i) {
      write_ahead->flush();
      ioc.restart();
      if (ioc.poll() == 0) {
        write_ahead->flush();
        ioc.restart();
        if (ioc.poll() == 0) return;
      }
    }
  }
  std::vector<json> say(const std::shared_ptr<Recorder>& conn, std::shared_ptr<Table>& table,
                        std::string_view text) {
    std::vector<Frame> direct;
    dispatch_client_message(
        *ctx, ClientLink{conn, table, [&](Frame f) { direct.push_back(f); }, "fuzz"}, text);
    settle();
    if (conn->left()) table.reset();
    for (Frame f : conn->take()) direct.push_back(f);
    std::vector<json> out;
    for (const Frame& f : direct) {
      auto j = parse_untrusted_json(*f, {1 << 24, 64});
      if (!j || !j->is_object() || !j->contains("type") || !(*j)["type"].is_string())
        fuzz::broken("the server sent something that is not a message", *f);
      out.push_back(*j);
    }
    return out;
  }
};

struct Seated {
  std::string table, owner, token;
};

Seated seat_table(World& w, const char* game, const char* params) {
  auto creator = std::make_shared<Recorder>(w.next_id++);
  std::shared_ptr<Table> none;
  Seated s;
  for (const json& m : w.say(creator, none,
                             std::string(R"({"type":"create","players":2,"seed":"5","game":")") +
                                 game + R"(","params":)" + params + "}"))
    if (m["type"] == "created") {
      s.table = m["table"];
      s.owner = m["owner"];
    }
  if (s.table.empty()) fuzz::broken("the table was not created");
  return s;
}

json status_of(World& w, const std::string& code) {
  json out;
  if (auto t = w.lobby->find(code)) {
    t->status([&](json j) { out = std::move(j); });
    w.settle();
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 20000) return 0;
  World w;
  Seated sortileges = seat_table(w, "sortileges", "{}");
  Seated du_balai = seat_table(w, "du-balai", R"({"max_turns":"1"})");
  // Both seats of both tables are taken; the seat-0 connections are kept to act with.
  std::vector<std::shared_ptr<Recorder>> keep;
  std::vector<std::shared_ptr<Table>> held(4);
  std::string tokens[2];
  int k = 0;
  for (Seated* s : {&sortileges, &du_balai})
    for (int seat = 0; seat < 2; ++seat, ++k) {
      keep.push_back(std::make_shared<Recorder>(w.next_id++));
      for (const json& m : w.say(keep.back(), held[size_t(k)],
                                 R"({"type":"join","name":"n","seat":)" + std::to_string(seat) +
                                     R"(,"table":")" + s->table + "\"}"))
        if (m["type"] == "joined" && seat == 0) tokens[k / 2] = m["token"];
    }
  // Du Balai ! is real-time: both its people say ready, and it begins.
  for (int seat = 0; seat < 2; ++seat)
    w.say(keep[size_t(2 + seat)], held[size_t(2 + seat)], R"({"type":"ready"})");
  const uint8_t role = data[0] % 5;
  const bool on_du_balai = role == 2 || role == 4;
  const Seated& target = on_du_balai ? du_balai : sortileges;
  std::shared_ptr<Recorder> conn;
  std::shared_ptr<Table> table;
  if (role == 1 || role == 2) {
    conn = keep[on_du_balai ? 2 : 0];
    table = held[on_du_balai ? 2 : 0];
  } else {
    conn = std::make_shared<Recorder>(w.next_id++);
    if (role >= 3) w.say(conn, table, R"({"type":"watch","table":")" + target.table + "\"}");
  }
  conn->take();

  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::pair<std::string, std::string> marks[] = {
      {"@T", target.table}, {"@K", tokens[on_du_balai ? 1 : 0]}, {"@O", target.owner}};
  for (const auto& [mark, value] : marks)
    for (size_t at = text.find(mark); at != std::string::npos;
         at = text.find(mark, at + value.size()))
      text.replace(at, mark.size(), value);

  const json before[2] = {status_of(w, sortileges.table), status_of(w, du_balai.table)};
  const std::vector<json> answers = w.say(conn, table, text);
  bool only_refusals = !answers.empty();
  for (const json& m : answers) {
    const std::string type = m["type"];
    only_refusals &= type == "error" || type == "refused";
    if (type == "error" && (!m.contains("code") || !m["code"].is_string() ||
                            fuzz::has_control(m["code"].get<std::string>())))
      fuzz::broken("an error without a printable code", m.dump());
  }
  if (only_refusals) {
    const json after[2] = {status_of(w, sortileges.table), status_of(w, du_balai.table)};
    for (int i = 0; i < 2; ++i)
      if (after[i] != before[i])
        fuzz::broken("a refusal changed a table", before[i].dump() + " -> " + after[i].dump());
  }
  return 0;
}
