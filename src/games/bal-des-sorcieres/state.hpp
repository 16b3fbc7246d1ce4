#pragma once
// The state of a game of Le Bal des Sorcières, in fixed-size arrays: clone and apply never
// allocate. Rules as implemented: docs/rules/bal-des-sorcieres.md.
#include <array>
#include <cstdint>

#include "core/game.hpp"
#include "games/bal-des-sorcieres/data.hpp"

namespace sabbat::bal {

// A set of cards as bits of their numbers: hands, the cards known to be in a hand.
struct CardSet {
  std::array<uint64_t, 2> w{};
  bool has(Card c) const { return (w[c >> 6] >> (c & 63)) & 1u; }
  void add(Card c) { w[c >> 6] |= uint64_t(1) << (c & 63); }
  void remove(Card c) { w[c >> 6] &= ~(uint64_t(1) << (c & 63)); }
  int size() const { return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]); }
  bool empty() const { return (w[0] | w[1]) == 0; }
  CardSet operator&(const CardSet& o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
  bool operator==(const CardSet&) const = default;
};
// The cards of one kind.
extern const std::array<CardSet, kKinds> kKindCards;
inline const CardSet& kind_cards(Kind k) {
  return kKindCards[k];
}

// The 84 potions: the cards 0 to 83.
inline constexpr CardSet kPotionCards{{~uint64_t(0), (uint64_t(1) << (kPotions - 64)) - 1}};
static_assert(kPotions > 64 && kPotions <= 128);

inline constexpr uint8_t kNoSpell = 0xff;
inline constexpr Seat kNobody = -1;

struct Options {
  int players = 4;
  Level level = Level::Facile;
  // The hard level's option: an eliminated witch's hand goes to the one who eliminated her.
  bool heritage = false;
  int first_seat = 0;  // the youngest witch: Carabosse and the Chat Noir start with her
  // How long a reaction window stays open at most (game milliseconds); then the clock closes
  // it as if every witch still to answer had passed. It never closes before window_min_ms, so
  // that its length tells nothing when nobody holds an answer.
  GameTime window_ms = 10000;
  GameTime window_min_ms = 1500;
  // "A forced move is not asked" (forced.cpp): a witch whose only legal move on her turn is the
  // one the rules force on her (take, with no way to parry) is not asked; the table plays it
  // at window_min_ms into the turn, a least time every turn keeps. Off in records made before.
  // The game's parameter forced_moves turns it on by default; bare Options, as the rule book.
  bool forced_played = false;
  // "Lecture des cartes": each card played is read aloud, a slip cancels the move
  // (incantation.hpp).
  bool incantation = false;
  bool operator==(const Options&) const = default;
};

// Remake: the witch who played Tour de magie throws the cards she does not like.
// Inherit: the heir of an eliminated witch drops as many cards as she took.
// Restock: "plus assez de cartes" — a witch without a potion throws two spells of her choice.
// Lose: a witch who holds Crapzouilles of two owners says whose she loses.
// Window: a reaction window; the witches it asks answer all at once, in secret.
// Boule: Boule de cristal's exchange, each card laid face down before any is handed over.
enum class Phase : uint8_t { Attack, Parry, Inherit, Remake, Restock, Lose, Window, Boule, Over };

// Turn: when Carabosse reaches a witch, before she plays (À moi, nananère !, Boule de
// cristal). Mirror: once an attack is laid, before the defender answers (Mon beau miroir).
enum class WindowKind : uint8_t { Turn, Mirror };

// A reaction window. It opens on public conditions only, but asks only the living witches who
// hold a card they may play in it; they answer all at once, each once and in secret (her card
// stays in her hand until the window closes). It closes when every witch asked has answered,
// never before `opened + window_min_ms`, or at `opened + window_ms`; then the first card
// played in clockwise order takes effect.
struct Reaction {
  WindowKind kind = WindowKind::Turn;
  SeatSet asked;     // the witches who hold an answer
  SeatSet answered;  // of them, those who have answered
  // Each answer's action code (a slip of the incantation mode included); a pass is `Pass`.
  std::array<uint32_t, kMaxPlayers> answers{};
  GameTime opened = 0;
  // The clock passed the minimum with some witch asked still to answer: it waits till the
  // longest, and the last answer closes it at once.
  bool past_min = false;
  SeatSet still() const { return SeatSet(asked.bits() & ~answered.bits()); }
  bool operator==(const Reaction&) const = default;
};

// Boule de cristal: "l'échange se fait simultanément avec vos 2 voisins". Each card is laid
// face down (slots: to the left, to the right, from the left, from the right) and they change
// hands together once all are laid.
struct Crystal {
  Seat player = kNobody;
  Seat left = kNobody;   // the next living witch clockwise
  Seat right = kNobody;  // the one before; the same as `left` with two witches left
  std::array<Card, 4> cards{0xff, 0xff, 0xff, 0xff};
  uint8_t step = 0;  // the slot being filled
  Seat giver(int slot) const { return slot < 2 ? player : slot == 2 ? left : right; }
  Seat receiver(int slot) const { return slot == 0 ? left : slot == 1 ? right : player; }
  bool operator==(const Crystal&) const = default;
};

// The attack on the table, from the attacker's cards to the last parry.
struct Exchange {
  Seat attacker = kNobody;
  Seat defender = kNobody;
  Seat sender = kNobody;             // who sent it to the defender: Du balai may not send it back
  std::array<uint8_t, 2> colours{};  // the potions to parry
  uint8_t potions = 0;
  uint8_t spell = kNoSpell;     // the attack's spell
  bool tresor = false;          // a Trésor magique beside the Sortilège: two cards at the end
  std::array<Card, 3> cards{};  // the attacker's cards on the table
  uint8_t card_count = 0;
  SeatSet waiting;  // Sortilège: the defenders still to parry, clockwise
  // Who won a card in this exchange: "jamais plus d'une carte même lors d'attaques multiples".
  SeatSet gained;
  bool farce = false;           // the potions to parry are farce tokens
  Seat farce_target = kNobody;  // Diablotin: the farce still to come, and who launched it
  Seat farce_from = kNobody;
  std::array<uint8_t, 2> tokens{};  // farce tokens on the table, back in the bowl at the end
  uint8_t token_count = 0;
  // The heritage option: how many cards each witch took from the hands of those she eliminated
  // and has still to drop, and the heir dropping them now.
  std::array<uint8_t, kMaxPlayers> inherited{};
  Seat heir = kNobody;
  Seat magician = kNobody;  // Tour de magie: who remakes her hand when the exchange ends
  uint8_t thrown = 0;       // and how many cards she has thrown so far
  // Crapzouilles still to lose, by whom, and to whose attack, farce or parry.
  Seat loser = kNobody;
  uint8_t losses = 0;
  Seat loss_by = kNobody;
  // Mon beau miroir: who doubles the attack on whom, with the potions it had when she played
  // it; `doubled` once the doubled attack is the one on the table.
  Seat mirror_by = kNobody;
  Seat mirror_target = kNobody;
  std::array<uint8_t, 2> mirror_colours{};
  uint8_t mirror_potions = 0;
  bool doubled = false;
  // Whose potions or farce the defender answers: the attacker, or the farce's launcher. The
  // attacker stays the attacker through a farce, for her attack's own spell.
  Seat assailant() const { return farce ? farce_from : doubled ? mirror_by : attacker; }
  bool operator==(const Exchange&) const = default;
};

struct Witch {
  CardSet hand;
  CardSet known;                              // cards of the hand everyone saw go into it
  std::array<uint8_t, kMaxPlayers> coffre{};  // living Crapzouilles held, by owner
  uint8_t dead = 0;                           // her own, beside her sheet
  int8_t out_rank = 0;  // 0 while playing; then 1 for the first eliminated, 2 next...
  int alive() const {
    int n = 0;
    for (uint8_t c : coffre) n += c;
    return n;
  }
  bool operator==(const Witch&) const = default;
};

// Action codes: a type in the low 5 bits, then its fields, up to bit 21; bits 22 to 28 hold
// what the incantation mode read (incantation.hpp).
enum class ActionType : uint8_t {
  Attack = 1,
  Parry,
  Take,
  Balai,
  Baguette,
  Pass,
  Lutin,
  Throw,
  Keep,
  Drop,
  Discard,
  Lose,
  Nananere,  // À moi, nananère !
  Miroir,    // Mon beau miroir, on a target
  Boule,     // Boule de cristal
  Give,      // a card laid face down for Boule de cristal
  TimeUp,    // the clock closes a reaction window, or a turn's least time passes
  Forced,    // a seat's setting: count 1 `forced ask`, 0 `forced auto`
};
struct Decoded {
  ActionType type{};
  Seat target = kNobody;     // Attack (kNobody for a Sortilège), Balai; Lose: whose
  uint8_t colour = 0;        // Attack: a colour; Throw, Drop, Discard: a kind
  uint8_t count = 0;         // Attack: 1 or 2 potions
  uint8_t spell = kNoSpell;  // Attack, Parry: the spell played with the potions
  bool tresor = false;       // Attack with a Sortilège, Lutin: a Trésor magique beside it
};
// The spell in four bits: 0 for none, else the spell plus one.
inline uint32_t encode(const Decoded& d) {
  return uint32_t(d.type) | uint32_t(d.target + 1) << 5 | uint32_t(d.colour) << 9 |
         uint32_t(d.count) << 14 | (uint32_t(d.spell + 1) & 15) << 17 | uint32_t(d.tresor) << 21;
}
// Inlined: every judgement and every move decodes, and the call cost more than the work.
[[gnu::always_inline]] inline Decoded decode(uint32_t code) {
  Decoded d;
  d.type = ActionType(code & 31);
  d.target = Seat((code >> 5) & 15) - 1;
  d.colour = uint8_t((code >> 9) & 31);  // a colour, or any of the 20 kinds
  d.count = uint8_t((code >> 14) & 7);
  d.spell = uint8_t(((code >> 17) & 15) - 1);  // kNoSpell (0xff) for none
  d.tresor = (code >> 21) & 1;
  return d;
}

class BalState final : public State {
 public:
  BalState(const Options& options, uint64_t seed);

  int players() const override { return options_.players; }
  SeatSet actors() const override;
  // In a reaction window a viewer learns only whether she herself is asked.
  SeatSet actors_seen_by(Seat viewer) const override;
  // A window's answer: only she knows of it until the window closes.
  bool secret_from_others(Seat seat, Action action, GameTime now) const override;
  void legal_actions(Seat seat, ActionList& out) const override;
  MaybeAction random_legal(Seat seat, Rng& rng) const override;
  std::string idle_reason(Seat seat, Action action) const override;
  std::string action_text(Action action) const override;
  bool terminal() const override { return phase_ == Phase::Over; }
  std::vector<int> scores() const override;
  // Living Crapzouilles, captives included: the scores move only when a witch leaves.
  std::vector<int> standings() const override;
  json view(Seat viewer) const override;
  json full_state() const override;
  std::unique_ptr<State> clone() const override;
  std::unique_ptr<State> sample_hidden(Seat viewer, Rng& rng) const override;
  std::optional<Deadline> deadline() const override;
  // `forced ask` and `forced auto`: hers at any time, and hers alone to know (forced.cpp).
  bool seat_setting(Action action) const override;
  // The move the table plays for the witch whose turn it is, if the rules force it on her and
  // she lets the table play it; nothing otherwise.
  MaybeAction forced_move() const;
  // Why: "no-parry" (take), "no-potion" (pass), "lutin" (a Lutin farceur alone), "one-choice".
  std::string forced_why() const;
  bool asks_forced(Seat seat) const { return asks_forced_.contains(seat); }
  GameTime turn_opened() const { return turn_opened_; }
  Status audit() const override;
  bool same_as(const State& other) const override;
  bool operator==(const BalState&) const = default;
  // components.hpp: the spells and potions a move lays down, the kinds in a hand.
  void components_played(Seat seat, Action action, std::vector<int>& out) const override;
  void components_held(Seat seat, std::vector<int>& out) const override;

  // Read access, for views, tests and bots.
  const Options& options() const { return options_; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  int tour() const { return tour_; }  // the Chat Noir's face: 1 or 2
  Seat first_player() const { return first_; }
  Seat carabosse() const { return carabosse_; }
  // À moi, nananère !: who plays this turn in the place of Carabosse's holder, or kNobody.
  Seat stand_in() const { return stand_in_; }
  // The witch who attacks now: the holder of Carabosse or the one playing in her place.
  Seat attacker_now() const { return stand_in_ != kNobody ? stand_in_ : carabosse_; }
  // Who played À moi, nananère ! in the turn before this one: none may be played against her.
  Seat last_nananere() const { return last_nananere_; }
  const Reaction& window() const { return window_; }
  const Crystal& crystal() const { return crystal_; }
  // The cards of other hands that `seat` alone knows of: those she gave with a Boule de
  // cristal, for as long as they stay there.
  const CardSet& told(Seat seat) const { return told_[size_t(seat)]; }
  const Exchange& exchange() const { return exchange_; }
  const Witch& witch_at(Seat s) const { return witches_[size_t(s)]; }
  int pile_size() const { return pile_size_; }
  int discard_size() const { return discard_size_; }
  Card discard_at(int i) const { return discard_[size_t(i)]; }
  // The discard pile's cards as a set, to count a kind there in one instruction.
  const CardSet& discarded() const { return discarded_; }
  const std::array<uint8_t, kColours + 1>& bowl() const { return bowl_; }
  bool eliminated(Seat s) const { return witches_[size_t(s)].out_rank != 0; }
  int count_in_hand(Seat s, Kind k) const {
    return (witches_[size_t(s)].hand & kind_cards(k)).size();
  }

  // Test hooks for hand-made scenarios; each keeps every card in one place and, on error,
  // changes nothing. The hand of `seat` becomes exactly `cards` (taken from the pile, the
  // discard or other hands, which get pile cards back so that their sizes stay).
  Status set_hand(Seat seat, std::initializer_list<Card> cards);
  // Before the first attack only: the hand of `seat` becomes `cards`, as if dealt so, and the
  // deal is checked again for "plus assez de cartes".
  Status redeal(Seat seat, std::initializer_list<Card> cards);
  // A card of `seat`'s hand that nobody saw go into it changes places with `in`, a card of the
  // pile: the hidden twin of a table (tests/twin_leak_test.cpp). In a reaction window she is
  // asked again by her new hand.
  Status swap_with_pile(Seat seat, Card out, Card in);
  // Moves living Crapzouilles of `seat` to her dead until `alive` are left.
  Status set_alive(Seat seat, int alive);

 protected:
  Status do_apply(Seat seat, Action action, GameTime now, Events* events) override;
  Result<Action> do_parse_action(Seat seat, std::string_view text) const override;

 private:
  friend struct Rules;
  void deal();
  // Whether `seat` may play `d` now, and if not, why: one judgement (legal.cpp) answered two
  // ways, so that the fast answer for listing moves and the message never disagree.
  struct Allowed;
  struct Reason;
  template <class Verdict>
  typename Verdict::Answer judge(Seat seat, const Decoded& d, Verdict v) const;
  template <class Verdict>
  typename Verdict::Answer judge_window(Seat seat, const Decoded& d, Verdict v) const;
  void played_event(Seat seat, Action action, Events& events) const;
  Status apply_move(Seat seat, Action action, GameTime now, Events* events);
  // A turn begins (any phase but a window): its least time runs from `now`, and whether its
  // witch has one legal move only is worked out once.
  void begin_turn(GameTime now);
  void refresh_forced();
  // The witch whose turn it is, forced or not (none in a window).
  SeatSet turn_actor() const;
  Status audit_window() const;
  // In a reaction window, `seat` is asked by what she holds now, as yet unanswered.
  void ask_again(Seat seat);
  bool allowed(Seat seat, const Decoded& d) const;
  // The legal moves, before any formula, up to `cap` of them.
  void moves(Seat seat, ActionList& out, size_t cap) const;
  struct AttackMenu;
  AttackMenu attack_menu(Seat seat) const;
  Action nth_attack(const AttackMenu& m, int i) const;
  void attack_actions(Seat seat, ActionList& out) const;
  // Her attack, when attack_actions would list only one (a Lutin farceur, a pass, one potion
  // against the last witch left).
  MaybeAction lone_attack(Seat seat) const;
  std::string refusal(Seat seat, const Decoded& d) const;  // empty when she may

  Options options_;
  Rng rng_;
  std::array<Witch, kMaxPlayers> witches_{};
  std::array<Card, kCards> pile_{};  // a set: draws take a uniform index
  uint8_t pile_size_ = 0;
  std::array<Card, kCards> discard_{};  // face up, in the order they fell
  uint8_t discard_size_ = 0;
  CardSet discarded_;               // the same cards, as a set
  std::array<Card, kCards> box_{};  // the spells the level leaves out
  uint8_t box_size_ = 0;
  Exchange exchange_;
  Phase phase_ = Phase::Attack;
  int round_ = 1;
  int tour_ = 1;
  Seat first_ = 0;
  // Who opened this Tour de Table: it ends when Carabosse comes back to her or past her seat,
  // even when she has left the ball and the Chat Noir has gone on to her left.
  Seat tour_start_ = 0;
  Seat carabosse_ = 0;
  int8_t eliminated_count_ = 0;
  std::array<uint8_t, kColours + 1> bowl_ = kFarceCounts;  // farce tokens, by colour then white
  // "Plus assez de cartes" after an exchange, a Grand Sabbat or the deal: the witches still to
  // check, clockwise from the one at restock_at_; how many spells she has thrown of her two;
  // whether Carabosse passes on once all are checked.
  SeatSet restock_;
  Seat restock_at_ = 0;
  uint8_t restock_thrown_ = 0;
  bool restock_then_turn_ = false;
  Reaction window_;
  Crystal crystal_;
  std::array<CardSet, kMaxPlayers> told_{};
  Seat stand_in_ = kNobody;
  // "On ne peut poser une carte À MOI, NANANERE ! contre un joueur qui vient d'en poser une":
  // the stand-in of the turn before.
  Seat last_nananere_ = kNobody;
  SeatSet asks_forced_;               // seats that said `forced ask`
  GameTime turn_opened_ = 0;          // when this turn began
  bool past_least_ = false;           // its least time has passed
  uint32_t forced_code_ = kNoForced;  // the turn's witch's only legal move, if only one
  static constexpr uint32_t kNoForced = ~0u;
};

// In the header: the rules ask it on every judgement.
inline SeatSet BalState::actors() const {
  if (phase_ == Phase::Window) return window_.still();
  // A witch with a forced move is not asked until the least time, unless she asks to be.
  if (forced_code_ != kNoForced && !past_least_ && options_.forced_played) {
    const SeatSet who = turn_actor();
    if (!(who.bits() & asks_forced_.bits())) return {};
    return who;
  }
  return turn_actor();
}

inline SeatSet BalState::turn_actor() const {
  switch (phase_) {
    case Phase::Attack:
      return SeatSet::only(attacker_now());
    case Phase::Window:
      return {};
    case Phase::Boule:
      return SeatSet::only(crystal_.giver(crystal_.step));
    case Phase::Inherit:
      return SeatSet::only(exchange_.heir);
    case Phase::Remake:
      return SeatSet::only(exchange_.magician);
    case Phase::Restock:
      return SeatSet::only(restock_at_);
    case Phase::Lose:
      return SeatSet::only(exchange_.loser);
    case Phase::Parry:
      return SeatSet::only(exchange_.defender);
    case Phase::Over:
      break;
  }
  return {};
}

// True when each of the 121 cards is in exactly one place.
bool cards_conserved(const BalState& s);

}  // namespace sabbat::bal
