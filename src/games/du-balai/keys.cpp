// What each key does, moment by moment. Whether an action is allowed is the engine's to say:
// keys only build the action's text, and the legal list only decides what is offered.
#include "games/du-balai/keys.hpp"

#include <algorithm>

#include "games/du-balai/actions.hpp"
#include "games/du-balai/screen_parts.hpp"

namespace sabbat::du_balai {

bool Situation::may(std::string_view action) const {
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

std::vector<std::string> Situation::starting(std::string_view prefix) const {
  std::vector<std::string> out;
  for (const auto& a : legal)
    if (a.starts_with(prefix)) out.push_back(a);
  return out;
}

Written written(const Situation& now) {
  Written w;
  if (now.viewer < 0) return w;
  const json& witch = now.view["witches"][size_t(now.viewer)];
  if (!witch.contains("formulas")) return w;
  for (const auto& f : witch["formulas"]) {
    SymbolMask m = 0;
    for (const auto& c : f["cards"])
      if (const int s = symbol_index(c.get<std::string>()); s >= 0) m |= SymbolMask(1u << s);
    w.formulas.push_back(m);
    w.used |= m;
  }
  return w;
}

std::string key_name(int key) {
  if (key == ' ') return "Space";
  if (key == key::kEnter) return "Enter";
  if (key == key::kBackspace) return "Backspace";
  if (key == key::kEscape) return "Esc";
  if (key > 0 && key < 32) return "Ctrl-" + std::string(1, char('@' + key));
  if (key > 32 && key < 127) return "'" + std::string(1, char(key)) + "'";
  return "that key";
}

namespace {

std::string spoken(int symbol) {
  return std::string(kSymbolTable[size_t(symbol)].spoken);
}

// Picks belong to one moment: a turn's phase and step, the witch resolving, and how many
// formulas the viewer has written (her second formula starts with no picks).
std::string moment_of(const Situation& now) {
  const json& v = now.view;
  auto part = [&](const char* k) { return v[k].is_null() ? std::string() : v[k].dump(); };
  std::string out =
      part("turn") + "/" + part("phase") + "/" + part("step") + "/" + part("resolving");
  if (now.viewer >= 0) out += "/" + std::to_string(written(now).formulas.size());
  return out;
}

int only_symbol(SymbolMask m) {
  return __builtin_popcount(m) == 1 ? __builtin_ctz(m) : -1;
}

KeyAnswer wrong(int key, const std::string& allowed) {
  return {"", key_name(key) + " does nothing now; keys: " + allowed};
}

KeyAnswer say(const std::string& note) {
  return {"", note};
}

// Why a seat that may not act waits.
std::string wait_note(const Situation& now) {
  const json& v = now.view;
  const std::string phase = v["phase"].get<std::string>();
  if (!v["pending"].is_null()) return "a spell waits for the others' answer; nothing to do";
  if (phase == "setup") return "novice pilots are choosing their square";
  if (phase == "book-open") return "from square -2 you may not close the book: memorise";
  if (phase == "decret-look") return "a witch looks at the book with D\u00e9cret; wait";
  if (phase == "writing") return "you have written; the others are writing";
  if (phase == "resolving")
    return "seat " + kPeopleCount.text(v["resolving"].get<int>()) + "'s formula takes effect; wait";
  return "the race is over";
}

}  // namespace

bool holds_double_jeu(const Situation& now) {
  if (now.viewer < 0) return false;
  const json& w = now.view["witches"][size_t(now.viewer)];
  if (!w.contains("hand")) return false;
  for (const auto& c : w["hand"])
    if (c == "double-jeu") return true;
  return false;
}

Picks Keys::picks(const Situation& now) const {
  return moment_of(now) == moment_ ? picks_ : Picks{};
}

bool Keys::pick(int key, KeyAnswer& answer) {
  if (key >= '1' && key <= '9') {
    const int s = key - '1';
    picks_.cards ^= SymbolMask(1u << s);
    answer.note = spoken(s) + (picks_.cards & (1u << s) ? " picked" : " put back");
    return true;
  }
  if (key == 'x' || key == key::kBackspace || key == key::kEscape) {
    picks_ = {};
    answer.note = "picks cleared";
    return true;
  }
  return false;
}

KeyAnswer Keys::press(int key, const Situation& now) {
  const json& v = now.view;
  if (moment_of(now) != moment_) {
    picks_ = {};
    moment_ = moment_of(now);
  }
  const std::string phase = v["phase"].get<std::string>();
  if (phase == "over") return say("the race is over");
  if (now.legal.empty()) return say(wait_note(now));
  if (!v["pending"].is_null()) {
    if (key == 'p') return {"pass", ""};
    if (key == 'b')
      return now.may("brouillard") ? KeyAnswer{"brouillard", ""}
                                   : say("you hold no Brouillard magique; p lets the spell pass");
    return wrong(key, "b Brouillard magique, p pass");
  }
  if (phase == "setup") {
    if (key >= '5' && key <= '7') return {"start " + std::string(1, char(key)), ""};
    return wrong(key, "5, 6 or 7: the square you start on");
  }
  if (phase == "book-open" || phase == "decret-look") {
    if (key == ' ' || key == 'c') return {"close-book", ""};
    if (key >= '1' && key <= '9')
      return say("the book is open: memorise the dice; pick your cards once it is closed");
    return wrong(key, "Space or c closes the book");
  }
  if (phase == "writing") return writing(key, now);
  const std::string step = v["step"].is_null() ? "" : v["step"].get<std::string>();
  if (step == "formula-spells") return formula_spells(key, now);
  const auto menu = now.starting(step == "keep" ? "keep " : "play ");
  if (key == 'p' && step != "keep") return {"pass", ""};
  if (key >= '1' && key <= '9' && size_t(key - '1') < menu.size())
    return {menu[size_t(key - '1')], ""};
  const std::string n = menu.size() > 1    ? "1-" + std::to_string(menu.size())
                        : menu.size() == 1 ? "1"
                                           : "";
  return wrong(key, step == "keep" ? n + " the card you keep"
                                   : (n.empty() ? "" : n + " a spell, ") + "p pass");
}

KeyAnswer Keys::writing(int key, const Situation& now) {
  KeyAnswer a;
  if (pick(key, a)) return a;
  // With Double-jeu in hand, Enter sets the first formula, then the picks make the second;
  // both go in one action, so that the table cannot tell who holds the card.
  const bool second = picks_.first != 0;
  if (key == key::kEnter) {
    if (!picks_.cards)
      return say(second ? "pick the cards of your second formula (1-9), or n for none"
                 : now.may("formula none") ? "pick your cards first (1-9), or n to write nothing"
                                           : "pick your cards first (1-9)");
    if (second) return {formula_text(picks_.first, picks_.cards), ""};
    if (holds_double_jeu(now)) {
      picks_.first = picks_.cards;
      picks_.cards = 0;
      return say("formula " + mask_text(picks_.first) +
                 " set; a second formula with Double-jeu? 1-9 then Enter, or n for none");
    }
    return {formula_text(picks_.cards), ""};
  }
  if (key == 'n') {
    if (!second && !now.may("formula none"))
      return say("you closed the book: your formula holds at least one card; pick it (1-9)");
    return {formula_text(picks_.first), ""};
  }
  if (key == 'd' && !second) return {"play decret", ""};
  return wrong(key, second ? "1-9 pick, Enter write both formulas, n no second formula, x clear"
                           : "1-9 pick, Enter write, n write nothing, x clear, d D\u00e9cret");
}

KeyAnswer Keys::formula_spells(int key, const Situation& now) {
  KeyAnswer a;
  if (pick(key, a)) return a;
  if (key == 'p') return {"pass", ""};
  const Written w = written(now);
  const SymbolMask in_hand = SymbolMask(picks_.cards & ~w.used);
  const SymbolMask in_formula = SymbolMask(picks_.cards & w.used);
  if (key == 'u' || key == 'U') {
    if (only_symbol(picks_.cards) < 0 || in_formula)
      return say("Oubli r\u00e9par\u00e9 adds one card from your hand: pick it (1-9), then u");
    return {"play oubli-repare " + mask_text(picks_.cards) + (key == 'U' ? " to second" : ""), ""};
  }
  if (key == 'r') {
    const int out = only_symbol(in_formula), in = only_symbol(in_hand);
    if (out < 0 || in < 0)
      return say(
          "Rectification swaps a card of your formula for one from your hand: pick both, then r");
    return {"play rectification " + mask_text(SymbolMask(1u << out)) + " for " +
                mask_text(SymbolMask(1u << in)),
            ""};
  }
  if (key == 'd') return {"play double-jeu", ""};
  return wrong(key,
               "p pass, 1-9 pick cards, then u Oubli r\u00e9par\u00e9, r Rectification; "
               "d Double-jeu");
}

std::string action_label(const std::string& text) {
  auto m = parse_move(text);
  if (!m) return text;
  const std::string name(info(m->card).name);
  switch (m->kind) {
    case Kind::Keep:
      return "keep " + name;
    case Kind::Brouillard:
      return "Brouillard magique";
    case Kind::Play:
      switch (m->card) {
        case Card::OubliRepare:
          return name + ": " + spoken(m->a) + " joins your " + (m->b ? "second " : "") + "formula";
        case Card::Rectification:
          return name + ": " + spoken(m->b) + " for " + spoken(m->a);
        case Card::DoubleJeu:
          return name + ": your second formula counts";
        case Card::MauvaisSort:
          return name + " on seat " + kPeopleCount.text(m->a);
        case Card::Attraction:
          return name + " " + std::to_string(m->a) + (m->a == 1 ? " square" : " squares");
        default:
          return name;
      }
    default:
      return text;
  }
}

}  // namespace sabbat::du_balai
