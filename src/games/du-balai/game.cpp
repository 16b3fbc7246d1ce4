// The Game: parameters, new races, and the terminal rendering and screen.
#include <string>

#include "core/bot.hpp"
#include "games/du-balai/bot.hpp"
#include "games/du-balai/components.hpp"
#include "games/du-balai/du_balai.hpp"
#include "games/du-balai/render.hpp"
#include "games/du-balai/screen.hpp"
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

namespace {

std::string pilot_param(int seat) {
  return "pilot_" + std::to_string(seat);
}

class DuBalaiGame final : public Game {
 public:
  std::string id() const override { return "du-balai"; }
  std::string display_name() const override { return "Du Balai !"; }
  int min_players() const override { return kMinPlayers; }
  int max_players() const override { return kMaxPlayers; }
  int default_players() const override { return 4; }

  std::vector<ParamSpec> param_specs() const override {
    std::vector<ParamSpec> out{
        ParamSpec::integer("setup_time_ms", 30000, 1000, 600000,
                           "the time novice pilots have to choose their square (5, 6 or 7) "
                           "before the first roll, in ms"),
        ParamSpec::integer("late_novice_square", 5, 5, 7,
                           "the square the clock gives a novice pilot who has not chosen hers "
                           "when setup_time_ms runs out"),
        ParamSpec::integer("book_time_ms", 20000, 1000, 600000,
                           "the book never closes by itself while some witch may close it; "
                           "only when no witch may (all on square -2) does it close after this "
                           "time, in ms, with no closer and no penalty"),
        ParamSpec::integer("formula_time_ms", 30000, 1000, 600000,
                           "the time to write a formula (phase 2), in ms; a witch who writes "
                           "nothing does not move"),
        ParamSpec::integer("decret_time_ms", 10000, 1000, 60000,
                           "how long Décret opens the book to its player, in ms"),
        ParamSpec::integer("decret_time_expert_ms", 5000, 1000, 60000,
                           "how long Décret opens the book to an expert pilot, in ms"),
        ParamSpec::integer("reaction_time_ms", 5000, 500, 60000,
                           "the window in which opponents may answer a spell with Brouillard "
                           "magique, in ms"),
        ParamSpec::integer("spell_time_ms", 15000, 1000, 600000,
                           "the time a witch has for each choice in phase 4 (spells, keeping a "
                           "Magie noire card), in ms; then the clock passes (or keeps the first "
                           "card drawn)"),
        ParamSpec::choice("forced_moves", {"played", "asked"}, "played",
                          "played: a witch whose only move is one the rules force on her (pass "
                          "holding nothing she may play, in phase 4 or a Brouillard window; keep "
                          "when the cards drawn are all alike) is not asked, the table plays it "
                          "at least_time_ms (each witch may say 'forced ask'); asked: every move "
                          "is asked, as in records made before this rule")
            .recorded_before("asked"),
        ParamSpec::integer("least_time_ms", 2000, 0, 60000,
                           "the least time each step of phase 4 and each Brouillard window "
                           "waits, whoever is asked, before the table plays a forced move, so "
                           "that the wait tells nothing, in ms (with forced_moves=played)")
            .recorded_before("2000"),
        ParamSpec::boolean("show_hands_at_end", false,
                           "at the end of the race, show every witch's Magie noire hand; by "
                           "default only the acrobatics are revealed, as in the rule book"),
        ParamSpec::integer(
            "max_turns", 50, 0, 500,
            "a guard for bots and simulations, not in the rule book: if nobody "
            "has crossed the line after this many turns, the race ends and every "
            "witch scores her square (plus acrobatics); 0: none (sabbat play's default, a table "
            "with a person plays until a witch crosses the line)"),
    };
    for (int s = 0; s < kMaxPlayers; ++s)
      out.push_back(ParamSpec::choice(
          pilot_param(s), {"normal", "novice", "expert"}, "normal",
          "the pilot of seat " + std::to_string(s) +
              ": normal; novice (starts on square 5, 6 or 7, her choice); expert (never gets "
              "the bonus of a perfect formula, Décret shows her the book 5 s)"));
    return out;
  }

  GameFacts facts() const override {
    return {.hidden_information = true, .chance = true, .real_time = true};
  }

  Result<std::unique_ptr<State>> new_state(const Setup& setup) const override {
    if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
      return fail("Du Balai ! is played by 2 to 6 players, not " + std::to_string(setup.players));
    // The values may come from elsewhere than Game::setup: check them again.
    const auto& values = setup.params.values();
    for (const auto& spec : param_specs()) {
      auto it = values.find(spec.name);
      if (it == values.end()) continue;
      if (auto st = spec.validate(it->second); !st) return fail(st.error());
    }
    auto get = [&](const std::string& name, const std::string& def) {
      auto it = values.find(name);
      return it == values.end() ? def : it->second;
    };
    Options o;
    o.players = setup.players;
    o.setup_time = std::stoll(get("setup_time_ms", "30000"));
    o.late_novice_square = std::stoi(get("late_novice_square", "5"));
    o.book_time = std::stoll(get("book_time_ms", "20000"));
    o.formula_time = std::stoll(get("formula_time_ms", "30000"));
    o.decret_time = std::stoll(get("decret_time_ms", "10000"));
    o.decret_time_expert = std::stoll(get("decret_time_expert_ms", "5000"));
    o.reaction_time = std::stoll(get("reaction_time_ms", "5000"));
    o.spell_time = std::stoll(get("spell_time_ms", "15000"));
    o.max_turns = std::stoi(get("max_turns", "50"));
    o.forced_played = get("forced_moves", "played") == "played";
    o.least_time = std::stoll(get("least_time_ms", "2000"));
    o.show_hands_at_end = get("show_hands_at_end", "false") == "true";
    for (int s = 0; s < kMaxPlayers; ++s) {
      const std::string p = get(pilot_param(s), "normal");
      o.pilots[size_t(s)] = p == "novice"   ? Pilot::Novice
                            : p == "expert" ? Pilot::Expert
                                            : Pilot::Normal;
      if (s >= o.players) o.pilots[size_t(s)] = Pilot::Normal;
    }
    return std::unique_ptr<State>(std::make_unique<DuBalaiState>(o, setup.seed));
  }

  // A reader of the book with a reaction time who may misremember a die (bot.hpp).
  std::vector<std::string> bot_names() const override {
    return {"simple", "novice", "normal", "expert"};
  }
  std::unique_ptr<Bot> make_bot(std::string_view name) const override {
    return make_named_bot(name);
  }

  std::string render_view(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color);
  }
  std::string render_for_person(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color, kPeopleCount);
  }
  SeatWords seat_words() const override { return kSeatWords; }
  std::string rules_text() const override { return rules_summary(); }
  std::vector<Component> components() const override { return du_balai::components(); }
  // The nine dice large, a countdown, and a key for each move (screen.hpp).
  std::unique_ptr<KeyScreen> make_key_screen() const override {
    return du_balai::make_key_screen();
  }
};

}  // namespace

std::unique_ptr<Game> make_game() {
  return std::make_unique<DuBalaiGame>();
}

}  // namespace sabbat::du_balai
