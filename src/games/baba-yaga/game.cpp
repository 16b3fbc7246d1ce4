// The Game: parameters, new games, and the terminal rendering.
#include <string>

#include "core/bot.hpp"
#include "core/key_screen.hpp"
#include "games/baba-yaga/baba_yaga.hpp"
#include "games/baba-yaga/bot.hpp"
#include "games/baba-yaga/components.hpp"
#include "games/baba-yaga/render.hpp"
#include "games/baba-yaga/screen.hpp"
#include "games/baba-yaga/state.hpp"

namespace sabbat::baba_yaga {

namespace {

std::string level_param(int seat) {
  return "level_" + std::to_string(seat);
}

class BabaYagaGame final : public Game {
 public:
  std::string id() const override { return "baba-yaga"; }
  std::string display_name() const override { return "Baba Yaga"; }
  int min_players() const override { return kMinPlayers; }
  int max_players() const override { return kMaxPlayers; }
  int default_players() const override { return 3; }

  std::vector<ParamSpec> param_specs() const override {
    std::vector<ParamSpec> out{
        ParamSpec::integer("study_time_ms", 20000, 1000, 600000,
                           "before the first turn, how long everyone may study the ingredient "
                           "faces, in ms (the study ends sooner when every player is ready)"),
        ParamSpec::integer("place_time_ms", 10000, 1000, 600000,
                           "how long the player left of the searcher has to place Baba Yaga, "
                           "in ms; then the clock places her at the north end"),
        ParamSpec::integer("move_time_ms", 5000, 200, 600000,
                           "a mover who has not moved Baba Yaga this long after the previous "
                           "move: the clock moves her for him, in ms"),
        ParamSpec::integer("choice_time_ms", 15000, 1000, 600000,
                           "how long a searcher has for a choice (a spell's target or tiles, "
                           "the Maison's tile), in ms; then the choice is lost"),
        ParamSpec::choice("forced_moves", {"played", "asked"}, "played",
                          "played: a spell aimed at an opponent when only one may be targeted "
                          "is aimed at her by the table, the searcher is not asked (she may say "
                          "'forced ask'); asked: every choice is asked, as in records made "
                          "before this rule")
            .recorded_before("asked"),
        ParamSpec::boolean("home_sweet_home", false,
                           "the expert variant Home Sweet Home: at the end of her turn the "
                           "searcher moves the Maison onto a forest tile of her choice"),
        ParamSpec::integer("max_turns", 40, 0, 100,
                           "a guard for bots and simulations, not in the rule book: if nobody "
                           "has cast three spells after this many turns, the game stops and the "
                           "most spells cast wins; 0: none (sabbat play's default: a table with "
                           "a person plays until a witch casts her third spell)"),
        ParamSpec::integer("max_flips", 48, 0, 1000,
                           "a guard for bots and simulations, not in the rule book: the tiles a "
                           "searcher may turn in one turn (a bot acting the instant it may "
                           "would turn and turn back forever); 0: none (sabbat play's default)"),
    };
    for (int s = 0; s < kMaxPlayers; ++s)
      out.push_back(ParamSpec::choice(
          level_param(s), {"balade", "cours-toujours", "sauve-qui-peut"}, "cours-toujours",
          "the level of seat " + std::to_string(s) +
              ": balade (Balade en forêt: 3 of 4 ingredients, her spells have no effect), "
              "cours-toujours (3 of 4, with effects), sauve-qui-peut (all 4, with effects)"));
    return out;
  }

  GameFacts facts() const override {
    return {.hidden_information = true, .chance = true, .real_time = true};
  }

  Result<std::unique_ptr<State>> new_state(const Setup& setup) const override {
    if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
      return fail("Baba Yaga is played by 2 to 5 players, not " + std::to_string(setup.players));
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
    o.study_time = std::stoll(get("study_time_ms", "20000"));
    o.place_time = std::stoll(get("place_time_ms", "10000"));
    o.move_time = std::stoll(get("move_time_ms", "5000"));
    o.choice_time = std::stoll(get("choice_time_ms", "15000"));
    o.max_turns = std::stoi(get("max_turns", "40"));
    o.max_flips = std::stoi(get("max_flips", "48"));
    o.home_sweet_home = get("home_sweet_home", "false") == "true";
    o.forced_played = get("forced_moves", "played") == "played";
    for (int s = 0; s < kMaxPlayers; ++s) {
      const std::string l = get(level_param(s), "cours-toujours");
      o.levels[size_t(s)] = l == "balade"           ? Level::Balade
                            : l == "sauve-qui-peut" ? Level::SauveQuiPeut
                                                    : Level::CoursToujours;
    }
    return std::unique_ptr<State>(std::make_unique<BabaYagaState>(o, setup.seed));
  }

  // People at three levels: memory and reaction times (bot.hpp).
  std::vector<Component> components() const override { return baba_yaga::components(); }
  std::vector<std::string> bot_names() const override { return {"seasoned", "novice", "expert"}; }
  std::unique_ptr<Bot> make_bot(std::string_view name) const override {
    auto level = person_level(name);
    return level ? make_person_bot(*level) : nullptr;
  }

  std::string render_view(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color);
  }
  std::string render_for_person(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color, kPeopleCount);
  }
  // `target 1`: the seat a spell targets.
  SeatWords seat_words() const override {
    static constexpr std::string_view kWords[] = {"target"};
    return kWords;
  }
  // The forest as a grid, a key per tile, a key to move Baba Yaga (screen.hpp).
  std::unique_ptr<KeyScreen> make_key_screen() const override {
    return baba_yaga::make_key_screen();
  }
};

}  // namespace

std::unique_ptr<Game> make_game() {
  return std::make_unique<BabaYagaGame>();
}

}  // namespace sabbat::baba_yaga
