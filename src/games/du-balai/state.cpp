// The turn of Du Balai !, in the order of the rule book: book open, writing, reveal,
// resolution, curse.
#include "games/du-balai/state.hpp"

#include <algorithm>

#include "games/du-balai/events.hpp"

namespace sabbat::du_balai {

int Witch::hand_count() const {
  int n = 0;
  for (auto c : hand) n += c;
  return n;
}

DuBalaiState::DuBalaiState(const Options& options, uint64_t seed) : o_(options), rng_(seed) {
  track_.players = o_.players;
  for (int s = 0; s < o_.players; ++s) {
    witches_[size_t(s)].pilot = o_.pilots[size_t(s)];
    witches_[size_t(s)].started = o_.pilots[size_t(s)] != Pilot::Novice;
  }
  // "Mélangez les cartes Magie noire et faites-en une pioche face cachée."
  for (const auto& c : kCardTable)
    for (int i = 0; i < c.count; ++i) deck_[deck_n_++] = c.card;
  shuffle_deck();
  bool waiting = false;
  for (int s = 0; s < o_.players; ++s) waiting |= !witches_[size_t(s)].started;
  if (!waiting) open_book(0, nullptr);
}

// ---------------------------------------------------------------------------------------
// Who acts, and until when.

SeatSet DuBalaiState::actors() const {
  SeatSet out;
  if (phase_ == Phase::Over) return out;
  if (pending_.open) {
    for (int s = 0; s < o_.players; ++s)
      if (s != pending_.last && !pending_.passed.contains(s)) out.add(s);
    return out;
  }
  switch (phase_) {
    case Phase::Setup:
      for (int s = 0; s < o_.players; ++s)
        if (!witches_[size_t(s)].started) out.add(s);
      break;
    case Phase::BookOpen:
      // "Un joueur sur la case -2 ne peut plus fermer la boîte."
      for (int s = 0; s < o_.players; ++s)
        if (track_.square[size_t(s)] > kBackmost) out.add(s);
      break;
    case Phase::Writing:
      for (int s = 0; s < o_.players; ++s)
        if (!witches_[size_t(s)].written) out.add(s);
      break;
    case Phase::DecretLook:
      out.add(decret_);
      break;
    case Phase::Resolving:
      out.add(resolving());
      break;
    case Phase::Over:
      break;
  }
  return out;
}

std::optional<Deadline> DuBalaiState::deadline() const {
  if (phase_ == Phase::Over || phase_ == Phase::Setup) return std::nullopt;
  if (pending_.open) return Deadline{deadline_, act::time_up()};
  if (phase_ == Phase::BookOpen || phase_ == Phase::DecretLook)
    return Deadline{deadline_, act::close_book()};
  return Deadline{deadline_, act::time_up()};
}

bool DuBalaiState::dice_visible_to(Seat viewer) const {
  switch (phase_) {
    case Phase::BookOpen:
    case Phase::Resolving:
    case Phase::Over:
      return true;
    case Phase::DecretLook:
      return viewer == decret_;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------
// Legal actions: listed directly (no allocation), and checked one by one with a message.

void DuBalaiState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  if (!actors().contains(seat)) return;
  const Witch& w = witches_[size_t(seat)];
  if (pending_.open) {
    out.push_back(act::pass());
    if (w.hand[size_t(Card::Brouillard)]) out.push_back(act::brouillard());
    return;
  }
  switch (phase_) {
    case Phase::Setup:
      for (int sq = 5; sq <= 7; ++sq) out.push_back(act::start_on(sq));
      return;
    case Phase::BookOpen:
    case Phase::DecretLook:
      out.push_back(act::close_book());
      return;
    case Phase::Writing: {
      if (seat != closer_) out.push_back(act::write_none());
      for (int c = 0; c < 2; ++c)
        for (SymbolMask m = 1; m <= kAllSymbols; ++m) out.push_back(act::write(Colour(c), m));
      bool others_written = decret_ < 0 && w.hand[size_t(Card::Decret)] > 0;
      for (int s = 0; s < o_.players; ++s)
        others_written &= s == seat || witches_[size_t(s)].written;
      if (others_written) out.push_back(act::play(Card::Decret));
      return;
    }
    case Phase::Resolving:
      switch (step_) {
        case Step::FormulaSpells:
          out.push_back(act::pass());
          list_spells(seat, Moment::Formula, out);
          return;
        case Step::Keep: {
          Hand seen{};
          for (int i = 0; i < drawn_n_; ++i)
            if (!seen[size_t(drawn_[size_t(i)])]++) out.push_back(act::keep(drawn_[size_t(i)]));
          return;
        }
        case Step::AfterMove:
          out.push_back(act::pass());
          list_spells(seat, Moment::AfterMove, out);
          return;
      }
      return;
    case Phase::Over:
      return;
  }
}

void DuBalaiState::list_spells(Seat seat, Moment moment, ActionList& out) const {
  const Witch& w = witches_[size_t(seat)];
  auto holds = [&](Card c) { return w.hand[size_t(c)] > 0; };
  const SymbolMask used = used_cards(seat);
  if (moment == Moment::Formula) {
    for (int i = 0; i < w.formulas; ++i) {
      const Formula& f = w.formula[size_t(i)];
      for (int s = 0; s < kSymbols; ++s) {
        if (holds(Card::OubliRepare) && !(used & (1u << s)))
          out.push_back(act::play_oubli(s, f.colour));
        if (holds(Card::Rectification) && (f.mask & (1u << s)))
          for (int in = 0; in < kSymbols; ++in)
            if (!(used & (1u << in))) out.push_back(act::play_rectification(s, in, f.colour));
      }
    }
    if (holds(Card::DoubleJeu) && w.formulas == 1)
      for (SymbolMask m = 1; m <= kAllSymbols; ++m)
        if (!(m & used)) out.push_back(act::play_double_jeu(other(w.formula[0].colour), m));
    return;
  }
  if (holds(Card::MauvaisSort)) {
    const int lead = track_.leading_square();
    for (int t = 0; t < o_.players; ++t)
      if (t != seat && !track_.finished(t) && track_.square[size_t(t)] == lead)
        out.push_back(act::play_mauvais_sort(t));
  }
  if (track_.finished(seat)) return;
  if (holds(Card::VentArriere)) out.push_back(act::play(Card::VentArriere));
  if (holds(Card::Attraction)) {
    out.push_back(act::play_attraction(1));
    out.push_back(act::play_attraction(2));
  }
  if (holds(Card::Blocage) && track_.blocker < 0) out.push_back(act::play(Card::Blocage));
}

namespace {
std::string seat_name(int s) {
  return "seat " + std::to_string(s);
}
std::string card_name(Card c) {
  return std::string(info(c).name);
}
std::string sym(int s) {
  return std::string(kSymbolTable[size_t(s)].syllable);
}
}  // namespace

Status DuBalaiState::check(Seat seat, Action action) const {
  const Move m = decode(action);
  if (!(encode(m) == action) || uint8_t(m.kind) > uint8_t(Kind::Play) ||
      uint8_t(m.card) >= kCardKinds)
    return fail("unknown action code " + std::to_string(action.code));
  if (seat < 0 || seat >= o_.players) return fail("there is no " + seat_name(seat));
  if (phase_ == Phase::Over) return fail("the race is over");
  if (m.kind == Kind::TimeUp) return fail("only the clock says 'time-up'");
  if (!actors().contains(seat)) {
    if (phase_ == Phase::BookOpen && track_.square[size_t(seat)] <= kBackmost)
      return fail("a witch on square -2 may not close the book");
    if (phase_ == Phase::Writing) return fail("you have already written your formula");
    return fail(seat_name(seat) + " may not act now");
  }
  const Witch& w = witches_[size_t(seat)];
  if (pending_.open) {
    if (m.kind == Kind::Pass) return {};
    if (m.kind == Kind::Brouillard)
      return w.hand[size_t(Card::Brouillard)] ? Status{} : fail("you hold no Brouillard magique");
    return fail("a spell waits for reactions: answer 'brouillard' (if you hold it) or 'pass'");
  }
  if (m.kind == Kind::Brouillard)
    return fail("Brouillard magique is played only when an opponent plays a spell");
  switch (phase_) {
    case Phase::Setup:
      if (m.kind != Kind::Start)
        return fail("novice pilots first choose their square: 'start 5', 'start 6' or 'start 7'");
      if (m.a < 5 || m.a > 7) return fail("a novice pilot starts on square 5, 6 or 7");
      return {};
    case Phase::BookOpen:
      if (m.kind == Kind::CloseBook) return {};
      if (m.kind == Kind::Play && m.card == Card::Decret)
        return fail("Décret is played in phase 2, once every other witch has written");
      return fail("the book is open: the only action is 'close-book'");
    case Phase::DecretLook:
      if (m.kind == Kind::CloseBook) return {};
      return fail("you are looking at the book (Décret): 'close-book' when you have seen enough");
    case Phase::Writing:
      if (m.kind == Kind::Write) {
        if (m.formula.empty() && seat == closer_)
          return fail("you closed the book: your formula holds at least one card");
        return {};
      }
      if (m.kind == Kind::Play) return check_play(seat, m);
      return fail("write your formula, e.g. 'formula orange: zaam boulga', or 'formula none'");
    case Phase::Resolving:
      if (step_ == Step::Keep) {
        if (m.kind != Kind::Keep)
          return fail("choose the Magie noire card you keep, e.g. 'keep " +
                      std::string(info(drawn_[0]).id) + "'");
        for (int i = 0; i < drawn_n_; ++i)
          if (drawn_[size_t(i)] == m.card) return {};
        return fail("you did not draw " + card_name(m.card));
      }
      if (m.kind == Kind::Pass) return {};
      if (m.kind == Kind::Play) return check_play(seat, m);
      return fail(step_ == Step::FormulaSpells
                      ? "your formula takes effect: play a formula spell or 'pass'"
                      : "you have moved: play a spell for after your move or 'pass'");
    case Phase::Over:
      break;
  }
  return fail("the race is over");
}

Status DuBalaiState::check_play(Seat seat, const Move& m) const {
  const Witch& w = witches_[size_t(seat)];
  const CardInfo& card = info(m.card);
  if (card.moment == Moment::Never)
    return fail(card_name(m.card) + " is not played: it scores at the end of the race");
  if (!w.hand[size_t(m.card)]) return fail("you hold no " + card_name(m.card));
  const bool formula_moment = phase_ == Phase::Resolving && step_ == Step::FormulaSpells;
  const bool after_moment = phase_ == Phase::Resolving && step_ == Step::AfterMove;
  switch (card.moment) {
    case Moment::Formula:
      if (!formula_moment)
        return fail(card_name(m.card) + " is played when your formula takes effect");
      break;
    case Moment::AfterMove:
      if (!after_moment) return fail(card_name(m.card) + " is played after your own move");
      break;
    case Moment::Decret:
      if (phase_ != Phase::Writing || w.written)
        return fail("Décret is played in phase 2, before writing your formula");
      break;
    default:
      return fail(card_name(m.card) + " is played only when an opponent plays a spell");
  }
  const SymbolMask used = used_cards(seat);
  switch (m.card) {
    case Card::OubliRepare: {
      const int i = formula_index(seat, m.colour);
      if (i < 0) return fail("you have no " + std::string(colour_name(m.colour)) + " formula");
      if (m.a >= kSymbols) return fail("no such symbol");
      if (used & (1u << m.a))
        return fail("the card " + sym(m.a) + " is in your formula, not in your hand");
      return {};
    }
    case Card::Rectification: {
      const int i = formula_index(seat, m.colour);
      if (i < 0) return fail("you have no " + std::string(colour_name(m.colour)) + " formula");
      if (m.a >= kSymbols || m.b >= kSymbols) return fail("no such symbol");
      if (!(w.formula[size_t(i)].mask & (1u << m.a)))
        return fail("the card " + sym(m.a) + " is not in your " +
                    std::string(colour_name(m.colour)) + " formula");
      if (used & (1u << m.b))
        return fail("the card " + sym(m.b) + " is in your formula, not in your hand");
      return {};
    }
    case Card::DoubleJeu:
      if (w.formulas == 0) return fail("Double-jeu adds a second formula to the one you wrote");
      if (w.formulas == 2) return fail("you already have two formulas");
      if (m.formula.colour == w.formula[0].colour)
        return fail("the second formula is in the other colour: " +
                    std::string(colour_name(other(w.formula[0].colour))));
      if (m.formula.empty()) return fail("the second formula holds at least one card");
      if (m.formula.mask & used)
        return fail("a card of the second formula is already in your first formula");
      return {};
    case Card::VentArriere:
    case Card::Attraction:
    case Card::Blocage:
      if (track_.finished(seat))
        return fail("you have crossed the line: " + card_name(m.card) +
                    " has no square to work from");
      if (m.card == Card::Attraction && (m.a < 1 || m.a > 2))
        return fail("Attraction pulls 1 or 2 squares");
      if (m.card == Card::Blocage && track_.blocker >= 0) return fail("Blocage is already in play");
      return {};
    case Card::MauvaisSort: {
      const int t = m.a;
      if (t >= o_.players) return fail("there is no " + seat_name(t));
      if (t == seat) return fail("Mauvais sort strikes another witch than you");
      if (track_.finished(t)) return fail(seat_name(t) + " has crossed the line");
      if (track_.square[size_t(t)] != track_.leading_square())
        return fail("Mauvais sort strikes the leading witch; " + seat_name(t) + " is not leading");
      return {};
    }
    case Card::Decret:
      for (int s = 0; s < o_.players; ++s)
        if (s != seat && !witches_[size_t(s)].written)
          return fail("Décret is played once every other witch has written");
      if (decret_ >= 0) return fail("a Décret has already been played this turn");
      return {};
    default:
      return fail(card_name(m.card) + " cannot be played now");
  }
}

std::string DuBalaiState::action_text(Action action) const {
  return move_text(decode(action));
}

Result<Action> DuBalaiState::parse_action(Seat seat, std::string_view text) const {
  Colour def = Colour::Orange;
  if (seat >= 0 && seat < o_.players && witches_[size_t(seat)].formulas == 1)
    def = witches_[size_t(seat)].formula[0].colour;
  auto m = parse_move(text, def);
  if (!m) return fail(m.error());
  return encode(*m);
}

// ---------------------------------------------------------------------------------------
// Applying.

Status DuBalaiState::do_apply(Seat seat, Action action, GameTime now, Events* ev) {
  if (seat == kClock) {
    if (pending_.open) {
      close_window(now, ev);
    } else if (phase_ == Phase::BookOpen) {
      close_book(-1, now, ev);  // "it closes with no closer"
    } else if (phase_ == Phase::DecretLook) {
      phase_ = Phase::Writing;
      deadline_ = now + o_.formula_time;
    } else if (phase_ == Phase::Writing) {
      // A witch who writes nothing does not move (the closer's empty formula is invalid).
      for (int s = 0; s < o_.players; ++s)
        if (!witches_[size_t(s)].written) write(s, Formula{}, now, ev);
      if (phase_ == Phase::Writing) reveal(now, ev);
    } else if (phase_ == Phase::Resolving) {
      if (step_ == Step::FormulaSpells)
        move_witch(now, ev);
      else if (step_ == Step::Keep)
        finish_keep(drawn_[0], now, ev);
      else
        next_witch(now, ev);
    }
    return {};
  }
  if (Status st = check(seat, action); !st) return st;
  const Move m = decode(action);
  Witch& w = witches_[size_t(seat)];
  if (pending_.open) {
    if (m.kind == Kind::Pass) {
      pending_.passed.add(seat);
      if (actors().empty()) close_window(now, ev);
      return {};
    }
    // Brouillard: it is itself a spell, which the others may answer in turn.
    --w.hand[size_t(Card::Brouillard)];
    ++discard_[size_t(Card::Brouillard)];
    ++pending_.fogs;
    pending_.last = int8_t(seat);
    pending_.passed = SeatSet();
    if (ev)
      emit(*ev, Audience::everyone(o_.players), "brouillard",
           seat_name(seat) + " plays Brouillard magique",
           json{{"seat", seat}, {"fogs", pending_.fogs}});
    if (anyone_may_react(seat))
      deadline_ = now + o_.reaction_time;
    else
      close_window(now, ev);
    return {};
  }
  switch (m.kind) {
    case Kind::Start:
      track_.square[size_t(seat)] = int8_t(m.a);
      w.started = true;
      if (ev)
        emit(*ev, Audience::everyone(o_.players), "start",
             seat_name(seat) + " (novice) starts on square " + std::to_string(m.a),
             json{{"seat", seat}, {"square", m.a}});
      if (actors().empty()) open_book(now, ev);
      return {};
    case Kind::CloseBook:
      if (phase_ == Phase::BookOpen) {
        close_book(seat, now, ev);
      } else {
        phase_ = Phase::Writing;  // the end of a Décret look
        deadline_ = now + o_.formula_time;
      }
      return {};
    case Kind::Write:
      write(seat, m.formula, now, ev);
      maybe_end_writing(now, ev);
      return {};
    case Kind::Keep:
      finish_keep(m.card, now, ev);
      return {};
    case Kind::Pass:
      if (step_ == Step::FormulaSpells)
        move_witch(now, ev);
      else
        next_witch(now, ev);
      return {};
    case Kind::Play:
      cast(seat, action, now, ev);
      return {};
    default:
      break;
  }
  return fail("this action cannot be applied now");
}

void DuBalaiState::write(Seat seat, Formula f, GameTime now, Events* ev) {
  (void)now;
  Witch& w = witches_[size_t(seat)];
  w.written = true;
  w.formula[0] = f.empty() ? Formula{} : f;
  w.formula[1] = Formula{};
  w.formulas = f.empty() ? 0 : 1;
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "written", seat_name(seat) + " has written",
         json{{"seat", seat}});
  if (ev)
    emit(*ev, Audience::only(seat), "your-formula",
         "you wrote " + move_text(act::of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, f)),
         json{{"seat", seat},
              {"formula",
               move_text(act::of(Kind::Write, Card::OubliRepare, 0, 0, Colour::Orange, f))}});
}

void DuBalaiState::open_book(GameTime now, Events* ev) {
  ++turn_;
  for (int s = 0; s < o_.players; ++s) {
    Witch& w = witches_[size_t(s)];
    w.written = false;
    w.formulas = 0;
    w.formula = {};
  }
  closer_ = -1;
  decret_ = -1;
  track_.blocker = -1;
  pending_ = Pending{};
  drawn_n_ = 0;
  // Phase 1: the dice are rolled into the open book.
  for (auto& d : dice_) d = uint8_t(rng_.below(kFaces));
  phase_ = Phase::BookOpen;
  deadline_ = now + o_.book_time;
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "book-open",
         "turn " + std::to_string(turn_) + ": the dice are rolled, the book is open",
         json{{"turn", turn_}, {"dice", dice_json(dice_)}});
}

void DuBalaiState::close_book(int closer, GameTime now, Events* ev) {
  closer_ = int8_t(closer);
  phase_ = Phase::Writing;
  deadline_ = now + o_.formula_time;
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "book-closed",
         closer >= 0 ? seat_name(closer) + " closes the book" : "time: the book closes by itself",
         json{{"closer", closer >= 0 ? json(closer) : json(nullptr)}});
}

void DuBalaiState::maybe_end_writing(GameTime now, Events* ev) {
  for (int s = 0; s < o_.players; ++s)
    if (!witches_[size_t(s)].written) return;
  reveal(now, ev);
}

void DuBalaiState::reveal(GameTime now, Events* ev) {
  // Phase 4 order: the closer first, then from the leader backwards, ties clockwise from the
  // closer (from seat 0 when nobody closed).
  const int first = closer_ >= 0 ? closer_ : 0;
  outcome_ = {};
  order_n_ = 0;
  if (closer_ >= 0) order_[size_t(order_n_++)] = closer_;
  for (int sq = kFinish; sq >= kBackmost; --sq)
    for (int k = 0; k < o_.players; ++k) {
      const int s = (first + k) % o_.players;
      if (s != closer_ && track_.square[size_t(s)] == sq) order_[size_t(order_n_++)] = int8_t(s);
    }
  order_i_ = 0;
  phase_ = Phase::Resolving;
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "reveal", "the formulas and the dice are revealed",
         reveal_json(*this));
  begin_resolution(now, ev);
}

void DuBalaiState::begin_resolution(GameTime now, Events* ev) {
  const int s = resolving();
  outcome_[size_t(s)].from = track_.square[size_t(s)];
  if (witches_[size_t(s)].hand_count() > 0) {
    step_ = Step::FormulaSpells;
    deadline_ = now + o_.spell_time;
  } else {
    move_witch(now, ev);
  }
}

bool DuBalaiState::bonus_allowed(Seat seat) const {
  // "Un pilote expert ne peut jamais bénéficier du bonus" ; the curse "annule le bonus … pour
  // tout joueur présent sur cette case".
  return witches_[size_t(seat)].pilot != Pilot::Expert && track_.square[size_t(seat)] != curse_;
}

void DuBalaiState::move_witch(GameTime now, Events* ev) {
  const int s = resolving();
  const Witch& w = witches_[size_t(s)];
  Outcome& out = outcome_[size_t(s)];
  const Book b = book();
  int steps = 0, draw = 0;
  bool any_valid = false;
  const bool bonus = bonus_allowed(s);
  for (int i = 0; i < w.formulas; ++i) {
    const Formula& f = w.formula[size_t(i)];
    const Verdict v = judge(f, b);
    out.verdict[size_t(i)] = v;
    if (v == Verdict::Valid || v == Verdict::Perfect) {
      any_valid = true;
      steps += f.cards();
    }
    if (v == Verdict::Perfect) {
      if (!bonus)
        out.bonus_cancelled = true;
      else if (f.colour == Colour::Orange)
        steps += 2;
      else
        draw += f.cards();
    }
  }
  out.resolved = true;
  out.formula = w.formula;
  out.formulas = w.formulas;
  out.from = track_.square[size_t(s)];
  if (s == closer_ && !any_valid) {
    out.penalty = true;  // "il recule de 2 cases"
    track_.retreat(s, 2);
  } else {
    track_.advance(s, steps);
  }
  out.to = track_.square[size_t(s)];
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "moved", move_narration(*this, s),
         outcome_json(*this, s));
  if (draw > 0 && deck_n_ > 0) {
    drawn_n_ = 0;
    for (int i = 0; i < draw && deck_n_ > 0; ++i) drawn_[drawn_n_++] = deck_[--deck_n_];
    step_ = Step::Keep;
    deadline_ = now + o_.spell_time;
    if (ev)
      emit(*ev, Audience::everyone(o_.players), "drew",
           seat_name(s) + " draws " + std::to_string(drawn_n_) + " Magie noire and keeps one",
           json{{"seat", s}, {"count", drawn_n_}});
    if (ev)
      emit(*ev, Audience::only(s), "drawn-cards", "you draw: " + drawn_text(*this),
           json{{"seat", s}, {"cards", drawn_json(*this)}});
    return;
  }
  after_move(now, ev);
}

void DuBalaiState::finish_keep(Card kept, GameTime now, Events* ev) {
  const int s = resolving();
  ++witches_[size_t(s)].hand[size_t(kept)];
  bool taken = false;
  for (int i = 0; i < drawn_n_; ++i) {
    if (!taken && drawn_[size_t(i)] == kept) {
      taken = true;
      continue;
    }
    deck_[deck_n_++] = drawn_[size_t(i)];
  }
  drawn_n_ = 0;
  shuffle_deck();  // "Les autres cartes sont remélangées dans la pioche."
  if (ev)
    emit(*ev, Audience::only(s), "kept", "you keep " + card_name(kept),
         json{{"seat", s}, {"card", info(kept).id}});
  after_move(now, ev);
}

void DuBalaiState::after_move(GameTime now, Events* ev) {
  const int s = resolving();
  if (witches_[size_t(s)].hand_count() > 0) {
    step_ = Step::AfterMove;
    deadline_ = now + o_.spell_time;
  } else {
    next_witch(now, ev);
  }
}

void DuBalaiState::next_witch(GameTime now, Events* ev) {
  ++order_i_;
  if (order_i_ < order_n_)
    begin_resolution(now, ev);
  else
    end_turn(now, ev);
}

void DuBalaiState::end_turn(GameTime now, Events* ev) {
  // "le jeton Malédiction est placé sur la case où se trouvent le ou les joueurs en tête"
  curse_ = int8_t(track_.leading_square());
  // The race ends when a witch has crossed the line; the turn limit is a guard that human
  // races never reach (see docs/rules/du-balai.md).
  if (track_.finishers > 0 || turn_ >= o_.max_turns) {
    phase_ = Phase::Over;
    if (ev)
      emit(*ev, Audience::everyone(o_.players), "race-over", "the race is over",
           json{{"scores", scores()}, {"ranks", ranks()}});
    return;
  }
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "curse",
         "the curse token moves to square " + std::to_string(curse_), json{{"square", curse_}});
  open_book(now, ev);
}

// ---------------------------------------------------------------------------------------
// Spells.

bool DuBalaiState::anyone_may_react(Seat last) const {
  // Whether a Brouillard may be held is public: all played, or nobody else holds a card.
  if (discard_[size_t(Card::Brouillard)] >= info(Card::Brouillard).count) return false;
  for (int s = 0; s < o_.players; ++s)
    if (s != last && witches_[size_t(s)].hand_count() > 0) return true;
  return false;
}

void DuBalaiState::cast(Seat seat, Action spell, GameTime now, Events* ev) {
  const Move m = decode(spell);
  --witches_[size_t(seat)].hand[size_t(m.card)];
  ++discard_[size_t(m.card)];
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "spell", seat_name(seat) + ": " + move_text(m),
         json{{"seat", seat}, {"card", info(m.card).id}, {"action", move_text(m)}});
  if (anyone_may_react(seat)) {
    pending_ = Pending{true, spell, int8_t(seat), int8_t(seat), 0, SeatSet(), deadline_};
    deadline_ = now + o_.reaction_time;
    return;
  }
  resolve_spell(seat, m, now, ev);
}

void DuBalaiState::close_window(GameTime now, Events* ev) {
  const Pending p = pending_;
  pending_ = Pending{};
  deadline_ = p.return_deadline;
  const Move m = decode(p.spell);
  if (p.fogs % 2 == 1) {
    if (ev)
      emit(*ev, Audience::everyone(o_.players), "cancelled",
           std::string(info(m.card).name) + " is cancelled by Brouillard magique",
           json{{"seat", p.caster}, {"card", info(m.card).id}});
    if (m.card == Card::Decret) return;  // back to writing, with the time that was left
    if (info(m.card).moment == Moment::Formula)
      continue_formula_step(now, ev);
    else
      continue_after_move(now, ev);
    return;
  }
  resolve_spell(p.caster, m, now, ev);
}

void DuBalaiState::resolve_spell(Seat caster, const Move& m, GameTime now, Events* ev) {
  Witch& w = witches_[size_t(caster)];
  switch (m.card) {
    case Card::OubliRepare:
      w.formula[size_t(formula_index(caster, m.colour))].mask |= SymbolMask(1u << m.a);
      break;
    case Card::Rectification:
      w.formula[size_t(formula_index(caster, m.colour))].mask ^=
          SymbolMask((1u << m.a) | (1u << m.b));
      break;
    case Card::DoubleJeu:
      w.formula[1] = m.formula;
      w.formulas = 2;
      break;
    case Card::VentArriere:
      // "Avancez d'un nombre de cases égal à votre position dans la course."
      track_.advance(caster, track_.rank(caster));
      break;
    case Card::MauvaisSort:
      track_.retreat(m.a, 3);
      break;
    case Card::Attraction: {
      const int to = track_.square[size_t(caster)];
      for (int s = 0; s < o_.players; ++s) {
        if (s == caster || track_.finished(s)) continue;
        const int at = track_.square[size_t(s)];
        if (at > to)
          track_.retreat(s, std::min<int>(m.a, at - to));
        else if (at < to)
          track_.advance(s, std::min<int>(m.a, to - at));
      }
      break;
    }
    case Card::Blocage:
      track_.blocker = int8_t(caster);
      break;
    case Card::Decret:
      // "Vous bénéficiez alors de 10 secondes de plus pour observer les dés."
      decret_ = int8_t(caster);
      phase_ = Phase::DecretLook;
      deadline_ = now + (w.pilot == Pilot::Expert ? o_.decret_time_expert : o_.decret_time);
      if (ev)
        emit(*ev, Audience::only(caster), "book-open", "Décret: the book is open to you",
             json{{"turn", turn_}, {"dice", dice_json(dice_)}});
      return;
    default:
      break;
  }
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "spell-effect",
         std::string(info(m.card).name) + " takes effect",
         json{{"seat", caster}, {"card", info(m.card).id}, {"squares", squares_json(*this)}});
  if (info(m.card).moment == Moment::Formula)
    continue_formula_step(now, ev);
  else
    continue_after_move(now, ev);
}

void DuBalaiState::continue_formula_step(GameTime now, Events* ev) {
  if (witches_[size_t(resolving())].hand_count() > 0) {
    step_ = Step::FormulaSpells;
    deadline_ = now + o_.spell_time;
  } else {
    move_witch(now, ev);
  }
}

void DuBalaiState::continue_after_move(GameTime now, Events* ev) {
  if (witches_[size_t(resolving())].hand_count() > 0) {
    step_ = Step::AfterMove;
    deadline_ = now + o_.spell_time;
  } else {
    next_witch(now, ev);
  }
}

SymbolMask DuBalaiState::used_cards(Seat seat) const {
  const Witch& w = witches_[size_t(seat)];
  SymbolMask m = 0;
  for (int i = 0; i < w.formulas; ++i) m |= w.formula[size_t(i)].mask;
  return m;
}

int DuBalaiState::formula_index(Seat seat, Colour c) const {
  const Witch& w = witches_[size_t(seat)];
  for (int i = 0; i < w.formulas; ++i)
    if (w.formula[size_t(i)].colour == c) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------
// The end.

std::vector<int> DuBalaiState::scores() const {
  std::vector<int> out(size_t(o_.players), 0);
  for (int s = 0; s < o_.players; ++s) {
    const int order = track_.finish_order[size_t(s)];
    // "Le premier … marque 25 points … le second marque 24, puis 23 pour tous les autres."
    int points = order == 1 ? 25 : order == 2 ? 24 : order > 2 ? 23 : track_.square[size_t(s)];
    for (const auto& c : kCardTable) points += c.points * witches_[size_t(s)].hand[size_t(c.card)];
    out[size_t(s)] = points;
  }
  return out;
}

std::vector<int> DuBalaiState::ranks() const {
  // "en cas d'égalité, celui qui est allé le plus loin est déclaré vainqueur"
  const auto sc = scores();
  auto distance = [&](int s) {
    const int order = track_.finish_order[size_t(s)];
    return order ? 100 - order : int(track_.square[size_t(s)]);
  };
  std::vector<int> r(size_t(o_.players), 1);
  for (int s = 0; s < o_.players; ++s)
    for (int t = 0; t < o_.players; ++t)
      if (sc[size_t(t)] > sc[size_t(s)] ||
          (sc[size_t(t)] == sc[size_t(s)] && distance(t) > distance(s)))
        ++r[size_t(s)];
  return r;
}

Status DuBalaiState::audit() const {
  Hand total = discard_;
  for (int i = 0; i < deck_n_; ++i) ++total[size_t(deck_[size_t(i)])];
  for (int i = 0; i < drawn_n_; ++i) ++total[size_t(drawn_[size_t(i)])];
  for (int s = 0; s < o_.players; ++s)
    for (int c = 0; c < kCardKinds; ++c) total[size_t(c)] += witches_[size_t(s)].hand[size_t(c)];
  for (const auto& c : kCardTable)
    if (total[size_t(c.card)] != c.count)
      return fail("Magie noire " + std::string(c.id) + ": " +
                  std::to_string(total[size_t(c.card)]) + " cards instead of " +
                  std::to_string(c.count));
  int finishers = 0;
  for (int s = 0; s < o_.players; ++s) {
    const int sq = track_.square[size_t(s)];
    if (sq < kBackmost || sq > kFinish) return fail(seat_name(s) + " is off the track");
    if ((sq == kFinish) != track_.finished(s))
      return fail(seat_name(s) + ": finish line and crossing order disagree");
    finishers += track_.finished(s);
    const Witch& w = witches_[size_t(s)];
    if (w.formulas > 2 || (w.formulas == 2 && (w.formula[0].mask & w.formula[1].mask)))
      return fail(seat_name(s) + ": a card is in two formulas");
    for (int i = 0; i < w.formulas; ++i)
      if (w.formula[size_t(i)].empty()) return fail(seat_name(s) + ": an empty formula is counted");
  }
  if (finishers != track_.finishers) return fail("the count of finishers is wrong");
  if (phase_ == Phase::Over && finishers == 0 && turn_ < o_.max_turns)
    return fail("the race ended with nobody across before the turn limit");
  return {};
}

bool DuBalaiState::Hooks::set_die(int d, int symbol, Colour colour) {
  for (int k = 0; k < kFaces; ++k)
    if (kDiceTable[size_t(d)][size_t(k)] == Face{uint8_t(symbol), colour}) {
      s.dice_[size_t(d)] = uint8_t(k);
      return true;
    }
  return false;
}

void DuBalaiState::Hooks::set_hand(Seat seat, const Hand& hand) {
  // Cards move between the hand and the deck, so that every card stays accounted for.
  Hand& h = s.witches_[size_t(seat)].hand;
  for (int c = 0; c < kCardKinds; ++c) {
    while (h[size_t(c)] > hand[size_t(c)]) {
      --h[size_t(c)];
      s.deck_[s.deck_n_++] = Card(c);
    }
    while (h[size_t(c)] < hand[size_t(c)]) give(seat, Card(c));
  }
}

void DuBalaiState::Hooks::give(Seat seat, Card c, int n) {
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < s.deck_n_; ++i)
      if (s.deck_[size_t(i)] == c) {
        std::copy(s.deck_.begin() + i + 1, s.deck_.begin() + s.deck_n_, s.deck_.begin() + i);
        --s.deck_n_;
        ++s.witches_[size_t(seat)].hand[size_t(c)];
        break;
      }
  }
}

void DuBalaiState::Hooks::stack_deck(std::initializer_list<Card> top) {
  // The top of the deck is its end: deck_[deck_n_ - 1] is drawn first.
  for (Card c : top) {
    for (int i = 0; i < s.deck_n_; ++i)
      if (s.deck_[size_t(i)] == c) {
        std::copy(s.deck_.begin() + i + 1, s.deck_.begin() + s.deck_n_, s.deck_.begin() + i);
        --s.deck_n_;
        break;
      }
  }
  // Insert at the top in reverse so that the first listed is drawn first.
  std::array<Card, kDeckSize> rest = s.deck_;
  const int n = s.deck_n_;
  int k = 0;
  for (int i = 0; i < n; ++i) s.deck_[size_t(k++)] = rest[size_t(i)];
  std::array<Card, kDeckSize> t{};
  int tn = 0;
  for (Card c : top) t[size_t(tn++)] = c;
  for (int i = tn - 1; i >= 0; --i) s.deck_[size_t(k++)] = t[size_t(i)];
  s.deck_n_ = uint8_t(k);
}

}  // namespace sabbat::du_balai
