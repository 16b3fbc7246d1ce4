// Who may act, until when, and what: the legal actions are listed directly (no allocation),
// and the writing actions of phase 2 are also counted and indexed without the list.
#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

// The seats are gathered as bits, without a branch per witch: this runs before every action.
SeatSet DuBalaiState::actors() const {
  SeatSet out;
  if (phase_ == Phase::Over) return out;
  const int n = o_.players;
  uint32_t bits = 0;
  if (pending_.open) {
    const uint32_t all = (1u << n) - 1;
    const uint32_t caster = pending_.last >= 0 ? 1u << pending_.last : 0;
    // A witch with no Brouillard is not asked (forced.cpp), unless she asks to be.
    return SeatSet(all & ~pending_.passed.bits() & ~caster & ~forced_in_window().bits());
  }
  switch (phase_) {
    case Phase::Setup:
      for (int s = 0; s < n; ++s) bits |= uint32_t(!witches_[size_t(s)].started) << s;
      return SeatSet(bits);
    case Phase::BookOpen:
      // "Un joueur sur la case -2 ne peut plus fermer la boîte."
      for (int s = 0; s < n; ++s) bits |= uint32_t(track_.square[size_t(s)] > kBackmost) << s;
      return SeatSet(bits);
    case Phase::Writing:
      for (int s = 0; s < n; ++s) bits |= uint32_t(witches_[size_t(s)].writing()) << s;
      return SeatSet(bits);
    case Phase::DecretLook:
      out.add(decret_);
      break;
    case Phase::Resolving:
      if (!forced_move(resolving())) out.add(resolving());
      break;
    case Phase::Over:
      break;
  }
  return out;
}

bool DuBalaiState::least_due() const {
  // Once passed, the step or window keeps its full time: a witch who says `forced auto` then
  // has her forced move played when it ends, so that no deadline hangs on a hidden card.
  return o_.forced_played && (pending_.open || phase_ == Phase::Resolving) && !past_least_;
}

std::optional<Deadline> DuBalaiState::deadline() const {
  if (phase_ == Phase::Over) return std::nullopt;
  // The same least time whoever is asked, forced or not: it tells nothing.
  if (least_due())
    return Deadline{std::min(ask_opened_ + o_.least_time, deadline_), act::time_up()};
  if (pending_.open) return Deadline{deadline_, act::time_up()};
  // The book never closes by itself while a witch may close it (rules/README.md).
  if (phase_ == Phase::BookOpen && someone_may_close()) return std::nullopt;
  if (phase_ == Phase::BookOpen || phase_ == Phase::DecretLook)
    return Deadline{deadline_, act::close_book()};
  return Deadline{deadline_, act::time_up()};
}

bool DuBalaiState::someone_may_close() const {
  // "Un joueur sur la case -2 ne peut plus fermer la boîte."
  for (int s = 0; s < o_.players; ++s)
    if (track_.square[size_t(s)] > kBackmost) return true;
  return false;
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
      // With Double-jeu in hand, each formula with cards may come with a second one from the
      // cards left: no second first, then the sets of those cards by increasing mask.
      const bool two = w.hand[size_t(Card::DoubleJeu)] > 0;
      for (SymbolMask m = 1; m <= kAllSymbols; ++m) {
        out.push_back(act::write(m));
        if (!two) continue;
        const SymbolMask left = SymbolMask(kAllSymbols & ~m);
        for (SymbolMask t = SymbolMask((0u - left) & left); t; t = SymbolMask((t - left) & left))
          out.push_back(act::write_both(m, t));
      }
      if (may_decret(seat)) out.push_back(act::play(Card::Decret));
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

bool DuBalaiState::may_decret(Seat seat) const {
  // "après que tous les autres joueurs ont composé leur formule": a witch still choosing her
  // second formula has composed hers.
  bool others_written = decret_ < 0 && witches_[size_t(seat)].hand[size_t(Card::Decret)] > 0;
  for (int s = 0; s < o_.players; ++s) others_written &= s == seat || witches_[size_t(s)].written;
  return others_written;
}

// A writing witch has hundreds of formulas: they are counted and indexed in the order
// legal_actions lists them, without the list. Other moments have a few actions and list them.
namespace {

// The index-th subset, in increasing order, of the symbols in `free`: the bits of `index`
// laid on the bits of `free`, lowest first (which keeps the order).
SymbolMask nth_subset(uint32_t index, SymbolMask free) {
  SymbolMask out = 0;
  for (int s = 0; s < kSymbols && index; ++s)
    if (free & (1u << s)) {
      if (index & 1u) out |= SymbolMask(1u << s);
      index >>= 1;
    }
  return out;
}

// How many writings a formula `m` with cards opens with Double-jeu in hand: alone, or with
// any non-empty set of the cards left.
uint32_t block(SymbolMask m) {
  return 1u << (kSymbols - __builtin_popcount(m));
}

}  // namespace

uint32_t DuBalaiState::legal_count(Seat seat) const {
  if (phase_ != Phase::Writing || pending_.open || !actors().contains(seat))
    return State::legal_count(seat);
  const Witch& w = witches_[size_t(seat)];
  // 3^9 ways to lay the nine cards in her hand, the first or the second formula, less the
  // 2^9 with an empty first formula.
  const uint32_t writings = w.hand[size_t(Card::DoubleJeu)] ? 19683 - 512 : kAllSymbols;
  return uint32_t(seat != closer_) + writings + uint32_t(may_decret(seat));
}

Action DuBalaiState::legal_at(Seat seat, uint32_t index) const {
  if (phase_ != Phase::Writing || pending_.open || !actors().contains(seat))
    return State::legal_at(seat, index);
  const Witch& w = witches_[size_t(seat)];
  if (seat != closer_) {
    if (index == 0) return act::write_none();
    --index;
  }
  if (!w.hand[size_t(Card::DoubleJeu)])
    return index < kAllSymbols ? act::write(SymbolMask(index + 1)) : act::play(Card::Decret);
  for (SymbolMask m = 1; m <= kAllSymbols; ++m) {
    if (index < block(m))
      return act::write_both(m, nth_subset(index, SymbolMask(kAllSymbols & ~m)));
    index -= block(m);
  }
  return act::play(Card::Decret);
}

void DuBalaiState::describe_legal(Seat seat, LegalDescription& out) const {
  if (phase_ != Phase::Writing || pending_.open || !actors().contains(seat))
    return State::describe_legal(seat, out);
  out.listed.clear();
  out.forms.clear();
  // legal_actions' texts: `formula none` and `play decret` listed, the formulas with cards
  // described (`formula zaam boulga`, with Double-jeu `formula zaam boulga second foulzz`).
  if (seat != closer_) out.listed.push_back(act::write_none());
  if (may_decret(seat)) out.listed.push_back(act::play(Card::Decret));
  std::vector<std::string> cards;
  for (int s = 0; s < kSymbols; ++s) cards.emplace_back(kSymbolTable[size_t(s)].syllable);
  LegalForm form;
  form.prefix = "formula";
  form.picks.push_back({.word = "", .of = cards, .min = 1, .max = kSymbols, .optional = false});
  // "vous pouvez écrire 2 formules": the second takes the cards left.
  if (witches_[size_t(seat)].hand[size_t(Card::DoubleJeu)]) {
    form.picks.push_back(
        {.word = "second", .of = cards, .min = 1, .max = kSymbols, .optional = true});
    form.distinct = true;
  }
  out.forms.push_back(std::move(form));
}

void DuBalaiState::list_spells(Seat seat, Moment moment, ActionList& out) const {
  const Witch& w = witches_[size_t(seat)];
  auto holds = [&](Card c) { return w.hand[size_t(c)] > 0; };
  const SymbolMask used = used_cards(seat);
  if (moment == Moment::Formula) {
    for (int i = 0; i < w.counted(); ++i) {
      const Formula& f = w.formula[size_t(i)];
      for (int s = 0; s < kSymbols; ++s) {
        if (holds(Card::OubliRepare) && !(used & (1u << s))) out.push_back(act::play_oubli(s, i));
        if (holds(Card::Rectification) && (f.mask & (1u << s)))
          for (int in = 0; in < kSymbols; ++in)
            if (!(used & (1u << in))) out.push_back(act::play_rectification(s, in));
      }
    }
    if (holds(Card::DoubleJeu) && w.formulas == 2 && w.second != Second::Counts)
      out.push_back(act::play(Card::DoubleJeu));
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

SymbolMask DuBalaiState::used_cards(Seat seat) const {
  // The cards of every formula she wrote, counted or not, are on the table, not in her hand.
  const Witch& w = witches_[size_t(seat)];
  SymbolMask m = 0;
  for (int i = 0; i < w.formulas; ++i) m |= w.formula[size_t(i)].mask;
  return m;
}

}  // namespace sabbat::du_balai
