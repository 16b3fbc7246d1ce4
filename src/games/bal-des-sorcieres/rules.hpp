#pragma once
// The moves of the game on a state: drawing, losing Crapzouilles, resolving an exchange,
// passing Carabosse. Only BalState's do_apply and its test hooks use them.
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

inline constexpr Card kNoCard = 0xff;

struct Rules {
  BalState& s;
  Events* events;
  GameTime now = 0;  // when the action is played: reaction windows close window_ms later
  CardSet named{};   // the incantation mode: the potions the formulas read, which `take` plays

  Witch& w(Seat seat) { return s.witches_[size_t(seat)]; }
  bool has(Seat seat, Kind k) const { return s.count_in_hand(seat, k) > 0; }
  Card draw();
  void gain(Seat seat, int n);
  void discard(Card c);
  Card take(Seat seat, Kind k);
  bool has_potion(Seat seat) const;
  bool potions_left() const;
  // "Plus assez de cartes" for every living witch, clockwise from `from`; `then_turn`:
  // Carabosse passes on once all are checked.
  void restock(Seat from, bool then_turn);
  // Goes on with the witches still to check; stops at one who must choose spells to throw.
  void continue_restock();
  void discard_spell(Seat seat, Kind k);
  void capture(Seat seat, Seat captor);
  void kill(Seat seat, Seat owner);
  // `seat` loses `losses` Crapzouilles to `by`'s attack, farce or parry, then the defence goes
  // on; she is asked whose she loses when she holds some of two owners.
  void inflict(Seat seat, int losses, Seat by);
  void resume_losses();
  void lose_one(Seat seat, Seat owner);
  // `by`: the witch whose attack, farce or parry took the last Crapzouille.
  void eliminate_if_out(Seat seat, Seat by);
  // The exchange is over: the heir sorts her cards, then Tour de magie, then Carabosse moves.
  void settle();
  void drop(Seat seat, Kind k);
  Seat next_living(Seat from) const;
  Seat previous_living(Seat from) const;
  // The card leaves a hand: nobody knows it there any more.
  void forget(Card c);

  // Reaction windows (reactions.cpp).
  // Carabosse has reached a witch: the window before her attack, or her attack at once.
  void open_turn_window();
  // An attack is laid: the window for Mon beau miroir, or the defence at once.
  void open_mirror_window();
  void open_window(WindowKind kind, SeatSet offer);
  // A witch asked answers (pass, her card, or a mispronounced card): it takes effect at close.
  void answer(Seat seat, Action action);
  // The clock at the window's deadline.
  void time_up();
  // The first card answered in clockwise order takes effect; the others stay in their hands.
  void close_window();
  void nananere(Seat seat);
  void miroir(Seat seat, Seat target);
  // The normal attack is over: the doubled one, if Mon beau miroir was played; false if none.
  bool start_doubled();
  void boule(Seat seat);
  void give(Seat seat, Kind k);
  // The next slot of Boule de cristal to fill, or the exchange once all are laid.
  void next_crystal_step();

  void attack(Seat seat, const Decoded& d);
  void parry(Seat seat, const Decoded& d);
  void take_loss(Seat seat);
  void balai(Seat seat, Seat to);
  void baguette(Seat seat);
  void pass(Seat seat);
  void lutin(Seat seat, bool tresor);
  // Draws two farce tokens and lays the farce on `target` as an attack; false when both are
  // white ("la FARCE a échoué").
  bool launch_farce(Seat from, Seat target);
  // The defender has answered: the next defender of a Sortilège, or the end of the exchange.
  void after_defence();
  void end_exchange(bool cancelled);
  // After the exchange (and a Tour de magie): refills, then Carabosse passes on.
  void finish_exchange();
  void throw_card(Seat seat, Kind k);
  void keep(Seat seat);
  void next_turn();
  void grand_sabbat();
  // An event for everyone; its text is written only when events are asked for, so that
  // simulations allocate nothing.
  template <class Text>
  void say(const char* kind, Text&& text) {
    if (events) events->push_back({Audience::everyone(s.options_.players), kind, text()});
  }
};

// Which potions `seat` lacks to parry the exchange, counted; grey among them or not.
struct Lack {
  int missing = 0;
  bool grey = false;
};
Lack lack(const BalState& s, Seat seat);

// Envoûtement: "le Crapzouille capturé vient en remplacer un des vôtres mort", so a captive
// needs one of her own dead whose place no captive has taken yet.
bool can_capture(const BalState& s, Seat seat);

// Reaction windows (reactions.cpp): how many neighbours a Boule de cristal exchanges with, and
// who each window is offered to.
int neighbours(const BalState& s, Seat seat);
SeatSet turn_window_offer(const BalState& s);
SeatSet mirror_window_offer(const BalState& s);
// Whether `seat` holds a card she may play in a window of that kind now: the window asks her.
bool holds_answer(const BalState& s, Seat seat, WindowKind kind);

}  // namespace sabbat::bal
