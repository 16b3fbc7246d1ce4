// Canonical action texts: "attack 2 with 2 rouge + fantome", "attack all with 1 bleu +
// sortilege", "attack all with 1 bleu + sortilege + tresor", "parry", "parry + tresor", "parry
// with abracadabra", "balai 3", "baguette", "take", "lutin", "lutin + tresor", "pass", "throw
// rouge", "keep", "drop vert", "discard fantome", "lose 2"; in reaction windows "pass",
// "nananere", "boule", "miroir 3"; for Boule de cristal "give vert"; the clock's "time-up". In
// the incantation mode the formulas follow: "attack 2 with 1 rouge + fantome : Queue de lézard;
// Fantôme", "parry : ?".
#include <charconv>
#include <sstream>
#include <vector>

#include "games/bal-des-sorcieres/incantation.hpp"

namespace sabbat::bal {

namespace {

std::string slug(Kind k) {
  return std::string(kind_info(k).slug);
}

std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool number(const std::string& w, int& out) {
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && p == w.data() + w.size();
}

constexpr std::string_view kForms =
    "expected \"attack <seat|all> with <1|2> <gris|bleu|vert|jaune|rouge> [+ <spell>]\", "
    "\"parry [+ <spell>]\", \"parry with abracadabra\", \"balai <seat>\", \"baguette\", "
    "\"take\", \"lutin [+ tresor]\", \"pass\", \"throw <kind>\", \"keep\", \"drop <kind>\", "
    "\"discard <spell>\", \"lose <seat>\", \"nananere\", \"boule\", \"miroir <seat>\" or "
    "\"give <kind>\"";

std::string move_text(const Decoded& d) {
  const std::string spell =
      d.spell == kNoSpell || d.spell >= kSpells ? "" : slug(kind_of(Spell(d.spell)));
  switch (d.type) {
    case ActionType::Attack:
      return "attack " + (d.target == kNobody ? std::string("all") : std::to_string(d.target)) +
             " with " + std::to_string(d.count) + " " +
             (d.colour < kColours ? slug(Kind(d.colour)) : "?") +
             (spell.empty() ? "" : " + " + spell) + (d.tresor ? " + tresor" : "");
    case ActionType::Parry:
      if (d.spell == uint8_t(Spell::Abracadabra)) return "parry with abracadabra";
      return spell.empty() ? "parry" : "parry + " + spell;
    case ActionType::Take:
      return "take";
    case ActionType::Balai:
      return "balai " + std::to_string(d.target);
    case ActionType::Baguette:
      return "baguette";
    case ActionType::Pass:
      return "pass";
    case ActionType::Lutin:
      return d.tresor ? "lutin + tresor" : "lutin";
    case ActionType::Throw:
      return "throw " + (d.colour < kKinds ? slug(Kind(d.colour)) : "?");
    case ActionType::Keep:
      return "keep";
    case ActionType::Drop:
      return "drop " + (d.colour < kKinds ? slug(Kind(d.colour)) : "?");
    case ActionType::Discard:
      return "discard " + (d.colour < kKinds ? slug(Kind(d.colour)) : "?");
    case ActionType::Lose:
      return "lose " + std::to_string(d.target);
    case ActionType::Nananere:
      return "nananere";
    case ActionType::Miroir:
      return "miroir " + std::to_string(d.target);
    case ActionType::Boule:
      return "boule";
    case ActionType::Give:
      return "give " + (d.colour < kKinds ? slug(Kind(d.colour)) : "?");
    case ActionType::TimeUp:
      return "time-up";
    case ActionType::Forced:
      return d.count ? "forced ask" : "forced auto";
  }
  return "?";
}

Result<Action> parse_move(std::string_view text, int players) {
  const auto w = words(text);
  // "+ <spell>", then "+ tresor" beside it.
  auto spell_at = [&](size_t i, Decoded& d) -> std::string {
    if (w.size() == i) return "";
    if ((w.size() != i + 2 && w.size() != i + 4) || w[i] != "+") return std::string(kForms);
    const int k = kind_from_slug(w[i + 1]);
    if (k < kColours) return "no spell called \"" + w[i + 1] + "\"";
    d.spell = uint8_t(k - kColours);
    if (w.size() == i + 2) return "";
    if (w[i + 2] != "+" || w[i + 3] != "tresor")
      return "one spell, or a Sortil\u00e8ge and \"+ tresor\"";
    d.tresor = true;
    return "";
  };
  Decoded d;
  if (w.size() == 1 && w[0] == "take") return Action{encode({ActionType::Take})};
  if (w.size() == 1 && w[0] == "pass") return Action{encode({ActionType::Pass})};
  if (w.size() == 1 && w[0] == "lutin") return Action{encode({ActionType::Lutin})};
  if (w.size() == 3 && w[0] == "lutin" && w[1] == "+" && w[2] == "tresor")
    return Action{encode({ActionType::Lutin, kNobody, 0, 0, kNoSpell, true})};
  if (w.size() == 1 && w[0] == "keep") return Action{encode({ActionType::Keep})};
  if (w.size() == 1 && w[0] == "nananere") return Action{encode({ActionType::Nananere})};
  if (w.size() == 1 && w[0] == "boule") return Action{encode({ActionType::Boule})};
  if (w.size() == 1 && w[0] == "time-up") return Action{encode({ActionType::TimeUp})};
  if (w.size() >= 1 && w[0] == "forced") {
    if (w.size() != 2 || (w[1] != "ask" && w[1] != "auto"))
      return fail(
          "\"forced\" is a setting: \"forced auto\" (the table plays your forced moves) "
          "or \"forced ask\" (it asks you)");
    return Action{encode({ActionType::Forced, kNobody, 0, uint8_t(w[1] == "ask")})};
  }
  if (w.size() == 2 && w[0] == "miroir") {
    int seat = 0;
    if (!number(w[1], seat) || seat < 0 || seat >= players)
      return fail("miroir: no seat \"" + w[1] + "\"");
    return Action{encode({ActionType::Miroir, seat})};
  }
  if (w.size() == 2 && w[0] == "give") {
    const int k = kind_from_slug(w[1]);
    if (k < 0) return fail("give: no card kind \"" + w[1] + "\"");
    return Action{encode({ActionType::Give, kNobody, uint8_t(k)})};
  }
  if (w.size() == 2 && w[0] == "drop") {
    const int k = kind_from_slug(w[1]);
    if (k < 0) return fail("drop: no card kind \"" + w[1] + "\"");
    return Action{encode({ActionType::Drop, kNobody, uint8_t(k)})};
  }
  if (w.size() == 2 && w[0] == "lose") {
    int seat = 0;
    if (!number(w[1], seat) || seat < 0 || seat >= players)
      return fail("lose: no seat \"" + w[1] + "\"");
    return Action{encode({ActionType::Lose, seat})};
  }
  if (w.size() == 2 && w[0] == "discard") {
    const int k = kind_from_slug(w[1]);
    if (k < 0) return fail("discard: no card kind \"" + w[1] + "\"");
    return Action{encode({ActionType::Discard, kNobody, uint8_t(k)})};
  }
  if (w.size() == 2 && w[0] == "throw") {
    const int k = kind_from_slug(w[1]);
    if (k < 0) return fail("throw: no card kind \"" + w[1] + "\"");
    return Action{encode({ActionType::Throw, kNobody, uint8_t(k)})};
  }
  if (w.size() == 1 && w[0] == "baguette") return Action{encode({ActionType::Baguette})};
  if (w.size() == 2 && w[0] == "balai") {
    int seat = 0;
    if (!number(w[1], seat) || seat < 0 || seat >= players)
      return fail("balai: no seat \"" + w[1] + "\"");
    return Action{encode({ActionType::Balai, seat})};
  }
  if (!w.empty() && w[0] == "parry") {
    d.type = ActionType::Parry;
    if (w.size() == 3 && w[1] == "with" && w[2] == "abracadabra") {
      d.spell = uint8_t(Spell::Abracadabra);
      return Action{encode(d)};
    }
    if (auto why = spell_at(1, d); !why.empty()) return fail(why);
    return Action{encode(d)};
  }
  if (w.size() >= 5 && w[0] == "attack" && w[2] == "with") {
    d.type = ActionType::Attack;
    int n = 0;
    if (w[1] != "all" && (!number(w[1], n) || n < 0 || n >= players))
      return fail("attack: no seat \"" + w[1] + "\"");
    d.target = w[1] == "all" ? kNobody : n;
    if (!number(w[3], n) || n < 1 || n > 2) return fail("attack with 1 or 2 potions");
    d.count = uint8_t(n);
    const int k = kind_from_slug(w[4]);
    if (k < 0 || k >= kColours) return fail("no potion colour \"" + w[4] + "\"");
    d.colour = uint8_t(k);
    if (auto why = spell_at(5, d); !why.empty()) return fail(why);
    return Action{encode(d)};
  }
  return fail(std::string(kForms));
}

}  // namespace

// The incantation mode (incantation.cpp): the formulas read follow the move after a colon.
std::string BalState::action_text(Action action) const {
  return move_text(decode(move_of(action.code))) + formulas_text(*this, action.code);
}

Result<Action> BalState::do_parse_action(Seat seat, std::string_view text) const {
  const size_t colon = text.find(':');
  auto move = parse_move(text.substr(0, colon), options_.players);
  if (!move) return move;
  return read_formulas(*this, seat, move->code,
                       colon == std::string_view::npos
                           ? std::nullopt
                           : std::optional<std::string_view>(text.substr(colon + 1)));
}

}  // namespace sabbat::bal
