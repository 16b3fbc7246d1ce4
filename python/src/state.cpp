// sabbat.State, sabbat.new_game and sabbat.replay: a game being played, its record kept as
// core/record.hpp's Match keeps it, so that record() replays to the same game.
#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <sstream>

#include "bots/bot.hpp"
#include "core/bot.hpp"
#include "core/record.hpp"
#include "module.hpp"

namespace sabbat::python {

namespace {

class PyState {
 public:
  PyState(const Game& game, std::unique_ptr<State> state, std::optional<Record> record)
      : game_(&game), state_(std::move(state)), record_(std::move(record)) {}

  static PyState start(const std::string& id, std::optional<int> players, uint64_t seed,
                       const std::optional<py::dict>& params) {
    const Game& game = find_game(id);
    std::map<std::string, std::string> overrides;
    if (params)
      for (const auto& [name, value] : *params)
        overrides[py::str(name).cast<std::string>()] = param_text(value);
    auto setup = game.setup(players.value_or(game.default_players()), overrides, seed);
    if (!setup) throw py::value_error(setup.error());
    auto match = Match::start(game, *setup);
    if (!match) throw py::value_error(match.error());
    return PyState(game, match->state().clone(), match->record());
  }

  static PyState replayed(const std::string& text) {
    std::istringstream in(text);
    auto record = parse_record(in);
    if (!record) throw RecordError(record.error());
    // As `sabbat replay --check`: every line, the result included, must reproduce exactly.
    if (Status st = check_record(*record, registry()); !st) throw RecordError(st.error());
    auto match = replay(*record, registry());
    if (!match) throw RecordError(match.error());
    return PyState(match->game(), match->state().clone(), match->record());
  }

  std::string game_id() const { return game_->id(); }
  int players() const { return state_->players(); }
  GameTime now() const { return state_->now(); }

  std::vector<int> actors() const {
    std::vector<int> out;
    const SeatSet set = state_->actors();
    for (Seat s = 0; s < state_->players(); ++s)
      if (set.contains(s)) out.push_back(s);
    return out;
  }

  // What `viewer` may know of actors(): a seat whose move the table plays, or a witch asked in
  // secret, is shown as a person at the table would see it (core/game.hpp).
  std::vector<int> actors_seen_by(Seat viewer) const {
    check_seat(viewer, true);
    std::vector<int> out;
    const SeatSet set = state_->actors_seen_by(viewer);
    for (Seat s = 0; s < state_->players(); ++s)
      if (set.contains(s)) out.push_back(s);
    return out;
  }

  std::vector<std::string> legal_actions(Seat seat) const {
    check_seat(seat, false);
    state_->legal_actions(seat, legal_);
    std::vector<std::string> out;
    out.reserve(legal_.size());
    for (Action a : legal_) out.push_back(state_->action_text(a));
    return out;
  }

  uint32_t legal_count(Seat seat) const {
    check_seat(seat, false);
    return state_->legal_count(seat);
  }

  void apply(Seat seat, std::string_view text, GameTime time) {
    auto action = state_->parse_action(seat, text);
    if (!action) throw IllegalAction(action.error());
    // The canonical text goes into the record, whatever spelling was given.
    std::string canonical = record_ ? state_->action_text(*action) : std::string();
    if (Status st = state_->apply(seat, *action, time); !st) throw IllegalAction(st.error());
    if (!record_) return;
    record_->actions.push_back(
        {int64_t(record_->actions.size()) + 1, time, seat, std::move(canonical)});
    if (state_->terminal()) record_->result = RecordResult{state_->scores(), state_->ranks()};
  }

  std::string canonical(Seat seat, std::string_view text) const {
    auto action = state_->parse_action(seat, text);
    if (!action) throw IllegalAction(action.error());
    return state_->action_text(*action);
  }

  py::object deadline() const {
    auto d = state_->deadline();
    if (!d) return py::none();
    py::dict out;
    out["at"] = d->at;
    out["action"] = state_->action_text(d->action);
    return out;
  }

  bool is_over() const { return state_->terminal(); }
  std::vector<int> scores() const { return state_->scores(); }
  std::vector<int> ranks() const { return state_->ranks(); }

  // A game writes its views as text faster than it builds them as JSON trees (the server
  // asks for texts), and Python reads text faster than it converts a tree.
  py::object view(Seat viewer) const {
    static const py::object& loads =
        *new py::object(py::module_::import("json").attr("loads"));  // kept for the process
    return loads(view_json(viewer));
  }
  std::string view_json(Seat viewer) const {
    check_seat(viewer, true);
    const Seat one[] = {viewer};
    state_->view_texts(one, texts_);
    return std::move(texts_.front());
  }
  // The view of `viewer` as the terminal draws it.
  std::string render(Seat viewer, bool color) const {
    check_seat(viewer, true);
    return game_->render_view(state_->view(viewer), viewer, color);
  }
  py::object full_state() const { return to_python(state_->full_state()); }

  PyState clone() const { return PyState(*game_, state_->clone(), record_); }

  PyState sample_hidden(Seat viewer, uint64_t seed) const {
    check_seat(viewer, true);
    Rng rng(seed);
    // A redraw is not reached by the record's actions from its seed: it has no record.
    return PyState(*game_, state_->sample_hidden(viewer, rng), std::nullopt);
  }

  std::string record() const {
    if (!record_)
      throw py::value_error(
          "this state was redrawn by sample_hidden: no record reaches it from its seed");
    return record_->text();
  }

  bool same_as(const PyState& other) const {
    return game_ == other.game_ && state_->same_as(*other.state_);
  }

  const Game& game() const { return *game_; }
  const State& state() const { return *state_; }

 private:
  void check_seat(Seat seat, bool spectator_too) const {
    if ((seat >= 0 && seat < state_->players()) || (spectator_too && seat == kSpectator)) return;
    throw py::value_error("there is no seat " + std::to_string(seat) + "; seats are 0 to " +
                          std::to_string(state_->players() - 1) +
                          (spectator_too ? " (and -1, a spectator)" : ""));
  }

  const Game* game_;
  std::unique_ptr<State> state_;
  std::optional<Record> record_;  // none for a redrawn state
  mutable ActionList legal_;
  mutable std::vector<std::string> texts_;
};

// One of the engine's bots (bots/bot.hpp) at one seat of one game: it is handed the state as
// its seat sees it (everything else redrawn), and keeps what it remembers between moves.
class PyBot {
 public:
  PyBot(const std::string& id, const std::string& name, uint64_t seed)
      : game_(&find_game(id)), name_(name), rng_(seed) {
    auto bot = make_bot(name, *game_);
    if (!bot) throw py::value_error(bot.error());
    bot_ = std::move(bot.value());
  }

  py::object propose(const PyState& state, Seat seat) {
    if (&state.game() != game_)
      throw py::value_error("this bot plays " + game_->id() + ", not " + state.game_id());
    if (seat < 0 || seat >= state.players())
      throw py::value_error("there is no seat " + std::to_string(seat));
    std::optional<Proposal> proposal;
    std::string text;
    {
      py::gil_scoped_release unlocked;
      std::unique_ptr<State> redrawn;
      const State& seen = seen_by(*bot_, state.state(), seat, rng_, redrawn);
      proposal = bot_->propose(seen, seat, rng_);
      if (proposal) text = state.state().action_text(proposal->action);
    }
    if (!proposal) return py::none();
    py::dict out;
    out["action"] = text;
    out["at"] = proposal->at;
    return out;
  }

  const std::string& name() const { return name_; }

 private:
  const Game* game_;
  std::string name_;
  Rng rng_;
  std::unique_ptr<Bot> bot_;
};

}  // namespace

void bind_state(py::module_& m) {
  py::class_<PyState>(m, "State", "A game in progress (docs/python.md).")
      .def_property_readonly("game_id", &PyState::game_id)
      .def_property_readonly("players", &PyState::players)
      .def("now", &PyState::now, "The game time of the last action, in ms.")
      .def("actors", &PyState::actors, "The seats that may act now, in order.")
      .def("actors_seen_by", &PyState::actors_seen_by, py::arg("viewer"),
           "What `viewer` (a seat or sabbat.SPECTATOR) may know of actors(): a seat whose "
           "forced move the table plays looks asked, and a witch asked in secret looks idle.")
      .def("legal_actions", &PyState::legal_actions, py::arg("seat"),
           "The canonical texts of the legal actions of `seat` now.")
      .def("legal_count", &PyState::legal_count, py::arg("seat"),
           "How many legal actions `seat` has now (without listing them).")
      .def("apply", &PyState::apply, py::arg("seat"), py::arg("action_text"),
           py::arg("time_ms") = 0,
           "Applies an action of `seat` (or sabbat.CLOCK) at game time `time_ms`; raises "
           "sabbat.IllegalAction with the engine's message and leaves the state unchanged.")
      .def("canonical", &PyState::canonical, py::arg("seat"), py::arg("action_text"),
           "The canonical text of an action as `seat` may type it now, legal or not; raises "
           "sabbat.IllegalAction for a text the game does not read.")
      .def("deadline", &PyState::deadline,
           "None, or {'at': ms, 'action': text}: what the clock applies when time reaches at.")
      .def("is_over", &PyState::is_over)
      .def("scores", &PyState::scores)
      .def("ranks", &PyState::ranks, "1 for the winners; equal results share a rank.")
      .def("view", &PyState::view, py::arg("seat"),
           "What `seat` (or sabbat.SPECTATOR) may know, as a dict, and nothing more.")
      .def("view_json", &PyState::view_json, py::arg("seat"), "view(seat) as JSON text.")
      .def("render", &PyState::render, py::arg("seat"), py::arg("color") = false,
           "view(seat) as text, as the terminal draws it; `color` allows ANSI colours.")
      .def("full_state", &PyState::full_state,
           "Everything, hidden parts included: for tests and auditing, never for a seat.")
      .def("clone", &PyState::clone, "An independent copy.")
      .def("sample_hidden", &PyState::sample_hidden, py::arg("viewer"), py::arg("seed"),
           "A state `viewer` cannot tell from this one: what it cannot see is redrawn.")
      .def("record", &PyState::record, "The game's record as JSON Lines text.")
      .def("same_as", &PyState::same_as, py::arg("other"),
           "True when `other` is the same game in the same state, hidden parts included.");
  py::class_<PyBot>(m, "Bot", "One of the engine's bots, for one seat of one game.")
      .def(py::init<const std::string&, const std::string&, uint64_t>(), py::arg("game_id"),
           py::arg("name"), py::arg("seed") = 0,
           "A bot by name, as --bot takes it: 'random', the game's own ('normal', 'expert'...), "
           "'mcts', 'mcts:N' or 'mcts:Nms'.")
      .def_property_readonly("name", &PyBot::name)
      .def("propose", &PyBot::propose, py::arg("state"), py::arg("seat"),
           "None (the bot would rather wait), or {'action': text, 'at': ms}: what the bot "
           "plays and the game time it would play it at. The bot sees only what `seat` sees.");
  m.def("new_game", &PyState::start, py::arg("game_id"), py::arg("players") = py::none(),
        py::arg("seed") = 0, py::arg("params") = py::none(),
        "A new game; `players` defaults to the game's default, `params` maps names to values.");
  m.def("replay", &PyState::replayed, py::arg("record_text"),
        "The state at the end of a record, checked as `sabbat replay --check` checks it; "
        "raises sabbat.RecordError for a record that does not reproduce.");
}

}  // namespace sabbat::python
