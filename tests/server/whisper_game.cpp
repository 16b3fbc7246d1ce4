#include "whisper_game.hpp"

namespace sabbat::server::testing {
namespace {

constexpr int kRounds = 2;
constexpr Action kAnswer{0};

class WhisperState : public State {
 public:
  explicit WhisperState(int players) : players_(players) {}

  int players() const override { return players_; }
  SeatSet actors() const override {
    if (terminal()) return {};
    return SeatSet(SeatSet::first(players_).bits() & ~answered_.bits());
  }
  SeatSet actors_seen_by(Seat viewer) const override {
    if (terminal()) return {};
    // Everyone else still looks asked; the viewer knows whether she answered.
    SeatSet seen = SeatSet::first(players_);
    if (viewer >= 0 && answered_.contains(viewer)) seen.remove(viewer);
    return seen;
  }
  bool secret_from_others(Seat seat, Action action, GameTime) const override {
    // Every answer but the one that closes the round.
    return action == kAnswer && actors().contains(seat) && actors().size() > 1;
  }
  void legal_actions(Seat seat, ActionList& out) const override {
    out.clear();
    if (actors().contains(seat)) out.push_back(kAnswer);
  }
  std::string action_text(Action) const override { return "answer"; }
  bool terminal() const override { return round_ >= kRounds; }
  std::vector<int> scores() const override {
    return std::vector<int>(answers_.begin(), answers_.begin() + players_);
  }
  json view(Seat viewer) const override {
    json v = {{"round", round_}};
    if (viewer >= 0) {
      v["answered"] = answered_.contains(viewer);
      v["answers"] = answers_[size_t(viewer)];
    }
    return v;
  }
  json full_state() const override {
    return {{"round", round_}, {"answered", answered_.bits()}, {"answers", scores()}};
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<WhisperState>(*this); }
  std::unique_ptr<State> sample_hidden(Seat viewer, Rng&) const override {
    // The others' answers of this round are what a seat cannot see: none, in the redraw.
    auto twin = std::make_unique<WhisperState>(*this);
    twin->answered_ = SeatSet();
    if (viewer >= 0 && answered_.contains(viewer)) twin->answered_.add(viewer);
    return twin;
  }
  bool same_as(const State& other) const override {
    const auto* o = dynamic_cast<const WhisperState*>(&other);
    return o && o->now() == now() && o->round_ == round_ && o->answered_ == answered_ &&
           o->answers_ == answers_;
  }

 protected:
  Status do_apply(Seat seat, Action action, GameTime now, Events* events) override {
    if (seat < 0 || action != kAnswer) return fail("only seats answer");
    answered_.add(seat);
    ++answers_[size_t(seat)];
    set_now(now);
    if (actors().empty()) {
      ++round_;
      answered_ = SeatSet();
      if (events)
        events->push_back({Audience::everyone(players_), "round-closed", "The round closes."});
    } else if (events) {
      events->push_back({Audience::only(seat), "answered", "You answer."});
    }
    return {};
  }
  Result<Action> do_parse_action(Seat, std::string_view text) const override {
    if (text == "answer") return kAnswer;
    return fail("the only action is 'answer'");
  }

 private:
  int players_;
  int round_ = 0;
  SeatSet answered_;
  std::array<int, 3> answers_{};
};

class WhisperGame : public Game {
 public:
  std::string id() const override { return "whisper"; }
  std::string display_name() const override { return "Whisper"; }
  int min_players() const override { return 2; }
  int max_players() const override { return 3; }
  std::vector<ParamSpec> param_specs() const override { return {}; }
  GameFacts facts() const override { return {.hidden_information = true}; }
  Result<std::unique_ptr<State>> new_state(const Setup& setup) const override {
    return std::unique_ptr<State>(std::make_unique<WhisperState>(setup.players));
  }
  std::string render_view(const json& view, Seat, bool) const override { return view.dump(); }
};

}  // namespace

std::unique_ptr<Game> make_whisper_game() {
  return std::make_unique<WhisperGame>();
}

const Registry& whisper_registry() {
  static const Registry games = [] {
    Registry r;
    r.add(make_whisper_game());
    return r;
  }();
  return games;
}

}  // namespace sabbat::server::testing
