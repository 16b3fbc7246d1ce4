#include "games/du-balai/actions.hpp"

#include <array>
#include <cstdio>
#include <optional>
#include <vector>

namespace sabbat::du_balai {

// Layout of Action.code: kind in bits 28-31, card in 24-27, symbol mask in 0-8; for a
// formula, the second formula's mask in 10-18; for other kinds a in 10-13, b in 14-17.
// Formulas carry no colour, so no bit holds one.
Action encode(const Move& m) {
  uint32_t c = uint32_t(m.kind) << 28;
  c |= uint32_t(m.card) << 24;
  c |= uint32_t(m.formula.mask & kAllSymbols);
  if (m.kind == Kind::Write) return Action{c | uint32_t(m.second & kAllSymbols) << 10};
  c |= uint32_t(m.a & 15u) << 10;
  c |= uint32_t(m.b & 15u) << 14;
  return Action{c};
}

Move decode(Action a) {
  const uint32_t c = a.code;
  Move m;
  m.kind = Kind((c >> 28) & 15u);
  m.card = Card((c >> 24) & 15u);
  m.formula.mask = SymbolMask(c & kAllSymbols);
  if (m.kind == Kind::Write) {
    m.second = SymbolMask((c >> 10) & kAllSymbols);
    return m;
  }
  m.a = uint8_t((c >> 10) & 15u);
  m.b = uint8_t((c >> 14) & 15u);
  return m;
}

bool valid_code(Action a) {
  const uint32_t kind = a.code >> 28, card = (a.code >> 24) & 15u;
  if (kind >= uint32_t(kKinds) || card >= uint32_t(kCardKinds)) return false;
  const Move m = decode(a);
  if (encode(m) != a) return false;  // a bit no field of its kind uses
  const bool no_card = m.card == Card::OubliRepare;
  const bool no_args = m.a == 0 && m.b == 0 && m.formula.mask == 0;
  switch (m.kind) {
    case Kind::CloseBook:
    case Kind::TimeUp:
    case Kind::Pass:
    case Kind::Brouillard:
      return no_card && no_args;
    case Kind::Start:
      return no_card && m.a >= 5 && m.a <= 7 && m.b == 0 && m.formula.mask == 0;
    case Kind::Write:
      // The second formula takes cards left by a first one with cards.
      return no_card && (m.second & m.formula.mask) == 0 && (m.second == 0 || m.formula.mask);
    case Kind::Keep:
      return no_args;
    case Kind::Forced:
      return no_card && m.a <= 1 && m.b == 0 && m.formula.mask == 0;
    case Kind::Play:
      if (m.formula.mask) return false;
      switch (m.card) {
        case Card::OubliRepare:
          return m.a < kSymbols && m.b <= 1;
        case Card::Rectification:
          return m.a < kSymbols && m.b < kSymbols;
        case Card::MauvaisSort:
          return m.a < kMaxPlayers && m.b == 0;
        case Card::Attraction:
          return m.a >= 1 && m.a <= 2 && m.b == 0;
        case Card::Brouillard:
          return false;  // `play brouillard` is the action `brouillard`
        default:
          return m.a == 0 && m.b == 0;
      }
  }
  return false;
}

std::string mask_text(SymbolMask m) {
  std::string out;
  for (int s = 0; s < kSymbols; ++s)
    if (m & (1u << s)) {
      if (!out.empty()) out += ' ';
      out += kSymbolTable[size_t(s)].syllable;
    }
  return out;
}

std::string formula_text(SymbolMask cards, SymbolMask second) {
  if (!cards) return "formula none";
  return "formula " + mask_text(cards) + (second ? " second " + mask_text(second) : "");
}

std::string move_text(const Move& m) {
  if (!valid_code(encode(m))) return invalid_code_text(encode(m));
  auto sym = [](int s) { return std::string(kSymbolTable[size_t(s) % kSymbols].syllable); };
  switch (m.kind) {
    case Kind::CloseBook:
      return "close-book";
    case Kind::TimeUp:
      return "time-up";
    case Kind::Pass:
      return "pass";
    case Kind::Start:
      return "start " + std::to_string(m.a);
    case Kind::Write:
      return formula_text(m.formula.mask, m.second);
    case Kind::Brouillard:
      return "brouillard";
    case Kind::Keep:
      return "keep " + std::string(info(m.card).id);
    case Kind::Forced:
      return m.a ? "forced ask" : "forced auto";
    case Kind::Play: {
      std::string out = "play " + std::string(info(m.card).id);
      switch (m.card) {
        case Card::OubliRepare:
          return out + " " + sym(m.a) + (m.b ? " to second" : "");
        case Card::Rectification:
          return out + " " + sym(m.a) + " for " + sym(m.b);
        case Card::MauvaisSort:
          return out + " on " + std::to_string(m.a);
        case Card::Attraction:
          return out + " " + std::to_string(m.a);
        default:
          return out;
      }
    }
  }
  return invalid_code_text(encode(m));
}

std::string invalid_code_text(Action a) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "%08x", a.code);
  return "invalid action code 0x" + std::string(hex);
}

namespace {

// Lower case, accents dropped (UTF-8 Latin-1 letters and œ), separators made spaces.
std::string normalise(std::string_view in) {
  static constexpr std::string_view kFrom =
      "\xc0\xc1\xc2\xc3\xc4\xc5\xc7\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd2\xd3\xd4\xd5\xd6\xd9\xda"
      "\xdb\xdc\xe0\xe1\xe2\xe3\xe4\xe5\xe7\xe8\xe9\xea\xeb\xec\xed\xee\xef\xf2\xf3\xf4\xf5\xf6"
      "\xf9\xfa\xfb\xfc\xff";
  static constexpr std::string_view kTo = "aaaaaaceeeeiiiiooooouuuuaaaaaaceeeeiiiiooooouuuuy";
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    const auto ch = static_cast<unsigned char>(in[i]);
    if (ch < 0x80) {
      char c = char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
      if (c == '_') c = '-';
      if (c == ',' || c == ':' || c == '+' || c == ';') c = ' ';
      out += c;
    } else if ((ch == 0xC3 || ch == 0xC5) && i + 1 < in.size()) {
      const auto next = static_cast<unsigned char>(in[i + 1]);
      ++i;
      if (ch == 0xC5) {
        if (next == 0x93 || next == 0x92) out += "oe";
        continue;
      }
      const unsigned char latin1 = static_cast<unsigned char>(next + 0x40);
      const auto pos = kFrom.find(char(latin1));
      if (pos != std::string_view::npos) out += kTo[pos];
    }
  }
  // Names of several words become one word.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kJoin{{
      {"tete de mort", "tete-de-mort"},
      {"eclair fourchu", "eclair-fourchu"},
      {"brouillard magique", "brouillard"},
      {"oubli repare", "oubli-repare"},
      {"vent arriere", "vent-arriere"},
      {"double jeu", "double-jeu"},
      {"mauvais sort", "mauvais-sort"},
      {"close book", "close-book"},
      {"time up", "time-up"},
      {"acrobatie aerienne ", "acrobatie-"},
      {"acrobatie ", "acrobatie-"},
      {"closebook", "close-book"},
      {"second formula", "second-formula"},
      {"seconde formule", "second-formula"},
  }};
  for (const auto& [from, to] : kJoin)
    for (size_t p = out.find(from); p != std::string::npos; p = out.find(from, p + to.size()))
      out.replace(p, from.size(), to);
  return out;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<int> symbol_of(const std::string& w) {
  for (int s = 0; s < kSymbols; ++s) {
    const auto& info = kSymbolTable[size_t(s)];
    if (w == info.syllable || w == info.id) return s;
  }
  return std::nullopt;
}

std::optional<Colour> colour_of(const std::string& w) {
  if (w == "orange" || w == "rouge") return Colour::Orange;
  if (w == "black" || w == "noir" || w == "noire") return Colour::Black;
  return std::nullopt;
}

std::optional<Card> card_of(const std::string& w) {
  for (const auto& c : kCardTable)
    if (w == c.id) return c.card;
  if (w == "brouillard-magique") return Card::Brouillard;
  if (w == "acrobatie-aerienne-1") return Card::Acrobatie1;
  if (w == "acrobatie-aerienne-2") return Card::Acrobatie2;
  if (w == "acrobatie-aerienne-3") return Card::Acrobatie3;
  return std::nullopt;
}

std::optional<int> number_of(const std::string& w) {
  if (w.empty() || w.size() > 3) return std::nullopt;
  int v = 0;
  for (char c : w) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string symbol_words() {
  std::string out;
  for (const auto& s : kSymbolTable) {
    if (!out.empty()) out += ", ";
    out += std::string(s.syllable) + " (" + std::string(s.id) + ")";
  }
  return out;
}

std::string card_words() {
  std::string out;
  for (const auto& c : kCardTable) {
    if (!out.empty()) out += ", ";
    out += c.id;
  }
  return out;
}

const char* kExpected =
    "expected one of: close-book; start 6; formula zaam boulga; formula none; formula zaam "
    "boulga second foulzz; play decret; play oubli-repare stella; play rectification "
    "zaam for boulga; play double-jeu; play vent-arriere; play mauvais-sort on 2; play "
    "attraction 1; play blocage; keep acrobatie-2; brouillard; pass";

const char* kNoColour =
    "formulas have no colour: write only the symbol cards, e.g. 'formula zaam boulga' (the "
    "dice say at the reveal which colour a formula is valid in)";

// Which formula a formula spell names: "first" / "1" or "second" / "2".
std::optional<int> formula_number(const std::string& w) {
  if (w == "first" || w == "1" || w == "premiere" || w == "premier") return 0;
  if (w == "second" || w == "2" || w == "seconde" || w == "deuxieme") return 1;
  return std::nullopt;
}

// Symbols from words[from..]; every word must be a symbol, none twice.
Result<SymbolMask> symbols(const std::vector<std::string>& w, size_t from, size_t to) {
  SymbolMask m = 0;
  for (size_t i = from; i < to; ++i) {
    auto s = symbol_of(w[i]);
    if (!s && colour_of(w[i])) return fail(kNoColour);
    if (!s) return fail("'" + w[i] + "' is not a symbol; the symbols are " + symbol_words());
    if (m & (1u << *s))
      return fail("the symbol " + w[i] + " is written twice: you hold one card of each symbol");
    m |= SymbolMask(1u << *s);
  }
  return m;
}

// A verb that takes nothing more: anything after it is refused rather than ignored.
Result<Move> bare(Kind kind, const std::vector<std::string>& w, const char* canonical) {
  if (w.size() != 1) return fail("'" + std::string(canonical) + "' takes nothing more");
  Move m;
  m.kind = kind;
  return m;
}

}  // namespace

Result<Move> parse_move(std::string_view text) {
  const auto w = split(normalise(text));
  if (w.empty()) return fail(std::string("empty action; ") + kExpected);
  const std::string& verb = w[0];
  Move m;
  if (verb == "close-book" || verb == "close" || verb == "ferme")
    return bare(Kind::CloseBook, w, "close-book");
  if (verb == "time-up") return bare(Kind::TimeUp, w, "time-up");
  if (verb == "pass" || verb == "passe") return bare(Kind::Pass, w, "pass");
  if (verb == "brouillard") return bare(Kind::Brouillard, w, "brouillard");
  if (verb == "forced") {
    if (w.size() != 2 || (w[1] != "ask" && w[1] != "auto"))
      return fail(
          "'forced' is a setting: 'forced auto' (the table plays your forced moves) or "
          "'forced ask' (it asks you)");
    m.kind = Kind::Forced;
    m.a = uint8_t(w[1] == "ask");
    return m;
  }
  if (verb == "start" || verb == "depart") {
    auto n = w.size() == 2 ? number_of(w[1]) : std::nullopt;
    if (!n || *n < 5 || *n > 7)
      return fail("a novice pilot starts on square 5, 6 or 7, e.g. 'start 6'");
    m.kind = Kind::Start;
    m.a = uint8_t(*n);
    return m;
  }
  if (verb == "second-formula")
    return fail(
        "with Double-jeu in hand the second formula is written with the first, in one action: "
        "'formula zaam boulga second foulzz'");
  if (verb == "formula" || verb == "formule") {
    m.kind = Kind::Write;
    if (w.size() == 2 && (w[1] == "none" || w[1] == "rien")) return m;
    if (w.size() >= 2 && colour_of(w[1])) return fail(kNoColour);
    // `second` (or `second-formula`) starts the second formula, written with Double-jeu.
    size_t cut = w.size();
    for (size_t i = 1; i < w.size(); ++i)
      if (w[i] == "second" || w[i] == "seconde" || w[i] == "second-formula") {
        cut = i;
        break;
      }
    auto mask = symbols(w, 1, cut);
    if (!mask) return fail(mask.error());
    if (*mask == 0)
      return fail(
          "a formula holds at least one card, e.g. 'formula zaam boulga' (with Double-jeu, "
          "'formula zaam boulga second foulzz'); write 'formula none' to write nothing");
    m.formula.mask = *mask;
    if (cut == w.size()) return m;
    if (w.size() == cut + 2 && (w[cut + 1] == "none" || w[cut + 1] == "rien")) return m;
    auto second = symbols(w, cut + 1, w.size());
    if (!second) return fail(second.error());
    if (*second == 0)
      return fail(
          "'second' is followed by the cards of the second formula, e.g. 'formula zaam boulga "
          "second foulzz'");
    if (const SymbolMask both = *second & *mask)
      return fail("the card " + mask_text(SymbolMask(both & -both)) +
                  " is in both formulas: the second formula takes the cards left");
    m.second = *second;
    return m;
  }
  if (verb == "keep" || verb == "garde") {
    auto card = w.size() == 2 ? card_of(w[1]) : std::nullopt;
    if (!card)
      return fail(
          "'keep' names one of the drawn Magie noire cards, e.g. 'keep vent-arriere'; "
          "the cards are " +
          card_words());
    m.kind = Kind::Keep;
    m.card = *card;
    return m;
  }
  if (verb == "play" || verb == "joue" || verb == "jouer") {
    auto card = w.size() >= 2 ? card_of(w[1]) : std::nullopt;
    if (!card)
      return fail("'play' names a Magie noire card, e.g. 'play vent-arriere'; the cards are " +
                  card_words());
    if (*card == Card::Brouillard) {
      if (w.size() != 2) return fail("Brouillard magique takes nothing more: 'brouillard'");
      m.kind = Kind::Brouillard;
      return m;
    }
    m.kind = Kind::Play;
    m.card = *card;
    switch (*card) {
      case Card::OubliRepare: {
        // play oubli-repare SYMBOL [to first|second]
        auto s = w.size() >= 3 ? symbol_of(w[2]) : std::nullopt;
        std::optional<int> f = 0;
        const bool to = w.size() == 5 && (w[3] == "to" || w[3] == "in" || w[3] == "dans");
        if (to) f = formula_number(w[4]);
        if (to && colour_of(w[4]))
          return fail(
              "formulas have no colour: Oubli réparé adds to your formula, or to your second "
              "one when Double-jeu made it count: 'play oubli-repare stella to second'");
        if (!s || !f || (w.size() != 3 && !to))
          return fail(
              "Oubli réparé names the card added, e.g. 'play oubli-repare stella', or 'play "
              "oubli-repare stella to second' for the formula Double-jeu made count");
        m.a = uint8_t(*s);
        m.b = uint8_t(*f);
        return m;
      }
      case Card::Rectification: {
        // play rectification OUT for IN: the card taken out says which formula it leaves.
        auto out = w.size() >= 5 ? symbol_of(w[2]) : std::nullopt;
        auto in = w.size() >= 5 ? symbol_of(w[4]) : std::nullopt;
        const bool sep = w.size() >= 5 && (w[3] == "for" || w[3] == "contre" || w[3] == "pour");
        if (w.size() == 7 && colour_of(w[6]))
          return fail(
              "formulas have no colour: the card taken out says which formula Rectification "
              "changes, e.g. 'play rectification zaam for boulga'");
        if (!out || !in || !sep || w.size() != 5)
          return fail(
              "Rectification names the card taken out of your formula and the card put in, "
              "e.g. 'play rectification zaam for boulga'");
        m.a = uint8_t(*out);
        m.b = uint8_t(*in);
        return m;
      }
      case Card::DoubleJeu:
        if (w.size() != 2)
          return fail(
              "'play double-jeu' takes nothing more: the second formula is written in phase 2 "
              "with the first ('formula zaam second foulzz'), and Double-jeu makes it count in "
              "phase 4");
        return m;
      case Card::MauvaisSort: {
        size_t i = w.size() >= 3 && (w[2] == "on" || w[2] == "sur") ? 3 : 2;
        auto n = w.size() == i + 1 ? number_of(w[i]) : std::nullopt;
        if (!n || *n >= kMaxPlayers)
          return fail(
              "Mauvais sort names the leading witch it strikes, by seat: 'play "
              "mauvais-sort on 2'");
        m.a = uint8_t(*n);
        return m;
      }
      case Card::Attraction: {
        auto n = w.size() == 3 ? number_of(w[2]) : std::nullopt;
        if (!n || *n < 1 || *n > 2)
          return fail("Attraction pulls every other witch 1 or 2 squares: 'play attraction 2'");
        m.a = uint8_t(*n);
        return m;
      }
      default:
        if (w.size() != 2)
          return fail("'play " + std::string(info(*card).id) + "' takes nothing more");
        return m;
    }
  }
  return fail("unknown action '" + std::string(text) + "'; " + kExpected);
}

}  // namespace sabbat::du_balai
