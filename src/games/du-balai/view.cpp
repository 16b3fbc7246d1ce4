// Views: what each seat may know, as JSON; the full state for records and tests.
#include <string>

#include "games/du-balai/events.hpp"

namespace sabbat::du_balai {

std::string phase_name(Phase p) {
  switch (p) {
    case Phase::Setup:
      return "setup";
    case Phase::BookOpen:
      return "book-open";
    case Phase::Writing:
      return "writing";
    case Phase::DecretLook:
      return "decret-look";
    case Phase::Resolving:
      return "resolving";
    case Phase::Over:
      return "over";
  }
  return "?";
}

std::string step_name(Step s) {
  switch (s) {
    case Step::FormulaSpells:
      return "formula-spells";
    case Step::Keep:
      return "keep";
    case Step::AfterMove:
      return "after-move";
  }
  return "?";
}

std::string pilot_name(Pilot p) {
  switch (p) {
    case Pilot::Normal:
      return "normal";
    case Pilot::Novice:
      return "novice";
    case Pilot::Expert:
      return "expert";
  }
  return "?";
}

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::None:
      return "none";
    case Verdict::Forbidden:
      return "forbidden";
    case Verdict::Valid:
      return "valid";
    case Verdict::Perfect:
      return "perfect";
  }
  return "?";
}

json dice_json(const std::array<uint8_t, kDice>& faces) {
  json out = json::array();
  for (int d = 0; d < kDice; ++d) {
    const Face& f = kDiceTable[size_t(d)][faces[size_t(d)]];
    const auto& sym = kSymbolTable[f.symbol];
    out.push_back({{"die", d},
                   {"symbol", sym.id},
                   {"syllable", sym.syllable},
                   {"colour", colour_name(f.colour)}});
  }
  return out;
}

namespace {
json syllables(SymbolMask m) {
  json out = json::array();
  for (int s = 0; s < kSymbols; ++s)
    if (m & (1u << s)) out.push_back(kSymbolTable[size_t(s)].syllable);
  return out;
}
json seat_or_null(int s) {
  return s >= 0 ? json(s) : json(nullptr);
}
}  // namespace

json book_json(const Book& b) {
  return {{"valid_orange", syllables(b.valid(Colour::Orange))},
          {"valid_black", syllables(b.valid(Colour::Black))},
          {"in_both_colours", syllables(b.forbidden_both())}};
}

// A formula has a colour only once the dice have judged it valid: "colour" is left out before
// the reveal and for a forbidden formula.
json formula_json(const Formula& f, bool judged_valid) {
  json j = {{"cards", syllables(f.mask)},
            {"text", move_text(act::of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, f))}};
  if (judged_valid) j["colour"] = colour_name(f.colour);
  return j;
}

std::string_view second_name(Second s) {
  switch (s) {
    case Second::Unavailable:
      return "none";
    case Second::Written:
      return "written";
    case Second::Cast:
      return "cancelled";
    case Second::Counts:
      return "counts";
  }
  return "none";
}

// Her formulas, the second marked with whether it counts (Double-jeu took effect).
json formulas_json(const DuBalaiState& s, const Witch& w) {
  json out = json::array();
  for (int i = 0; i < w.formulas; ++i) {
    const Formula& f = w.formula[size_t(i)];
    json j = formula_json(f, s.formulas_revealed() && judge(f.mask, s.book()).valid());
    j["counts"] = i == 0 || w.second == Second::Counts;
    out.push_back(std::move(j));
  }
  return out;
}

json hand_json(const Hand& h) {
  json out = json::array();
  for (const auto& c : kCardTable)
    for (int i = 0; i < h[size_t(c.card)]; ++i) out.push_back(c.id);
  return out;
}

json acrobatics_json(const Hand& h) {
  json out = json::array();
  for (Card c : {Card::Acrobatie1, Card::Acrobatie2, Card::Acrobatie3})
    for (int i = 0; i < h[size_t(c)]; ++i) out.push_back(info(c).id);
  return out;
}

json squares_json(const DuBalaiState& s) {
  json out = json::array();
  for (int p = 0; p < s.players(); ++p) out.push_back(s.track().square[size_t(p)]);
  return out;
}

json outcome_json(const DuBalaiState& s, Seat seat) {
  const Outcome& o = s.outcome(seat);
  json verdicts = json::array(), formulas = json::array();
  for (int i = 0; i < o.formulas; ++i) {
    const Verdict v = o.verdict[size_t(i)];
    verdicts.push_back(verdict_name(v));
    formulas.push_back(
        formula_json(o.formula[size_t(i)], v == Verdict::Valid || v == Verdict::Perfect));
  }
  return {{"seat", seat},
          {"formulas", formulas},
          {"verdicts", verdicts},
          {"same_colour", o.same_colour},
          {"fell", o.fell},
          {"bonus_cancelled", o.bonus_cancelled},
          {"penalty", o.penalty},
          {"from", o.from},
          {"to", o.to}};
}

json reveal_json(const DuBalaiState& s) {
  json formulas = json::array();
  for (int p = 0; p < s.players(); ++p) formulas.push_back(formulas_json(s, s.witch(p)));
  json order = json::array();
  for (int i = 0; i < s.order_count(); ++i) order.push_back(s.order()[size_t(i)]);
  return {{"dice", dice_json(s.dice())},
          {"book", book_json(s.book())},
          {"formulas", formulas},
          {"order", order}};
}

json drawn_json(const DuBalaiState& s) {
  json out = json::array();
  for (int i = 0; i < s.drawn_count(); ++i) out.push_back(info(s.drawn_card(i)).id);
  return out;
}

std::string drawn_text(const DuBalaiState& s) {
  std::string out;
  for (int i = 0; i < s.drawn_count(); ++i) {
    if (i) out += ", ";
    out += info(s.drawn_card(i)).name;
  }
  return out;
}

json view_of(const DuBalaiState& s, Seat viewer) {
  json v;
  v["game"] = "du-balai";
  v["viewer"] = viewer >= 0 ? json(viewer) : json("spectator");
  v["players"] = s.players();
  v["turn"] = s.turn();
  v["now"] = s.now();
  v["phase"] = phase_name(s.phase());
  v["step"] = s.phase() == Phase::Resolving ? json(step_name(s.step())) : json(nullptr);
  if (auto d = s.deadline())
    v["deadline"] = {{"at", d->at}, {"action", s.action_text(d->action)}};
  else
    v["deadline"] = nullptr;
  json actors = json::array();
  for (int p = 0; p < s.players(); ++p)
    if (s.actors_seen_by(viewer).contains(p)) actors.push_back(p);
  v["actors"] = actors;
  // Her own setting, which only she knows.
  if (viewer >= 0 && s.options().forced_played)
    v["forced"] = s.asks_forced(viewer) ? "ask" : "auto";
  v["closer"] = seat_or_null(s.closer());
  v["curse_square"] = s.curse_square() == kNoCurse ? json(nullptr) : json(s.curse_square());
  v["blocker"] = seat_or_null(s.track().blocker);
  v["decret"] = seat_or_null(s.decret_seat());
  const bool dice = s.dice_visible_to(viewer) && s.phase() != Phase::Setup;
  v["book_open_to_you"] =
      s.phase() == Phase::BookOpen || (s.phase() == Phase::DecretLook && viewer == s.decret_seat());
  v["dice"] = dice ? dice_json(s.dice()) : json(nullptr);
  // The open book is for now only: a front must not keep it (a terminal's scrollback) once
  // the view no longer shows it.
  v["fleeting"] = v["book_open_to_you"].get<bool>() && dice;
  v["book"] = s.formulas_revealed() ? book_json(s.book()) : json(nullptr);
  const bool over = s.phase() == Phase::Over;
  json witches = json::array();
  for (int p = 0; p < s.players(); ++p) {
    const Witch& w = s.witch(p);
    json j;
    j["seat"] = p;
    j["pilot"] = pilot_name(w.pilot);
    j["started"] = w.started;
    j["square"] = s.track().square[size_t(p)];
    j["finish_order"] = s.track().finish_order[size_t(p)];
    j["magie_noire"] = w.hand_count();
    // At the end the book reveals the acrobatics only (« révélées à la fin du jeu »); the
    // whole hand only when the table asked for it (show_hands_at_end).
    if (p == viewer || (over && s.options().show_hands_at_end))
      j["hand"] = hand_json(w.hand);
    else if (over)
      j["acrobatics"] = acrobatics_json(w.hand);
    j["written"] = w.written;
    if (s.formulas_revealed() || (p == viewer && w.written)) {
      j["formulas"] = formulas_json(s, w);
      // Whether she wrote a second formula is hers until the reveal.
      j["second"] = second_name(w.second);
    }
    if (s.outcome(p).resolved) j["outcome"] = outcome_json(s, p);
    witches.push_back(j);
  }
  v["witches"] = witches;
  json order = json::array();
  for (int i = 0; i < s.order_count(); ++i) order.push_back(s.order()[size_t(i)]);
  v["order"] = order;
  v["resolving"] = s.phase() == Phase::Resolving ? json(s.resolving()) : json(nullptr);
  if (s.pending().open) {
    const Pending& pd = s.pending();
    json passed = json::array();
    for (int p = 0; p < s.players(); ++p)
      if (pd.passed.contains(p)) passed.push_back(p);
    v["pending"] = {{"caster", pd.caster},
                    {"spell", s.action_text(pd.spell)},
                    {"brouillards", pd.fogs},
                    {"last", pd.last},
                    {"passed", passed}};
  } else {
    v["pending"] = nullptr;
  }
  v["drawn_count"] = s.drawn_count();
  if (s.drawn_count() > 0 && viewer == s.resolving()) v["drawn"] = drawn_json(s);
  v["deck"] = s.deck_size();
  json discard = json::object();
  for (const auto& c : kCardTable)
    if (s.discard()[size_t(c.card)]) discard[std::string(c.id)] = s.discard()[size_t(c.card)];
  v["discard"] = discard;
  if (over) {
    v["scores"] = s.scores();
    v["ranks"] = s.ranks();
    // Each score is the race (25, 24, 23 across the line, else the square) plus acrobatics,
    // which the end shows to all.
    json parts = json::array();
    for (int p = 0; p < s.players(); ++p) {
      int acrobatics = 0;
      for (const auto& c : kCardTable) acrobatics += c.points * s.witch(p).hand[size_t(c.card)];
      parts.push_back({{"race", s.scores()[size_t(p)] - acrobatics}, {"acrobatics", acrobatics}});
    }
    v["score_parts"] = parts;
  }
  return v;
}

json full_of(const DuBalaiState& s) {
  json v = view_of(s, kSpectator);
  v["viewer"] = "full";
  v["dice"] = dice_json(s.dice_);
  v["book"] = book_json(s.book());
  for (int p = 0; p < s.players(); ++p) {
    const Witch& w = s.witch(p);
    auto& j = v["witches"][size_t(p)];
    j["hand"] = hand_json(w.hand);
    j["formulas"] = formulas_json(s, w);
    j["second"] = second_name(w.second);
  }
  v["drawn"] = drawn_json(s);
  json deck = json::array();
  for (int i = 0; i < s.deck_n_; ++i) deck.push_back(info(s.deck_[size_t(i)]).id);
  v["deck_order"] = deck;
  json words = json::array();
  for (auto w : s.rng_.words()) words.push_back(std::to_string(w));
  v["rng"] = words;
  v["deadline_at"] = s.deadline_;
  json asks = json::array();
  for (int p = 0; p < s.players(); ++p)
    if (s.asks_forced(p)) asks.push_back(p);
  v["asks_forced"] = asks;
  v["ask_opened"] = s.ask_opened_;
  v["past_least"] = s.past_least_;
  v["step_raw"] = step_name(s.step_);
  return v;
}

json DuBalaiState::view(Seat viewer) const {
  return view_of(*this, viewer);
}
json DuBalaiState::full_state() const {
  return full_of(*this);
}

}  // namespace sabbat::du_balai
