// The Game: parameters, new games, and the terminal rendering.
#include <string>

#include "games/bal-des-sorcieres/bal_des_sorcieres.hpp"
#include "games/bal-des-sorcieres/bot.hpp"
#include "games/bal-des-sorcieres/components.hpp"
#include "games/bal-des-sorcieres/render.hpp"
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

namespace {

class BalGame final : public Game {
 public:
  std::string id() const override { return "bal-des-sorcieres"; }
  std::string display_name() const override { return "Le Bal des Sorci\u00e8res"; }
  int min_players() const override { return kMinPlayers; }
  int max_players() const override { return kMaxPlayers; }
  int default_players() const override { return 4; }
  std::vector<ParamSpec> param_specs() const override { return specs(); }

  static const std::vector<ParamSpec>& specs() {
    static const std::vector<ParamSpec> all{
        ParamSpec::choice("level", {"easy", "medium", "hard"}, "easy",
                          "easy: potions and the white-vial spells; medium: also the "
                          "black-and-white ones; hard: also the black ones and their farces"),
        ParamSpec::boolean("heritage", false,
                           "the hard level's option: an eliminated witch gives her hand to the "
                           "one who eliminated her, who keeps as many cards as she had before"),
        ParamSpec::integer("first_seat", 0, 0, kMaxPlayers - 1,
                           "the seat of the youngest witch, who starts with Carabosse and the "
                           "Chat Noir; must be below the number of players"),
        ParamSpec::integer("window_ms", 10000, 1000, 600000,
                           "how long a reaction window (\u00c0 moi, nanan\u00e8re !, Boule de "
                           "cristal, Mon beau miroir) waits for its answers, in milliseconds; "
                           "then it closes as if the witches still to answer had passed"),
        ParamSpec::integer("window_min_ms", 1500, 0, 10000,
                           "the least time a reaction window stays open, whoever is asked, and "
                           "the least time of every turn before the table plays a forced move, "
                           "in milliseconds, so that the wait tells nothing; at most window_ms"),
        ParamSpec::choice("forced_moves", {"played", "asked"}, "played",
                          "played: a witch whose only legal move is the one the rules force on "
                          "her (take with no way to parry, pass with no potion, a Lutin farceur "
                          "alone) is not asked, the table plays it at window_min_ms (each witch "
                          "may say 'forced ask'); asked: every move is asked, as in records made "
                          "before this rule")
            .recorded_before("asked"),
        ParamSpec::boolean("incantation", false,
                           "each card played is read aloud: its formula (a potion's ingredient, "
                           "a spell's name) is typed after the move; a slip cancels the move"),
    };
    return all;
  }

  GameFacts facts() const override {
    return {.hidden_information = true, .chance = true, .real_time = false};
  }

  Result<std::unique_ptr<State>> new_state(const Setup& setup) const override {
    if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
      return fail("Le Bal des Sorci\u00e8res is played by 3 to 6 witches, not " +
                  std::to_string(setup.players));
    auto params = Params::make(specs(), setup.params.values());
    if (!params) return fail(params.error());
    Options o;
    o.players = setup.players;
    const std::string& level = params->text("level");
    o.level = level == "easy" ? Level::Facile : level == "medium" ? Level::Moyen : Level::Difficile;
    o.first_seat = int(params->integer("first_seat"));
    o.heritage = params->boolean("heritage");
    o.window_ms = params->integer("window_ms");
    o.window_min_ms = params->integer("window_min_ms");
    if (o.window_min_ms > o.window_ms)
      return fail("parameter 'window_min_ms' is " + std::to_string(o.window_min_ms) +
                  " but a window is open at most window_ms, " + std::to_string(o.window_ms));
    o.incantation = params->boolean("incantation");
    o.forced_played = params->text("forced_moves") == "played";
    // The book lists the option under "(niveau difficile)" only.
    if (o.heritage && o.level != Level::Difficile)
      return fail(
          "parameter 'heritage' is the hard level's option: set level=hard, or "
          "heritage=false");
    if (o.first_seat >= o.players)
      return fail("parameter 'first_seat' is " + std::to_string(o.first_seat) + " but with " +
                  std::to_string(o.players) + " players the seats are 0 to " +
                  std::to_string(o.players - 1));
    return std::unique_ptr<State>(std::make_unique<BalState>(o, setup.seed));
  }

  std::string render_view(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color);
  }
  std::string render_for_person(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color, kPeopleCount);
  }
  SeatWords seat_words() const override { return kSeatWords; }
  std::string rules_text() const override { return rules_summary(); }
  std::vector<Component> components() const override { return bal::components(); }

  // The heuristic bot (bot.hpp) by its level; "heuristic" is the normal one. The first is
  // the default.
  std::vector<std::string> bot_names() const override { return heuristic_bot_names(); }
  std::unique_ptr<Bot> make_bot(std::string_view name) const override {
    auto level = heuristic_level(name);
    return level ? make_heuristic_bot(*level) : nullptr;
  }
};

}  // namespace

std::unique_ptr<Game> make_game() {
  return std::make_unique<BalGame>();
}

}  // namespace sabbat::bal
