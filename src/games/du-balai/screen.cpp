// The screen: the table above, the keys of the moment below.
#include "games/du-balai/screen.hpp"

#include <algorithm>

#include "games/du-balai/actions.hpp"
#include "games/du-balai/screen_parts.hpp"
#include "games/du-balai/track.hpp"

namespace sabbat::du_balai {

namespace {

// Below this many rows the dice are drawn without their pictures, so that the book, the track
// and the keys fit on the screen together.
constexpr int kRowsForPictures = 32;

std::string seat_text(const json& seat) {
  return "seat " + kPeopleCount.text(seat.get<int>());
}

std::string phase_text(const json& v) {
  const std::string phase = v["phase"].get<std::string>();
  if (phase == "setup") return "setup: novice pilots choose their square";
  if (phase == "book-open") return "phase 1: the book is OPEN";
  if (phase == "decret-look")
    return "phase 2: D\u00e9cret, the book is open to " + seat_text(v["decret"]);
  if (phase == "writing") return "phase 2: write your formula, the book is closed";
  if (phase == "resolving") {
    const std::string step = v["step"].get<std::string>();
    return "phase 4: " + seat_text(v["resolving"]) +
           (step == "formula-spells" ? "'s formula takes effect"
            : step == "keep"         ? " keeps a Magie noire card"
                                     : " has moved");
  }
  return "the race is over";
}

// The nine symbol cards, numbered by their key, three to a line; picked ones marked [x]. Once
// she has written, each says where it is (in a formula or in her hand) instead of its name.
std::string card_grid(const Picks& picks, const Written* formulas, const Style& st) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s) {
    const auto& sym = kSymbolTable[size_t(s)];
    const bool picked = picks.cards & (1u << s);
    std::string where(sym.name);
    if (formulas) {
      where = "in hand";
      for (size_t i = 0; i < formulas->formulas.size(); ++i)
        if (formulas->formulas[i] & (1u << s)) where = i ? "in 2nd formula" : "in formula";
    }
    std::string cell = std::to_string(s + 1) + (picked ? " [x] " : " [ ] ") +
                       std::string(sym.spoken) + " " + where;
    if (picked) cell = st.bold(cell);
    out += s % 3 == 2 ? cell + "\n" : pad_left(cell, 26);
  }
  return out;
}

std::string writing_keys(const Situation& now, const Picks& picks, const Style& st) {
  // With Double-jeu in hand, the first formula once set may be followed by a second one.
  const bool second = picks.first != 0;
  Written w;
  w.used = picks.first;
  w.formulas = {picks.first};
  std::string out = card_grid(picks, second ? &w : nullptr, st);
  if (second) out += "A second formula? You hold Double-jeu: it counts if you play the card.\n";
  if (picks.cards)
    out +=
        "Enter: " + (second ? formula_text(picks.first, picks.cards) : formula_text(picks.cards)) +
        "\n";
  // The closer must write at least one card: "write nothing" is not hers to offer.
  out += second ? "keys: 1-9 pick  Enter write it  n no second formula  x clear"
         : now.may("formula none")
             ? "keys: 1-9 pick  Enter write  n write nothing  x clear"
             : "keys: 1-9 pick  Enter write  x clear (closer: one card at least)";
  if (now.may("play decret")) out += "  d D\u00e9cret";
  return out + "\n";
}

std::string formula_spell_keys(const Situation& now, const Picks& picks, const Style& st) {
  std::string spells;
  if (!now.starting("play oubli-repare").empty())
    spells += "  u Oubli r\u00e9par\u00e9: the card picked from your hand joins your formula\n";
  if (std::any_of(now.legal.begin(), now.legal.end(),
                  [](const std::string& a) { return a.ends_with(" to second"); }))
    spells += "  U Oubli r\u00e9par\u00e9: the same, to your second formula\n";
  if (!now.starting("play rectification").empty())
    spells += "  r Rectification: pick a card of your formula and one from your hand\n";
  if (now.may("play double-jeu")) spells += "  d Double-jeu: your second formula counts\n";
  if (spells.empty()) return "keys: p pass (no formula spell in your hand)\n";
  const Written w = written(now);
  return card_grid(picks, &w, st) + "keys: p pass, or pick cards (1-9), then:\n" + spells;
}

std::string spoken_of(const std::string& syllable) {
  const int sym = symbol_index(syllable);
  return sym < 0 ? syllable : std::string(kSymbolTable[size_t(sym)].spoken);
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  for (size_t from = 0; from < text.size();) {
    size_t nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  return out;
}

// A numbered menu of legal actions (cards to keep, spells after the move), each with what its
// card does.
std::string menu(const std::vector<std::string>& actions, const std::string& tail) {
  std::string out;
  for (size_t i = 0; i < actions.size(); ++i) {
    std::string line = "  " + std::to_string(i + 1) + "  " + action_label(actions[i]);
    if (auto m = parse_move(actions[i]))
      line += ": " + card_effect(std::string(info(m->card).id)) +
              (m->kind == Kind::Keep ? " (" + card_moment(std::string(info(m->card).id)) + ")"
                                     : std::string());
    out += wrap(line, 79, 5) + "\n";
  }
  return out + tail;
}

}  // namespace

std::string screen_table(const json& v, Seat viewer, bool color, int rows) {
  const Style st{color, kPeopleCount};
  std::string out = st.bold("Du Balai !") + "  turn " + std::to_string(v["turn"].get<int>()) +
                    "  " + phase_text(v) + "\n";
  if (!v["pending"].is_null()) {
    const json& p = v["pending"];
    out += st.bold("Reaction window: " + seat_text(p["caster"]) + " plays " +
                   action_label(p["spell"].get<std::string>())) +
           " (Brouillards so far: " + std::to_string(p["brouillards"].get<int>()) + ")\n";
  }
  const bool open = !v["dice"].is_null() && v["book_open_to_you"].get<bool>();
  if (open)
    out += big_dice(v["dice"], st, rows < kRowsForPictures);
  else if (!v["dice"].is_null())
    out += dice_lines(v["dice"], st);  // no dice: the phase above says the book is closed
  if (!v["book"].is_null()) out += book_lines(v["book"], st);
  out += track_lines(v, viewer, st);
  // While the book is open the dice take the room; the track says where everyone is.
  if (!open) out += witch_lines(v, viewer, st, true);
  if (v.contains("drawn")) out += "You drew: " + labels(v["drawn"], card_label) + "\n";
  if (v.contains("scores")) out += final_scores(v, viewer, st);
  return out;
}

std::string screen_keys(const Situation& now, const Picks& picks, bool color) {
  const Style st{color, kPeopleCount};
  const json& v = now.view;
  if (now.legal.empty()) return "";
  if (!v["pending"].is_null())
    return now.may("brouillard") ? "keys: b Brouillard magique (cancels the spell)  p pass\n"
                                 : "keys: p pass (you hold no Brouillard magique)\n";
  const std::string phase = v["phase"].get<std::string>();
  if (phase == "setup") return "keys: 5, 6 or 7: start on that square\n";
  if (phase == "book-open" || phase == "decret-look")
    return std::string(kGoal) + "\nkeys: Space or c: close the book\n";
  if (phase == "writing") return writing_keys(now, picks, st);
  const std::string step = v["step"].is_null() ? "" : v["step"].get<std::string>();
  if (step == "formula-spells") return formula_spell_keys(now, picks, st);
  if (step == "keep") return menu(now.starting("keep "), "keys: the number of the card you keep\n");
  const auto spells = now.starting("play ");
  return spells.empty() ? "keys: p pass (no spell to play after your move)\n"
                        : menu(spells, "keys: the number of a spell, p pass\n");
}

std::string screen_waiting(const Situation& now) {
  const json& v = now.view;
  const bool acting = !now.legal.empty();
  if (!v["pending"].is_null()) {
    const json& p = v["pending"];
    std::string out =
        seat_text(p["caster"]) + " plays " + action_label(p["spell"].get<std::string>());
    const int fogs = p["brouillards"].get<int>();
    if (fogs % 2 == 1) out += ", cancelled by " + seat_text(p["last"]) + "'s Brouillard magique";
    if (fogs > 0 && fogs % 2 == 0) out += ", its Brouillards cancel each other";
    if (!acting) return out + " - the others may answer";
    return out + (now.may("brouillard") ? " - press b for Brouillard magique, p to pass"
                                        : " - p to let it pass");
  }
  const std::string phase = v["phase"].get<std::string>();
  if (phase == "over") return "the race is over";
  if (!acting) {
    if (phase == "book-open") return "the book is open; from square -2 you may not close it";
    if (phase == "writing") return "you have written; the others are writing";
    return phase_text(v);
  }
  if (phase == "setup") return "choose your square: 5, 6 or 7";
  if (phase == "book-open" || phase == "decret-look")
    return "the book is OPEN: memorise, Space closes it";
  if (phase == "writing")
    return holds_double_jeu(now)
               ? "write your formula: 1-9 then Enter (with Double-jeu, then a second one)"
               : "write your formula: 1-9 then Enter";
  const std::string step = v["step"].get<std::string>();
  if (step == "formula-spells") return "your formula takes effect: a spell, or p";
  if (step == "keep") return "keep one Magie noire card";
  return "you have moved: a spell, or p";
}

std::vector<std::string> screen_narration(const Event& e) {
  const Style plain{false, kPeopleCount};
  if (e.kind == "reveal") {
    std::string dice;
    for (const auto& d : e.data["dice"]) {
      const std::string colour = d["colour"].get<std::string>();
      const int sym = std::max(0, symbol_index(d["syllable"].get<std::string>()));
      dice += std::string(dice.empty() ? "" : ", ") +
              std::string(kSymbolTable[size_t(sym)].spoken) + " " +
              (colour == "orange" ? "ORANGE" : "BLACK");
    }
    std::vector<std::string> out{"the formulas and the dice are revealed. The dice: " + dice};
    for (const auto& line : split(book_lines(e.data["book"], plain))) out.push_back(line);
    return out;
  }
  if (e.kind == "moved") {
    // Each formula that counted, its verdict, and the colour the dice gave it, as a word.
    const json& o = e.data;
    std::string out = "seat " + kPeopleCount.text(o["seat"].get<int>()) + ": ";
    for (size_t i = 0; i < o["formulas"].size(); ++i) {
      const json& f = o["formulas"][i];
      const std::string verdict = o["verdicts"][i].get<std::string>();
      const std::string colour = f.value("colour", std::string());
      const bool holds = (verdict == "valid" || verdict == "perfect") && !colour.empty();
      out += std::string(i ? " and " : "") + labels(f["cards"], spoken_of) + " (" + verdict +
             (holds ? " " + plain.colour_word(colour) : "") + ")";
    }
    if (o["formulas"].empty()) out += "no formula";
    if (o.value("fell", false))
      out += o.value("same_colour", false) ? ", both of one colour: she falls off her broom"
                                           : ", a forbidden formula: she falls off her broom";
    if (o["bonus_cancelled"].get<bool>()) out += ", no bonus";
    if (o["penalty"].get<bool>()) out += ", the closer falls back 2";
    const int to = o["to"].get<int>();
    return {out + "; square " + std::to_string(o["from"].get<int>()) + " \u2192 " +
            (to >= kFinish ? std::string("across the line") : std::to_string(to))};
  }
  return {e.text};
}

std::string screen_help() {
  return "Keys of the Du Balai ! screen:\n"
         "  setup (novice)       5, 6, 7: start on that square\n"
         "  phase 1, book open   Space or c: close the book\n"
         "  phase 2, writing     1-9 pick or put back a card, Enter write, n nothing,\n"
         "                       x or Backspace clear, d D\u00e9cret; with Double-jeu in\n"
         "                       hand, the same again for a second formula\n"
         "  phase 4, formula     p pass; or 1-9 pick cards, then u Oubli r\u00e9par\u00e9\n"
         "                       (U: to the second formula), r Rectification;\n"
         "                       d Double-jeu\n"
         "  phase 4, keep        1-9 the card you keep\n"
         "  phase 4, after move  1-9 the spell listed, p pass\n"
         "  a spell is played    b Brouillard magique, p pass\n"
         "  any time             :forced ask  be asked a move you cannot avoid (a lone\n"
         "                       pass); :forced auto  let the table play it (default)\n"
         "A formula is only cards: the dice give it its colour (orange: thin border).\n"
         "Magie noire cards:\n" +
         card_list();
}

}  // namespace sabbat::du_balai
