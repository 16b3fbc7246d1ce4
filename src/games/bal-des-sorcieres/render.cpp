// The view as text. Colours are always written as words too, so the text means the same
// without ANSI colours (colour-blind safe, NO_COLOR, pipes).
#include "games/bal-des-sorcieres/render.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>
#include <vector>

#include "core/text_columns.hpp"
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat::bal {

namespace {

struct SpellLine {
  std::string_view slug;
  std::string_view effect;
};

// From the cards' texts, short enough for 80 columns beside the longest name
// (docs/rules/bal-des-sorcieres.md quotes them in full).
constexpr std::array<SpellLine, 15> kEffects{{
    {"abracadabra", "parrying: stands for one missing potion, not a grey one"},
    {"tresor", "attack or parry: draw 2 cards"},
    {"sortilege", "attacking: attack every witch at once"},
    {"balai", "parrying: send the attack on, not back to its sender"},
    {"miroir", "during an attack: double it on a third witch"},
    {"nananere", "when a witch gets Carabosse: attack in her place"},
    {"remede", "attack or parry: raise one of your dead Crapzouilles"},
    {"baguette", "parrying: cancel it; the attacker takes her cards back"},
    {"envoutement", "attacking: capture the Crapzouille instead of killing"},
    {"enchantement", "attacking: the defender first loses a random card"},
    {"tour", "attack or parry: throw cards you dislike, draw as many"},
    {"fantome", "attacking: kill 2 Crapzouilles; parried, you lose 1"},
    {"boule", "outside attacks: swap a card with both neighbours"},
    {"lutin", "compulsory instead of attacking: a farce on yourself"},
    {"diablotin", "attack or parry: a farce on your opponent after it"},
}};

bool is_colour(std::string_view slug) {
  const int kind = kind_from_slug(slug);
  return kind >= 0 && is_potion_kind(Kind(kind));
}

// A kind's printed name ("Rouge", "Fantôme") by its slug; a farce's white token is "Blanc".
std::string kind_name(std::string_view slug) {
  const int kind = kind_from_slug(slug);
  return kind >= 0         ? std::string(kind_info(Kind(kind)).name)
         : slug == "blanc" ? "Blanc"
                           : std::string(slug);
}

struct Style {
  bool color;
  SeatNumbers seats;
  std::string wrap(std::string_view code, const std::string& s) const {
    return color ? "\x1b[" + std::string(code) + "m" + s + "\x1b[0m" : s;
  }
  std::string bold(const std::string& s) const { return wrap("1", s); }
  std::string dim(const std::string& s) const { return wrap("2", s); }
  // A potion's colour word, painted in it; anything else as it is.
  std::string kind(std::string_view slug, const std::string& name) const {
    static const std::map<std::string_view, std::string_view> paint{
        {"gris", "90"}, {"bleu", "1;34"}, {"vert", "1;32"}, {"jaune", "1;33"}, {"rouge", "1;31"}};
    auto it = paint.find(slug);
    return it == paint.end() ? name : wrap(it->second, name);
  }
};

std::string seat_name(const json& view, int seat, Seat viewer, const Style& st) {
  const json& witches = view["witches"];
  std::string out = "Seat " + st.seats.text(seat);
  if (seat >= 0 && size_t(seat) < witches.size())
    out += " " + witches[size_t(seat)].value("witch", std::string());
  return seat == viewer ? out + " (you)" : out;
}

// "2 × Rouge, Fantôme" from a list of cards, kinds grouped in the order they come.
std::string cards_line(const json& cards, const Style& st) {
  std::vector<std::pair<std::string, int>> kinds;
  std::map<std::string, std::string> names;
  for (const json& c : cards) {
    const std::string slug = c.value("kind", std::string());
    // A potion is named by its colour here; its ingredient changes nothing in play.
    names[slug] = kind_name(slug);
    bool found = false;
    for (auto& [k, n] : kinds)
      if (k == slug) found = (++n, true);
    if (!found) kinds.emplace_back(slug, 1);
  }
  std::string out;
  for (const auto& [slug, n] : kinds) {
    const std::string& name = names[slug];
    out += (out.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + " \u00d7 " : std::string()) +
           st.kind(slug, name);
  }
  return out.empty() ? st.dim("\u2014") : out;
}

std::string header(const json& v, const Style& st) {
  const int tour = v.value("tour", 1);
  std::string out = st.bold("Le Bal des Sorci\u00e8res") + " \u2014 round " +
                    std::to_string(v.value("round", 1)) + ", Tour de Table " +
                    std::to_string(tour) + " of 2 \u00b7 level " + v.value("level", std::string()) +
                    "\n";
  // Seat numbers only: the names are in the table below, and two long ones overflow a line.
  out += "Carabosse: Seat " + st.seats.text(v.value("carabosse", 0)) +
         " \u00b7 Chat Noir (first player): Seat " + st.seats.text(v.value("first_player", 0)) +
         "\n";
  const json& discard = v["discard"];
  out += "Pile: " + std::to_string(v.value("pile", 0)) +
         " cards \u00b7 discard: " + std::to_string(discard.size());
  if (!discard.empty()) {
    const json& top = discard.back();
    const std::string slug = top.value("kind", std::string());
    std::string name = top.value("name", std::string());
    if (is_colour(slug)) name += " (" + kind_name(slug) + ")";
    out += " (top: " + st.kind(slug, name) + ")";
  }
  return out + "\n\n";
}

std::string witches_table(const json& v, Seat viewer, const Style& st) {
  std::string out = st.dim("  seat witch                             cards  Crapzouilles") + "\n";
  std::string known;
  for (const json& w : v["witches"]) {
    const int seat = w.value("seat", 0);
    std::string name = w.value("witch", std::string());
    if (seat == viewer) name += " (you)";
    if (seat == v.value("carabosse", -1)) name += " \u2605";
    std::string frogs;
    if (w.value("eliminated", false)) {
      frogs = st.dim("eliminated");
    } else {
      const json& coffre = w["coffre_by_owner"];
      const int own =
          coffre.is_array() && size_t(seat) < coffre.size() ? coffre[size_t(seat)].get<int>() : 0;
      const int alive = w.value("crapzouilles", 0);
      frogs = std::to_string(alive) + " alive";
      if (alive > own) frogs += " (" + std::to_string(alive - own) + " captive)";
      const int dead = w.value("dead", 0);
      if (dead > 0) frogs += ", " + std::to_string(dead) + " dead";
    }
    const std::string line = "  " + pad_left(st.seats.text(seat), 5) + pad_left(name, 34) +
                             pad_right(std::to_string(w.value("hand_size", 0)), 5) + "  " + frogs;
    out += (seat == v.value("carabosse", -1) ? st.bold(line) : line) + "\n";
    if (seat != viewer && w.contains("known") && !w["known"].empty())
      known += "  Seat " + st.seats.text(seat) +
               " holds, as everyone saw: " + cards_line(w["known"], st) + "\n";
  }
  return out + known + st.dim("  \u2605 holds Carabosse") + "\n";
}

std::string attack_lines(const json& v, Seat viewer, const Style& st) {
  if (!v.contains("attack")) return "";
  const json& a = v["attack"];
  const json& tokens = v.value("farce_tokens", json::array());
  std::string out = "\n" + st.bold("On the table: ");
  const int attacker = a.value("attacker", -1);
  const int defender = a.value("defender", -1);
  if (a["cards"].empty() && !tokens.empty()) {
    out += "a farce on " + seat_name(v, defender, viewer, st) + "\n";
  } else {
    out += seat_name(v, attacker, viewer, st) + " attacks\n";
    out += "  \u2192 " + seat_name(v, defender, viewer, st) + "\n";
    out += "  cards: " + cards_line(a["cards"], st) + "\n";
  }
  const int sender = a.value("sender", -1);
  if (sender >= 0 && sender != attacker)
    out += "  sent on by " + seat_name(v, sender, viewer, st) + " (Du balai)\n";
  if (!tokens.empty()) {
    std::string t;
    for (const json& tok : tokens) {
      const std::string slug = tok.get<std::string>();
      t += (t.empty() ? "" : ", ") + st.kind(slug, kind_name(slug));
    }
    out += "  farce tokens: " + t + "\n";
  }
  const json& still = a["still_to_parry"];
  if (still.size() > 1) {
    std::string s;
    // Seat numbers only: six long names do not fit a line.
    for (const json& seat : still) {
      const int n = seat.get<int>();
      s += (s.empty() ? "" : ", ") + st.seats.text(n) + (n == viewer ? " (you)" : "");
    }
    out += "  still to parry: seats " + s + "\n";
  }
  return out;
}

// A game time in seconds, as the clock shows it: "12.5 s".
std::string game_seconds(int64_t ms) {
  return std::to_string(ms / 1000) + "." + std::to_string((ms % 1000) / 100) + " s";
}

std::string status_line(const json& v, Seat viewer, const Style& st) {
  if (v.value("phase", std::string()) == "over") {
    if (!v.contains("winner")) return "\nThe game is over.\n";
    const int w = v["winner"].get<int>();
    return "\n" +
           st.bold(w == viewer ? "You win the Bal!"
                               : seat_name(v, w, viewer, st) + " wins the Bal.") +
           "\n";
  }
  std::string who;
  bool you = false;
  for (const json& s : v["waiting_for"]) {
    const int seat = s.get<int>();
    you = you || seat == viewer;
    who += (who.empty() ? "" : ", ") + seat_name(v, seat, viewer, st);
  }
  const std::string phase = v.value("phase", std::string());
  if (phase == "window" && !you)
    return "\nA reaction window is open until " + game_seconds(v["window"].value("until", 0)) +
           " at the latest.\n";
  if (phase == "window") return "\n" + st.bold("Your answer to the reaction window.") + "\n";
  const std::string doing = phase == "parry"     ? "to parry"
                            : phase == "inherit" ? "to sort her inherited hand"
                            : phase == "remake"  ? "to remake her hand"
                            : phase == "restock" ? "to throw two spells"
                            : phase == "lose"    ? "to lose a Crapzouille"
                            : phase == "window"  ? "to answer the window"
                            : phase == "boule"   ? "to lay a card face down"
                                                 : "to attack";
  return "\nWaiting for " + (you ? st.bold(who) : who) + " " + doing + ".\n";
}

// An open reaction window: its cards and what they do, until when it is open, and to the
// viewer alone whether she is asked and her answer. Nothing says who else is asked.
std::string window_lines(const json& v, Seat viewer, const Style& st) {
  std::string out;
  // Seat numbers only: two long names do not fit a line.
  auto named = [&](int n) {
    return "Seat " + st.seats.text(n) + (n == viewer ? std::string(" (you)") : "");
  };
  if (v.contains("stand_in")) {
    const json& si = v["stand_in"];
    const int by = si.value("witch", -1);
    const int instead = si.value("in_place_of", -1);
    out += "\n" + st.bold("\u00c0 moi, nanan\u00e8re !") + " " + named(by) +
           " attacks instead of " + named(instead) + ",\n  who loses her turn.\n";
  }
  if (v.contains("window")) {
    const json& w = v["window"];
    const bool turn = w.value("kind", std::string()) == "turn";
    out += "\n" +
           st.bold(turn ? "Reaction window, before the attack"
                        : "Reaction window, during the attack") +
           "\n";
    for (const json& card : w["cards"]) {
      const std::string slug = card.get<std::string>();
      out += "  " + pad_left(kind_name(slug), 22) + " " + std::string(spell_effect(slug)) + "\n";
    }
    out += "  open until " + game_seconds(w.value("until", 0)) + " at the latest, not before " +
           game_seconds(w.value("min_until", 0)) + "\n  only a witch who holds the card is asked\n";
    if (w.value("asked", false)) {
      if (w["answer"].is_null())
        out += "  " + st.bold("You hold an answer:") +
               " pass, or play your card\n  (of the cards played, the first in turn order takes "
               "effect)\n";
      else
        out += "  Your answer: " +
               action_for_person(kSeatWords, w["answer"].get<std::string>(), st.seats) +
               " (kept secret until the window closes)\n";
    }
  }
  if (v.contains("boule")) {
    const json& b = v["boule"];
    out += "\n" + st.bold("Boule de cristal:") + " " + named(b.value("player", -1)) +
           " swaps a card with seats " + st.seats.text(b.value("left", -1)) + " and " +
           st.seats.text(b.value("right", -1)) + "\n";
    out += "  each lays one face down; they change hands together\n";
    for (const json& laid : b["face_down"]) {
      out += "  face down: Seat " + st.seats.text(laid.value("from", -1)) + " \u2192 Seat " +
             st.seats.text(laid.value("to", -1));
      if (laid.contains("card")) out += " (" + cards_line(json::array({laid["card"]}), st) + ")";
      out += "\n";
    }
  }
  for (const json& w : v["witches"])
    if (w.contains("you_gave") && !w["you_gave"].empty())
      out += "  Seat " + st.seats.text(w.value("seat", -1)) +
             " holds, as you gave it: " + cards_line(w["you_gave"], st) + "\n";
  return out;
}

// The incantation mode: each potion by its colour with the formula to read, its ingredient
// (one ingredient on several cards counted), and how a move is written with its formulas.
std::string formula_lines(const std::vector<json>& potions, const Style& st) {
  std::string out = "  Read each card's formula after the move, potions first:\n  " +
                    st.dim("attack 2 with 1 rouge + fantome : Queue de l\u00e9zard; Fant\u00f4me") +
                    "\n";
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, int>>>> colours;
  for (const json& c : potions) {
    const std::string slug = c.value("kind", std::string());
    const std::string name = c.value("name", std::string());
    auto colour = std::find_if(colours.begin(), colours.end(),
                               [&](const auto& entry) { return entry.first == slug; });
    if (colour == colours.end()) colour = colours.insert(colours.end(), {slug, {}});
    auto& names = colour->second;
    auto same = std::find_if(names.begin(), names.end(),
                             [&](const auto& entry) { return entry.first == name; });
    if (same == names.end())
      names.emplace_back(name, 1);
    else
      ++same->second;
  }
  if (colours.empty()) out += "  potions: " + st.dim("\u2014") + "\n";
  constexpr size_t kIndent = 25, kWidth = 80;
  for (const auto& [slug, names] : colours) {
    std::string line = "  " + pad_left(st.kind(slug, kind_name(slug)), kIndent - 3) + " ";
    size_t width = kIndent;
    for (size_t i = 0; i < names.size(); ++i) {
      const auto& [name, n] = names[i];
      const std::string item = (n > 1 ? std::to_string(n) + " \u00d7 " : std::string()) + name +
                               (i + 1 < names.size() ? "," : "");
      const size_t w = display_width(item);
      if (width > kIndent && width + 1 + w > kWidth) {
        out += line + "\n";
        line = std::string(kIndent, ' ');
        width = kIndent;
      }
      line += (width > kIndent ? " " : "") + item;
      width += (width > kIndent ? 1 : 0) + w;
    }
    out += line + "\n";
  }
  return out;
}

std::string hand_lines(const json& v, Seat viewer, const Style& st) {
  if (viewer < 0 || size_t(viewer) >= v["witches"].size()) return "";
  const json& me = v["witches"][size_t(viewer)];
  if (!me.contains("hand")) return "";
  const json& hand = me["hand"];
  std::string potions;
  std::map<std::string, std::pair<std::string, int>> spells;
  std::vector<std::string> spell_order;
  std::vector<json> potion_cards;
  for (const json& c : hand) {
    const std::string slug = c.value("kind", std::string());
    if (is_colour(slug)) {
      potion_cards.push_back(c);
    } else {
      auto [it, fresh] = spells.try_emplace(slug, c.value("name", slug), 0);
      ++it->second.second;
      if (fresh) spell_order.push_back(slug);
    }
  }
  std::string out = "\n" + st.bold("Your hand (" + std::to_string(hand.size()) + " cards)") + "\n";
  if (v.value("incantation", false))
    out += formula_lines(potion_cards, st);
  else
    out += "  potions: " + cards_line(json(potion_cards), st) + "\n";
  for (const std::string& slug : spell_order) {
    const auto& [name, n] = spells[slug];
    const std::string label = (n > 1 ? std::to_string(n) + " \u00d7 " : std::string()) + name;
    out += "  " + pad_left(st.bold(label), 22) + " " + std::string(spell_effect(slug)) + "\n";
  }
  return out;
}

}  // namespace

std::string_view spell_effect(std::string_view slug) {
  for (const SpellLine& s : kEffects)
    if (s.slug == slug) return s.effect;
  return {};
}

std::string render_view_text(const json& view, Seat viewer, bool color, SeatNumbers seats) {
  const Style st{color, seats};
  return header(view, st) + witches_table(view, viewer, st) + attack_lines(view, viewer, st) +
         window_lines(view, viewer, st) + status_line(view, viewer, st) +
         hand_lines(view, viewer, st);
}

std::string rules_summary() {
  return "Le Bal des Sorci\u00e8res \u2014 the last witch with a Crapzouille wins.\n"
         "\n"
         "Each round: the Grand Sabbat (from round 2) fills each hand by one card per living\n"
         "Crapzouille, up to 10; then two Tours de Table in which the holder of Carabosse\n"
         "attacks once and passes Carabosse to her left.\n"
         "\n"
         "Attack: 1 potion, or 2 of one colour, and at most one spell (never a spell alone):\n"
         "  attack <seat> with <1|2> <gris|bleu|vert|jaune|rouge> [+ <spell>]\n"
         "Parry: answer each attacking potion with a potion of its colour (3 cards at most);\n"
         "a failed parry costs a Crapzouille. A successful attack or parry wins one card,\n"
         "never more than one in an exchange. Rarer colours are harder to parry:\n"
         "grey 3, blue 8, green 15, yellow 23, red 35 in the box.\n"
         "\n"
         "With 2 cards left, draw 2 before or after an attack; with no potion, throw 2\n"
         "spells face up and draw 2.\n"
         "\n"
         "Reaction windows: when Carabosse reaches a witch (nananere, boule) and once an\n"
         "attack is laid (miroir <seat>), a window opens; only a witch who holds the card is\n"
         "asked, and all answer at once: pass, or play it. The first card in turn order\n"
         "takes effect when it closes. Type `help` for what you may do now.\n";
}

}  // namespace sabbat::bal
