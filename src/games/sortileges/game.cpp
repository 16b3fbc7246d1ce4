// The Game: parameters, new games, and the terminal rendering.
#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include "games/sortileges/bot.hpp"
#include "games/sortileges/components.hpp"
#include "games/sortileges/render.hpp"
#include "games/sortileges/sortileges.hpp"
#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

namespace {

class SortilegesGame final : public Game {
 public:
  std::string id() const override { return "sortileges"; }
  std::string display_name() const override { return "Sortil\u00e8ges"; }
  int min_players() const override { return kMinPlayers; }
  int max_players() const override { return kMaxPlayers; }
  int default_players() const override { return 4; }

  std::vector<ParamSpec> param_specs() const override { return specs(); }

  // Built once: new_state reads them for every simulated game.
  static const std::vector<ParamSpec>& specs() {
    static const std::vector<ParamSpec> all{
        ParamSpec::choice("unclaimed", {"removed", "under-gratin"}, "removed",
                          "a couple card nobody placed under is removed from the game, or "
                          "returned face down under the Gratin to come out again later"),
        ParamSpec::integer("first_seat", 0, 0, kMaxPlayers - 1,
                           "the seat that plays first in round 1 (the youngest witch); must be "
                           "below the number of players"),
        ParamSpec::choice("first_player", {"rotates", "fixed"}, "rotates",
                          "who starts the later rounds: the next seat clockwise each round, or "
                          "always first_seat"),
    };
    return all;
  }

  GameFacts facts() const override {
    return {.hidden_information = true, .chance = true, .real_time = false};
  }

  Result<std::unique_ptr<State>> new_state(const Setup& setup) const override {
    if (setup.players < kMinPlayers || setup.players > kMaxPlayers)
      return fail("Sortil\u00e8ges is played by 2 to 6 players, not " +
                  std::to_string(setup.players));
    const auto& values = setup.params.values();
    // The values may come from elsewhere than Game::setup: check them again. Each is looked
    // up once, by its place in specs().
    std::array<std::string_view, 3> text{};
    for (size_t i = 0; i < specs().size(); ++i) {
      const ParamSpec& spec = specs()[i];
      auto it = values.find(spec.name);
      text[i] = it == values.end() ? std::string_view(spec.default_value) : it->second;
      if (it == values.end()) continue;
      if (auto st = spec.validate(it->second); !st) return fail(st.error());
    }
    Options o;
    o.players = setup.players;
    o.unclaimed = text[0] == "removed" ? Unclaimed::Removed : Unclaimed::UnderGratin;
    o.first_player = text[2] == "rotates" ? FirstPlayer::Rotates : FirstPlayer::Fixed;
    std::from_chars(text[1].data(), text[1].data() + text[1].size(), o.first_seat);
    if (o.first_seat >= o.players)
      return fail("parameter 'first_seat' is " + std::to_string(o.first_seat) + " but with " +
                  std::to_string(o.players) + " players the seats are 0 to " +
                  std::to_string(o.players - 1));
    return std::unique_ptr<State>(std::make_unique<SortilegesState>(o, setup.seed));
  }

  std::string render_view(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color);
  }
  // No action of Sortilèges names a seat: no seat_words.
  std::string render_for_person(const json& view, Seat viewer, bool color) const override {
    return render_view_text(view, viewer, color, kPeopleCount);
  }
  std::string rules_text() const override { return rules_summary(); }
  std::vector<Component> components() const override { return sortileges::components(); }

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
  return std::make_unique<SortilegesGame>();
}

}  // namespace sabbat::sortileges
