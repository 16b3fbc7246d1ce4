// Why an action is refused, in words a player can act on: for the seats that may act now
// (check) and for those that may not (idle_reason).
#include <cctype>

#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

namespace {

std::string seat_name(int s) {
  return "seat " + std::to_string(s);
}
std::string card_name(Card c) {
  return std::string(info(c).name);
}
std::string sym(int s) {
  return std::string(kSymbolTable[size_t(s) % kSymbols].syllable);
}

// When a card is played.
std::string moment_words(Card c) {
  switch (info(c).moment) {
    case Moment::Formula:
      if (c == Card::DoubleJeu)
        return "Double-jeu is played when your formula takes effect (phase 4): it makes the "
               "second formula you wrote in phase 2 count";
      return card_name(c) + " is played when your formula takes effect";
    case Moment::AfterMove:
      return card_name(c) + " is played after your own move";
    case Moment::Decret:
      return "Décret is played in phase 2, once every other witch has written, before you write";
    case Moment::Reaction:
      return "Brouillard magique is played only when an opponent plays a spell";
    case Moment::Never:
      break;
  }
  return card_name(c) + " is not played: it scores at the end of the race";
}

std::string unknown(Action action) {
  return invalid_code_text(action) + ": no action of Du Balai ! has this code";
}

}  // namespace

std::string DuBalaiState::action_text(Action action) const {
  // Checked first: the card field of a code no game produces may lie outside the card table.
  if (!valid_code(action)) return invalid_code_text(action);
  return move_text(decode(action));
}

Result<Action> DuBalaiState::do_parse_action(Seat seat, std::string_view text) const {
  auto m = parse_move(text);
  if (!m) {
    // While the book is open to her, a formula of any spelling is early, not misspelt.
    const bool open = phase_ == Phase::BookOpen || (phase_ == Phase::DecretLook && seat == decret_);
    std::string word(text.substr(0, text.find(' ')));
    for (char& c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (open && (word == "formula" || word == "formule" || word == "second-formula"))
      return fail(
          "the book is open: the only action is 'close-book'; you write your formula "
          "once it is closed");
    return fail(m.error());
  }
  return encode(*m);
}

Status DuBalaiState::check(Seat seat, Action action) const {
  if (!valid_code(action)) return fail(unknown(action));
  const Move m = decode(action);
  if (seat < 0 || seat >= o_.players) return fail("there is no " + seat_name(seat));
  if (phase_ == Phase::Over || m.kind == Kind::TimeUp || !actors().contains(seat))
    return fail(idle_reason(seat, action));
  const Witch& w = witches_[size_t(seat)];
  if (pending_.open) {
    if (m.kind == Kind::Pass) return {};
    if (m.kind == Kind::Brouillard)
      return w.hand[size_t(Card::Brouillard)] ? Status{} : fail("you hold no Brouillard magique");
    return fail("a spell waits for reactions: answer 'brouillard' (if you hold it) or 'pass'");
  }
  if (m.kind == Kind::Brouillard) return fail(moment_words(Card::Brouillard));
  switch (phase_) {
    case Phase::Setup:
      if (m.kind != Kind::Start)
        return fail("novice pilots first choose their square: 'start 5', 'start 6' or 'start 7'");
      if (m.a < 5 || m.a > 7) return fail("a novice pilot starts on square 5, 6 or 7");
      return {};
    case Phase::BookOpen:
      if (m.kind == Kind::CloseBook) return {};
      return fail((m.kind == Kind::Play ? moment_words(m.card) + "; now " : std::string()) +
                  "the book is open: the only action is 'close-book'");
    case Phase::DecretLook:
      if (m.kind == Kind::CloseBook) return {};
      return fail("you are looking at the book (Décret): 'close-book' when you have seen enough");
    case Phase::Writing:
      return check_writing(seat, m);
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

Status DuBalaiState::check_writing(Seat seat, const Move& m) const {
  const Witch& w = witches_[size_t(seat)];
  if (m.kind == Kind::Write) {
    if (m.formula.empty() && seat == closer_)
      return fail("you closed the book: your formula holds at least one card");
    if (m.second && !w.hand[size_t(Card::DoubleJeu)])
      return fail("you hold no Double-jeu: you write one formula, e.g. 'formula zaam boulga'");
    return {};
  }
  if (m.kind == Kind::Play) return check_play(seat, m);
  return fail("write your formula, e.g. 'formula zaam boulga', or 'formula none'");
}

Status DuBalaiState::check_play(Seat seat, const Move& m) const {
  const Witch& w = witches_[size_t(seat)];
  const CardInfo& card = info(m.card);
  if (card.moment == Moment::Never) return fail(moment_words(m.card));
  if (!w.hand[size_t(m.card)]) return fail("you hold no " + card_name(m.card));
  const bool formula_moment = phase_ == Phase::Resolving && step_ == Step::FormulaSpells;
  const bool after_moment = phase_ == Phase::Resolving && step_ == Step::AfterMove;
  switch (card.moment) {
    case Moment::Formula:
      if (!formula_moment) return fail(moment_words(m.card));
      break;
    case Moment::AfterMove:
      if (!after_moment) return fail(moment_words(m.card));
      break;
    case Moment::Decret:
      if (phase_ != Phase::Writing || w.written)
        return fail("Décret is played in phase 2, before writing your formula");
      break;
    default:
      return fail(moment_words(m.card));
  }
  const SymbolMask used = used_cards(seat);
  switch (m.card) {
    case Card::OubliRepare:
      if (m.a >= kSymbols || m.b > 1) return fail("no such symbol or formula");
      if (w.counted() == 0) return fail("you wrote no formula: Oubli réparé adds a card to one");
      if (m.b >= w.counted())
        return fail(w.formulas == 2 ? "your second formula does not count: play Double-jeu first"
                                    : "you have no second formula");
      if (used & (1u << m.a))
        return fail("the card " + sym(m.a) + " is in your formula, not in your hand");
      return {};
    case Card::Rectification: {
      if (m.a >= kSymbols || m.b >= kSymbols) return fail("no such symbol");
      bool found = false;
      for (int i = 0; i < w.counted(); ++i) found |= bool(w.formula[size_t(i)].mask & (1u << m.a));
      if (!found)
        return fail("the card " + sym(m.a) +
                    (used & (1u << m.a) ? " is in your second formula, which does not count"
                                        : " is not in your formula"));
      if (used & (1u << m.b))
        return fail("the card " + sym(m.b) + " is in your formula, not in your hand");
      return {};
    }
    case Card::DoubleJeu:
      if (w.second == Second::Counts) return fail("your second formula already counts");
      if (w.formulas < 2)
        return fail("you wrote no second formula in phase 2: Double-jeu has nothing to make count");
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

std::string DuBalaiState::idle_reason(Seat seat, Action action) const {
  if (!valid_code(action)) return unknown(action);
  const Move m = decode(action);
  if (phase_ == Phase::Over) return "the race is over";
  if (m.kind == Kind::TimeUp) return "only the clock says 'time-up'";
  if (seat < 0 || seat >= o_.players) return "there is no " + seat_name(seat);
  const Witch& w = witches_[size_t(seat)];
  if (const MaybeAction f = forced_move(seat))
    return "the table plays '" + move_text(decode(*f)) + "' for you (" + forced_why(seat) +
           "): it is your only move; say 'forced ask' to be asked your forced moves";
  if (pending_.open) {
    const std::string spell = card_name(decode(pending_.spell).card);
    if (seat == pending_.last)
      return std::string(pending_.fogs ? "you have just played Brouillard magique on "
                                       : "you have just played ") +
             spell + ": the others may answer it";
    return "you have let " + spell + " pass; the others may still answer it";
  }
  // A spell named out of its moment says when it is played.
  if (m.kind == Kind::Brouillard) return moment_words(Card::Brouillard);
  const bool formula_spells = phase_ == Phase::Resolving && step_ == Step::FormulaSpells;
  const bool after_move = phase_ == Phase::Resolving && step_ == Step::AfterMove;
  if (m.kind == Kind::Play && !(info(m.card).moment == Moment::Formula && formula_spells) &&
      !(info(m.card).moment == Moment::AfterMove && after_move) &&
      !(m.card == Card::Decret && phase_ == Phase::Writing))
    return moment_words(m.card);
  switch (phase_) {
    case Phase::Setup:
      if (w.pilot != Pilot::Novice)
        return "only novice pilots choose their square; you start on square 0, and the book "
               "opens once the novices have chosen";
      return "you start on square " + std::to_string(track_.square[size_t(seat)]) +
             "; the other novice pilots are choosing their square";
    case Phase::BookOpen:
      // Not acting in phase 1: she is on −2.
      if (m.kind == Kind::CloseBook) return "a witch on square -2 may not close the book";
      return "the book is open and a witch on square -2 may not close it: memorise the dice";
    case Phase::Writing:
      // Not acting in phase 2: she has written everything she may.
      if (m.kind == Kind::Write) return "you have already written your formula";
      if (m.kind == Kind::Play)
        return "Décret is played before writing your formula, and you have written yours";
      return "you have written; the others are still writing";
    case Phase::DecretLook:
      return seat_name(decret_) + " is looking at the book (Décret); " +
             (w.writing() ? "you write once she has closed it" : "wait until she closes it");
    case Phase::Resolving: {
      const std::string who = seat_name(resolving());
      if (m.kind == Kind::Play)
        return card_name(m.card) +
               (formula_spells ? " is played when your own formula takes "
                                 "effect; now "
                               : " is played after your own move; now ") +
               who + " is resolving";
      if (m.kind == Kind::Keep) return "only a witch who drew Magie noire cards keeps one";
      if (m.kind == Kind::Write) return "the formulas are revealed: writing is over for this turn";
      if (m.kind == Kind::CloseBook)
        return "the book is closed until the next turn: " + who + "'s formula takes effect";
      return who + "'s formula takes effect; wait for your turn";
    }
    case Phase::Over:
      break;
  }
  return "the race is over";
}

}  // namespace sabbat::du_balai
