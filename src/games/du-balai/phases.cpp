// Du Balai !, in the order of the rule book: the novices' setup, then each turn's book open,
// writing, reveal, resolution and curse. Who may act and the refusals are in legal.cpp and
// refusals.cpp, the spells in spells.cpp.
#include "games/du-balai/state.hpp"

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
  if (waiting)
    deadline_ = o_.setup_time;  // then the clock starts the novices who have not chosen
  else
    open_book(0, nullptr);
}

namespace {
std::string card_name(Card c) {
  return std::string(info(c).name);
}
}  // namespace

// ---------------------------------------------------------------------------------------
// Applying.

Status DuBalaiState::do_apply(Seat seat, Action action, GameTime now, Events* ev) {
  if (seat == kClock && least_due()) {
    least_time_up(now, ev);
    return {};
  }
  if (seat >= 0 && seat_setting(action)) {
    const bool ask = decode(action).a != 0;
    if (ask)
      asks_forced_.add(seat);
    else
      asks_forced_.remove(seat);
    if (ev)
      emit(*ev, Audience::only(seat), "forced-setting",
           ask ? "the table asks you your forced moves (forced ask)"
               : "the table plays your forced moves for you (forced auto)",
           json{{"seat", seat}, {"forced", ask ? "ask" : "auto"}});
    return {};
  }
  if (seat == kClock) {
    if (pending_.open) {
      close_window(now, ev);
    } else if (phase_ == Phase::Setup) {
      for (int s = 0; s < o_.players; ++s)
        if (!witches_[size_t(s)].started) start_novice(s, o_.late_novice_square, ev);
      open_book(now, ev);
    } else if (phase_ == Phase::BookOpen) {
      close_book(-1, now, ev);  // "it closes with no closer"
    } else if (phase_ == Phase::DecretLook) {
      phase_ = Phase::Writing;
      deadline_ = now + o_.formula_time;
    } else if (phase_ == Phase::Writing) {
      // A witch who writes nothing does not move (the closer's empty formula is invalid).
      for (int s = 0; s < o_.players; ++s)
        if (!witches_[size_t(s)].written) write(s, 0, 0, ev);
      reveal(now, ev);
    } else if (phase_ == Phase::Resolving) {
      // A forced move she let the table play after the least time had passed.
      if (const MaybeAction f = forced_move(resolving()))
        forced_event(resolving(), *f, decode(*f).kind == Kind::Pass, ev);
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
      // Never before its least time (forced.cpp).
      if (actors().empty() && (!o_.forced_played || past_least_)) close_window(now, ev);
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
      begin_ask(now, now + o_.reaction_time);
    else
      close_window(now, ev);
    return {};
  }
  switch (m.kind) {
    case Kind::Start:
      start_novice(seat, m.a, ev);
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
      write(seat, m.formula.mask, m.second, ev);
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

void DuBalaiState::start_novice(Seat seat, int square, Events* ev) {
  // "un pilote novice … est autorisé à placer son pion sur la case 5, 6 ou 7"
  track_.square[size_t(seat)] = int8_t(square);
  witches_[size_t(seat)].started = true;
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "start",
         seat_name(seat) + " (novice) starts on square " + std::to_string(square),
         json{{"seat", seat}, {"square", square}});
}

void DuBalaiState::write(Seat seat, SymbolMask cards, SymbolMask second, Events* ev) {
  Witch& w = witches_[size_t(seat)];
  w.written = true;
  w.formula = {};
  w.formula[0].mask = cards;
  // Double-jeu: "Ce tour-ci, vous pouvez écrire 2 formules"; the second is written with the
  // first, face down, and counts if she plays the card when her formula takes effect. One
  // action for both, so that the table cannot tell who holds the card.
  w.formula[1].mask = second;
  w.formulas = uint8_t(cards ? (second ? 2 : 1) : 0);
  w.second = second ? Second::Written : Second::Unavailable;
  if (!ev) return;
  const std::string text = formula_text(cards, second);
  emit(*ev, Audience::everyone(o_.players), "written", seat_name(seat) + " has written",
       json{{"seat", seat}});
  emit(*ev, Audience::only(seat), "your-formula", "you wrote " + text,
       json{{"seat", seat}, {"formula", text}});
}

void DuBalaiState::colour_formulas(Seat seat) {
  const Book b = book();
  Witch& w = witches_[size_t(seat)];
  for (int i = 0; i < w.formulas; ++i)
    w.formula[size_t(i)].colour = judge(w.formula[size_t(i)].mask, b).colour;
}

void DuBalaiState::open_book(GameTime now, Events* ev) {
  ++turn_;
  for (int s = 0; s < o_.players; ++s) {
    Witch& w = witches_[size_t(s)];
    w.written = false;
    w.formulas = 0;
    w.formula = {};
    w.second = Second::Unavailable;
  }
  closer_ = -1;
  decret_ = -1;
  track_.blocker = -1;
  pending_ = Pending{};
  drawn_n_ = 0;
  // Phase 1: the dice are rolled into the open book.
  for (auto& d : dice_) d = uint8_t(rng_.below(kFaces));
  phase_ = Phase::BookOpen;
  opened_ = now;
  // The book never closes by itself while a witch may close it; with all on −2 it does.
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
    if (witches_[size_t(s)].writing()) return;
  reveal(now, ev);
}

void DuBalaiState::reveal(GameTime now, Events* ev) {
  // Phase 4 order: the closer first, then from the leader backwards, ties clockwise from the
  // closer (from seat 0 when nobody closed).
  // Each witch gets a key, bigger to go earlier; her place is the number of bigger keys. No
  // branch on the squares, which no predictor can guess.
  const int n = o_.players;
  const int first = closer_ >= 0 ? closer_ : 0;
  std::array<int, kMaxPlayers> key{};
  for (int k = 0, s = first; k < n; ++k, s = s + 1 == n ? 0 : s + 1)
    key[size_t(s)] =
        s == closer_ ? 1 << 16 : (track_.square[size_t(s)] - kBackmost) << 4 | (15 - k);
  for (int s = 0; s < n; ++s) {
    int place = 0;
    for (int t = 0; t < n; ++t) place += key[size_t(t)] > key[size_t(s)];
    order_[size_t(place)] = int8_t(s);
  }
  outcome_ = {};
  order_n_ = int8_t(n);
  order_i_ = 0;
  phase_ = Phase::Resolving;
  // "on enlève le couvercle pour vérifier la validité des formules": each formula now has the
  // colour the dice give it.
  for (int s = 0; s < o_.players; ++s) colour_formulas(s);
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "reveal", reveal_narration(*this),
         reveal_json(*this));
  begin_resolution(now, ev);
}

void DuBalaiState::begin_resolution(GameTime now, Events* ev) {
  const int s = resolving();
  outcome_[size_t(s)].from = track_.square[size_t(s)];
  if (witches_[size_t(s)].hand_count() > 0) {
    step_ = Step::FormulaSpells;
    begin_ask(now, now + o_.spell_time);
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
  // Each formula that counts is judged in the colour its symbols give it.
  const int n = w.counted();
  std::array<Judgement, 2> j{};
  for (int i = 0; i < n; ++i) j[size_t(i)] = judge(w.formula[size_t(i)].mask, b);
  // Double-jeu is judged as one play (rules/README.md): if either formula is forbidden, or
  // both are of one colour (not « une rouge ET une noire »), she falls off her broom and does
  // not move.
  bool invalid = n == 0;  // no formula: invalid, which matters for the closer
  for (int i = 0; i < n; ++i) invalid |= !j[size_t(i)].valid();
  out.same_colour = n == 2 && !invalid && j[0].colour == j[1].colour;
  out.fell = n == 2 && (invalid || out.same_colour);
  int steps = 0, draw = 0;
  const bool bonus = bonus_allowed(s);
  out.formula = {};
  out.formulas = uint8_t(n);
  for (int i = 0; i < n; ++i) {
    Formula f = w.formula[size_t(i)];
    f.colour = j[size_t(i)].colour;
    out.formula[size_t(i)] = f;
    out.verdict[size_t(i)] = j[size_t(i)].verdict;
    // A forbidden formula moves nothing; a fall moves nothing at all.
    if (!j[size_t(i)].valid() || out.fell) continue;
    steps += f.cards();
    if (j[size_t(i)].verdict != Verdict::Perfect) continue;
    if (!bonus)
      out.bonus_cancelled = true;
    else if (f.colour == Colour::Orange)
      steps += 2;
    else
      draw += f.cards();
  }
  out.resolved = true;
  out.from = track_.square[size_t(s)];
  // "si la formule écrite par le joueur ayant choisi de fermer le couvercle n'est pas valide,
  // il recule de 2 cases"; a closer who falls with Double-jeu goes back 2 as well.
  if (s == closer_ && (invalid || out.fell)) {
    out.penalty = true;
    steps -= 2;
  }
  if (steps >= 0)
    track_.advance(s, steps);
  else
    track_.retreat(s, -steps);
  out.to = track_.square[size_t(s)];
  if (ev)
    emit(*ev, Audience::everyone(o_.players), "moved", move_narration(*this, s),
         outcome_json(*this, s));
  if (draw > 0 && deck_n_ > 0) {
    drawn_n_ = 0;
    for (int i = 0; i < draw && deck_n_ > 0; ++i) drawn_[drawn_n_++] = deck_[--deck_n_];
    step_ = Step::Keep;
    begin_ask(now, now + o_.spell_time);
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
    begin_ask(now, now + o_.spell_time);
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
  if (track_.finishers > 0 || (o_.max_turns > 0 && turn_ >= o_.max_turns)) {
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

}  // namespace sabbat::du_balai
