#include "play.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "core/registry.hpp"
#include "core/rng.hpp"

namespace sabbat::server::testing {

Created create_table(Client& c, const TablePlan& plan) {
  json seats = json::array();
  for (int s = 0; s < plan.players; ++s) {
    const std::string bot = s < int(plan.bots.size()) ? plan.bots[size_t(s)] : "";
    seats.push_back(bot.empty() ? json{{"human", true}} : json{{"bot", bot}});
  }
  json params = json::object();
  for (const auto& [k, v] : plan.params) params[k] = v;
  c.send({{"type", "create"},
          {"game", plan.game},
          {"players", plan.players},
          {"params", params},
          {"seats", seats},
          {"seed", plan.seed},
          {"listed", plan.listed}});
  json created = c.next();
  EXPECT_EQ(created.value("type", ""), "created") << created.dump();
  return {created.value("table", ""), created.value("owner", "")};
}

Person join(uint16_t port, const std::string& table, int seat, const std::string& name,
            bool patches) {
  Person p;
  p.seat = seat;
  p.client = std::make_unique<Client>(port);
  json hello = {{"type", "join"}, {"table", table}, {"seat", seat}, {"name", name}};
  if (patches) hello["patches"] = true;
  p.client->send(hello);
  json joined = p.client->next();
  EXPECT_EQ(joined.value("type", ""), "joined") << joined.dump();
  EXPECT_EQ(joined.value("seat", -1), seat);
  p.token = joined.value("token", "");
  return p;
}

void say_ready(const Game& game, std::vector<Person>& people) {
  if (!game.facts().real_time) return;
  for (Person& p : people) p.client->send({{"type", "ready"}});
}

std::vector<std::string> offered_texts(const json& state) {
  std::vector<std::string> out;
  for (const json& a : state["legal"]) out.push_back(a.get<std::string>());
  if (auto forms = state.find("legal_forms"); forms != state.end())
    for (const json& f : *forms) {
      auto form = form_from_json(f);
      EXPECT_TRUE(form.has_value()) << f.dump();
      if (form) expand_form(*form, out);
    }
  return out;
}

std::vector<json> with_patches_applied(const std::vector<json>& got, int* patched) {
  std::vector<json> out;
  json view;  // the last view, null before the first
  for (const json& m : got) {
    out.push_back(m);
    if (m.value("type", "") != "state") continue;
    json& state = out.back();
    if (auto p = state.find("view_patch"); p != state.end()) {
      EXPECT_FALSE(state.contains("view")) << "a state holds both a view and a patch";
      EXPECT_FALSE(view.is_null()) << "a patch came before any view: " << m.dump();
      EXPECT_FALSE(state["snapshot"].get<bool>()) << "a snapshot came as a patch";
      try {
        view = view.patch(*p);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "the patch does not apply (" << e.what() << "): " << p->dump();
      }
      state.erase("view_patch");
      state["view"] = view;
      if (patched) ++*patched;
    } else {
      view = state["view"];
    }
  }
  return out;
}

json play_randomly(Client& c, uint64_t seed, int max_actions) {
  Rng rng(seed);
  int64_t seq = 0;
  int accepted = 0;
  json last;  // the last action sent
  for (;;) {
    json m = c.next();
    if (m.is_null()) return m;
    const std::string type = m.value("type", "");
    if (type == "result") return m;
    if (type == "accepted" && ++accepted >= max_actions) return m;
    if (type == "error" && m.value("code", "") == "rate-limited") {
      // Faster than a person plays: the server ignored the action; wait and send it again.
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      c.send(last);
      continue;
    }
    if (type != "state") continue;
    const std::vector<std::string> legal = offered_texts(m);
    if (legal.empty()) continue;
    const auto& pick = legal[size_t(rng.below(uint32_t(legal.size())))];
    last = {{"type", "act"}, {"seq", ++seq}, {"action", pick}};
    c.send(last);
  }
}

PlayedTable play_whole_game(uint16_t port, const TablePlan& plan) {
  PlayedTable t;
  Client creator(port);
  t.created = create_table(creator, plan);
  if (plan.spectator) {
    t.spectator = std::make_unique<Client>(port);
    json hello = {{"type", "watch"}, {"table", t.created.table}};
    if (plan.patches) hello["patches"] = true;
    t.spectator->send(hello);
    EXPECT_EQ(t.spectator->next().value("type", ""), "watching");
  }
  for (int s = 0; s < plan.players; ++s)
    if (s >= int(plan.bots.size()) || plan.bots[size_t(s)].empty())
      t.people.push_back(join(port, t.created.table, s, "seat " + std::to_string(s), plan.patches));
  if (const Game* game = registry().find(plan.game)) say_ready(*game, t.people);
  // Friends talk at the table: what they write must never carry anything of the game (the
  // leak check below reads every chat frame).
  for (Person& p : t.people)
    p.client->send({{"type", "chat"}, {"text", "seat " + std::to_string(p.seat) + " says hello"}});
  std::vector<std::thread> threads;
  for (Person& p : t.people)
    threads.emplace_back([&p] {
      json last = play_randomly(*p.client, 1000 + uint64_t(p.seat));
      EXPECT_EQ(last.value("type", ""), "result") << "seat " << p.seat;
    });
  if (t.spectator)
    threads.emplace_back(
        [&t] { EXPECT_EQ(t.spectator->next_of("result").value("type", ""), "result"); });
  for (auto& th : threads) th.join();

  if (auto record = download_record(port, t.created.table)) t.record = std::move(*record);
  return t;
}

std::optional<Record> download_record(uint16_t port, const std::string& table) {
  auto answer = http_get(port, "/api/tables/" + table + "/record");
  EXPECT_EQ(answer.status, 200) << answer.body;
  std::istringstream in(answer.body);
  auto record = parse_record(in);
  EXPECT_TRUE(record.ok()) << (record ? "" : record.error());
  if (!record) return std::nullopt;
  Status checked = check_record(*record, registry());
  EXPECT_TRUE(checked.ok()) << (checked ? "" : checked.error());
  if (!checked) return std::nullopt;
  return std::move(*record);
}

std::map<std::string, std::string> quick_params(const Game& game, int max_turns) {
  std::map<std::string, std::string> out;
  for (const ParamSpec& p : game.param_specs()) {
    if (p.kind != ParamSpec::Kind::Integer) continue;
    if (p.name.ends_with("_ms")) out[p.name] = std::to_string(p.min);
    if (p.name == "max_turns") out[p.name] = std::to_string(max_turns);
  }
  return out;
}

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const auto& g : registry().games()) ids.push_back(g->id());
  return ids;
}

namespace {

// The legal actions as a state message gives them: {"legal": [...]} and, when the engine
// describes some by forms, "legal_forms".
json legal_texts(const State& s, Seat viewer) {
  json out = {{"legal", json::array()}};
  if (viewer < 0 || !s.actors().contains(viewer)) return out;
  LegalDescription d;
  s.describe_legal(viewer, d);
  for (Action a : d.listed) out["legal"].push_back(s.action_text(a));
  for (const LegalForm& f : d.forms) out["legal_forms"].push_back(form_json(f));
  return out;
}

json legal_of(const json& m) {
  json out = {{"legal", m["legal"]}};
  if (m.contains("legal_forms")) out["legal_forms"] = m["legal_forms"];
  return out;
}

json seen_events(const Events& events, Seat viewer) {
  json out = json::array();
  for (const Event& e : events)
    if (e.audience.sees(viewer))
      out.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  return out;
}

// What `viewer` may know of whom the game waits for.
json actor_list(const State& s, Seat viewer) {
  json out = json::array();
  const SeatSet seen = s.actors_seen_by(viewer);
  for (Seat x = 0; x < s.players(); ++x)
    if (seen.contains(x)) out.push_back(x);
  return out;
}

}  // namespace

std::vector<size_t> actions_told(const Record& record, Seat viewer) {
  std::vector<size_t> told = {0};
  const Game* game = registry().find(record.game);
  if (!game) return told;
  auto setup = game->setup(record.players, record.params, record.seed);
  if (!setup) return told;
  auto start = game->new_state(*setup);
  if (!start) return told;
  std::unique_ptr<State> before = std::move(*start);
  size_t k = 0;
  (void)replay(record, registry(), [&](const State& after) {
    const RecordedAction& a = record.actions[k++];
    bool secret = false;
    if (a.seat >= 0 && a.seat != viewer)
      if (auto action = before->parse_action(a.seat, a.action))
        secret = before->secret_from_others(a.seat, *action, a.time);
    if (!secret) told.push_back(k);
    before = after.clone();
  });
  return told;
}

void expect_wire_holds_only_what_viewer_sees(const Record& record, const std::vector<json>& got,
                                             Seat viewer) {
  const Game* game = registry().find(record.game);
  ASSERT_NE(game, nullptr);
  auto setup = game->setup(record.players, record.params, record.seed);
  ASSERT_TRUE(setup.ok());
  auto first = game->new_state(*setup);
  ASSERT_TRUE(first.ok());
  // The state after each number of actions, and the events of each action.
  std::vector<std::unique_ptr<State>> states;
  std::vector<Events> events(1);
  states.push_back((*first)->clone());
  auto replayed = replay_with_events(record, registry(),
                                     [&](const RecordedAction&, const State& s, const Events& e) {
                                       states.push_back(s.clone());
                                       events.push_back(e);
                                     });
  ASSERT_TRUE(replayed.ok());

  const std::vector<size_t> told = actions_told(record, viewer);
  ASSERT_LE(told.back(), states.size() - 1);

  Rng rng(99);
  int64_t last_seq = -1;
  int checked = 0;
  for (const json& m : got) {
    if (m.value("type", "") == "chat") {
      // A chat frame is the people's words and nothing else: no view, no legal action, no
      // deadline, and each text one a person wrote (play_whole_game).
      for (const auto& [key, value] : m.items())
        EXPECT_TRUE(key == "type" || key == "recent" || key == "entries") << m.dump();
      for (const json& e : m["entries"]) {
        for (const auto& [key, value] : e.items())
          EXPECT_TRUE(key == "id" || key == "seat" || key == "name" || key == "at" ||
                      key == "text" || key == "reaction")
              << e.dump();
        const std::string seat = e["seat"].is_null() ? "?" : std::to_string(e["seat"].get<int>());
        EXPECT_EQ(e.value("text", ""), "seat " + seat + " says hello") << e.dump();
        EXPECT_EQ(e.value("name", ""), "seat " + seat) << e.dump();
      }
      continue;
    }
    if (m.value("type", "") != "state") continue;
    const int64_t seq = m["seq"].get<int64_t>();
    ASSERT_LT(seq, int64_t(told.size()));
    const bool snapshot = m["snapshot"].get<bool>();
    // Every action told to the viewer reaches it once, in order.
    if (!snapshot && last_seq >= 0) {
      EXPECT_EQ(seq, last_seq + 1) << "viewer " << viewer;
    }
    last_seq = seq;
    const size_t at = told[size_t(seq)];
    const State& s = *states[at];
    EXPECT_EQ(m["view"], s.view(viewer)) << "viewer " << viewer << " seq " << seq;
    EXPECT_EQ(m["events"], snapshot ? json::array() : seen_events(events[at], viewer))
        << "viewer " << viewer << " seq " << seq;
    EXPECT_EQ(m["actors"], actor_list(s, viewer));
    const bool playing =
        !m["legal"].empty() || m.contains("legal_forms") || !m["deadline"].is_null();
    if (playing) {
      EXPECT_EQ(legal_of(m), legal_texts(s, viewer)) << "viewer " << viewer;
    }
    if (auto d = s.deadline(); d && !m["deadline"].is_null()) {
      EXPECT_EQ(m["deadline"]["at"].get<GameTime>(), d->at);
    }
    if (!m["deadline"].is_null()) {
      EXPECT_TRUE(s.deadline().has_value());
    }
    // Redraw what the viewer cannot see: nothing it received may change.
    for (int k = 0; k < 2; ++k) {
      auto twin = s.sample_hidden(viewer, rng);
      EXPECT_EQ(m["view"], twin->view(viewer)) << "viewer " << viewer << " seq " << seq;
      EXPECT_EQ(m["actors"], actor_list(*twin, viewer)) << "viewer " << viewer << " seq " << seq;
      if (playing) {
        EXPECT_EQ(legal_of(m), legal_texts(*twin, viewer)) << "viewer " << viewer;
      }
      auto d = twin->deadline();
      EXPECT_EQ(d.has_value(), s.deadline().has_value());
      if (d) {
        EXPECT_EQ(d->at, s.deadline()->at);
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 0) << "viewer " << viewer << " received no state";
}

}  // namespace sabbat::server::testing
