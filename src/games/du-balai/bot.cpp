// The simple bot (bot.hpp). It reads the concrete state only where the view of its seat shows
// the same thing: the phase, turn, time, deadline, squares, hand counts, its own hand and
// formulas, the dice while they are visible to it (into its own memory, bot_memory.hpp), the
// book once revealed, the pending spell and the cards it draws itself.
#include "games/du-balai/bot.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "games/du-balai/state.hpp"

namespace sabbat::du_balai {

namespace {

// What a formula is worth in squares (a perfect black formula's draw counts 1.5).
double formula_value(SymbolMask cards, const Book& book, bool bonus) {
  const Judgement j = judge(cards, book);
  switch (j.verdict) {
    case Verdict::None:
    case Verdict::Forbidden:
      return 0;
    case Verdict::Valid:
      return __builtin_popcount(cards);
    case Verdict::Perfect:
      return __builtin_popcount(cards) + (bonus ? (j.colour == Colour::Orange ? 2.0 : 1.5) : 0.0);
  }
  return 0;
}

// What the formulas that count are worth together, as the rules judge them: a second formula
// valid in the first one's colour does not count, and the closer loses 2 for an invalid one.
double formulas_value(const std::array<SymbolMask, 2>& fs, int n, const Book& book, bool bonus,
                      bool closer) {
  const Judgement a = judge(fs[0], book), b = judge(fs[1], book);
  if (n == 2 && a.valid() && b.valid() && a.colour == b.colour) n = 1;
  double v = 0;
  bool invalid = n == 0;
  for (int i = 0; i < n; ++i) {
    v += formula_value(fs[size_t(i)], book, bonus);
    invalid |= !(i == 0 ? a : b).valid();
  }
  return closer && invalid ? v - 2 : v;
}

// The best perfect formula of a book and what it is worth (no cards when none).
SymbolMask best_formula(const Book& book, bool bonus, double* value) {
  SymbolMask best = 0;
  double best_value = 0;
  for (Colour c : {Colour::Orange, Colour::Black}) {
    const SymbolMask f = book.valid(c);
    if (!f) continue;
    const double v = formula_value(f, book, bonus);
    if (v > best_value) best = f, best_value = v;
  }
  if (value) *value = best_value;
  return best;
}

// Which Magie noire card to keep, best first.
int keep_rank(Card c) {
  static constexpr std::array<Card, kCardKinds> order{
      Card::VentArriere, Card::MauvaisSort, Card::Brouillard,  Card::Attraction,
      Card::Acrobatie3,  Card::DoubleJeu,   Card::OubliRepare, Card::Rectification,
      Card::Acrobatie2,  Card::Blocage,     Card::Decret,      Card::Acrobatie1};
  return int(std::find(order.begin(), order.end(), c) - order.begin());
}

uint64_t mix_key(uint64_t key, uint64_t v) {
  return Rng::mix(key, v + 1);
}

class SimpleBot final : public Bot {
 public:
  explicit SimpleBot(const SimpleBotParams& params) : p_(params) { legal_.reserve(1100); }

  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override {
    const auto* s = dynamic_cast<const DuBalaiState*>(&state);
    if (!s || !s->actors().contains(seat)) return std::nullopt;
    s->legal_actions(seat, legal_);
    if (legal_.empty()) return std::nullopt;
    auto p = choose(*s, seat, rng);
    if (!p) return std::nullopt;
    if (p_.at_random) {
      const MaybeAction any = s->random_legal(seat, rng);
      if (!any) return std::nullopt;
      p->action = *any;
    }
    if (std::find(legal_.begin(), legal_.end(), p->action) == legal_.end()) {
      // Never propose what the rules refuse: pass, or the first legal action.
      p->action = legal(act::pass()) ? act::pass() : legal_.front();
    }
    if (auto d = s->deadline(); d && p->at >= d->at) p->at = d->at - 1;
    p->at = std::max(p->at, s->now());
    return p;
  }

 private:
  // When the bot acts at the current moment of the game, drawn once per moment.
  struct Timer {
    uint64_t key = 0;
    bool set = false;
    GameTime at = 0;
  };

  bool legal(Action a) const { return std::find(legal_.begin(), legal_.end(), a) != legal_.end(); }

  GameTime wait(uint64_t key, GameTime now, GameTime lo, GameTime hi, Rng& rng) {
    if (!timer_.set || timer_.key != key) timer_ = {key, true, now + rng.between(lo, hi)};
    return std::max(timer_.at, now);
  }

  // She looks at the dice her seat sees now, from `opened`.
  void look(const DuBalaiState& s, Seat seat, bool decret, GameTime opened, Rng& rng) {
    if (!s.dice_visible_to(seat)) return;
    mem_.look(s.turn(), decret, opened, s.dice(), p_, rng);
  }

  bool has_memory(const DuBalaiState& s) const { return mem_.holds(s.turn()); }

  bool bonus(const DuBalaiState& s, Seat seat) const {
    return s.witch(seat).pilot != Pilot::Expert &&
           s.track().square[size_t(seat)] != s.curse_square();
  }

  uint64_t moment_key(const DuBalaiState& s, Seat seat) const {
    uint64_t k = uint64_t(s.turn());
    k = mix_key(k, uint64_t(s.phase()));
    k = mix_key(k, uint64_t(s.step()));
    k = mix_key(k, uint64_t(s.resolving() + 1));
    k = mix_key(k, uint64_t(s.decret_seat() + 1));
    const Pending& pd = s.pending();
    k = mix_key(k, pd.open ? 1 + pd.spell.code : 0);
    k = mix_key(k, uint64_t(pd.fogs));
    k = mix_key(k, uint64_t(pd.last + 1));
    k = mix_key(k, uint64_t(s.witch(seat).hand_count()));
    k = mix_key(k, uint64_t(s.witch(seat).formulas));
    return k;
  }

  std::optional<Proposal> choose(const DuBalaiState& s, Seat seat, Rng& rng) {
    const GameTime now = s.now();
    const auto deadline = s.deadline();
    // The book left her sight when the phase in which she looked at it ended: that is the
    // moment of the last action, the first time she is asked after it.
    const bool looking = (s.phase() == Phase::BookOpen && !mem_.from_decret()) ||
                         (s.phase() == Phase::DecretLook && mem_.from_decret());
    if (has_memory(s) && mem_.in_sight() && !looking) mem_.lose_sight(now);
    if (s.pending().open) {
      const GameTime at = wait(moment_key(s, seat), now, p_.act_min, p_.act_max, rng);
      return Proposal{react(s, seat), at};
    }
    switch (s.phase()) {
      case Phase::Setup:
        // A novice starts as far forward as she may.
        return Proposal{act::start_on(7),
                        wait(moment_key(s, seat), now, p_.act_min, p_.act_max, rng)};
      case Phase::BookOpen: {
        if (!has_memory(s) || mem_.from_decret()) look(s, seat, false, s.book_opened(), rng);
        if (!has_memory(s)) return std::nullopt;
        // She closes once she has read the nine dice, when they allow a decent formula; the
        // longer she waits, the less she asks for.
        const GameTime read = mem_.first_pass_done();
        if (p_.at_random) return Proposal{act::close_book(), std::max(read, now)};
        double value = 0;
        best_formula(mem_.book(read), bonus(s, seat), &value);
        // Nothing worth closing for: let others close; the book never closes by itself, so
        // she closes as if everything were missing rather than wait for ever.
        if (value < 1) value = 0;
        const double missing = std::max(0.0, p_.decent_value - value);
        const GameTime at = read + GameTime(std::ceil(missing)) * p_.patience;
        return Proposal{act::close_book(), std::max(at, now)};
      }
      case Phase::DecretLook: {
        if (!has_memory(s) || !mem_.from_decret()) {
          const GameTime time = s.witch(seat).pilot == Pilot::Expert
                                    ? s.options().decret_time_expert
                                    : s.options().decret_time;
          look(s, seat, true, deadline ? deadline->at - time : now, rng);
        }
        if (!has_memory(s) || !mem_.from_decret()) return std::nullopt;
        // Her look ends once she has read the nine dice.
        return Proposal{act::close_book(), std::max(mem_.first_pass_done(), now)};
      }
      case Phase::Writing: {
        GameTime at = wait(moment_key(s, seat), now, p_.write_min, p_.write_max, rng);
        if (legal(act::play(Card::Decret))) return Proposal{act::play(Card::Decret), at};
        // Holding Décret: write late, so that the others have written and it may be played.
        if (s.decret_seat() < 0 && s.witch(seat).hand[size_t(Card::Decret)] > 0 && deadline)
          at = std::max(at, deadline->at - 1500);
        return Proposal{write(s, seat, at, rng), at};
      }
      case Phase::Resolving: {
        const GameTime at = wait(moment_key(s, seat), now, p_.act_min, p_.act_max, rng);
        switch (s.step()) {
          case Step::Keep:
            return Proposal{keep(), at};
          case Step::FormulaSpells:
            return Proposal{formula_spell(s, seat), at};
          case Step::AfterMove:
            return Proposal{after_move_spell(s, seat), at};
        }
        return std::nullopt;
      }
      case Phase::Over:
        return std::nullopt;
    }
    return std::nullopt;
  }

  // The perfect formula of what she recalls when she writes at `at`; with no memory (she
  // could not read the book), one card at random.
  Action write(const DuBalaiState& s, Seat seat, GameTime at, Rng& rng) {
    SymbolMask f = 0;
    const Book book = has_memory(s) ? mem_.book(at) : Book{};
    if (has_memory(s)) f = best_formula(book, bonus(s, seat), nullptr);
    if (!f && (s.closer() == seat || !has_memory(s))) f = SymbolMask(1u << rng.below(kSymbols));
    if (f && s.witch(seat).hand[size_t(Card::DoubleJeu)])
      return act::write_both(f, second(book, f));
    return f ? act::write(f) : act::write_none();
  }

  // With Double-jeu in hand: the perfect formula of the other colour in its memory. Writing it
  // costs nothing, since Double-jeu is played only if the revealed dice make it worth it.
  static SymbolMask second(const Book& book, SymbolMask first_cards) {
    const Judgement first = judge(first_cards, book);
    if (!first.valid()) return 0;
    return SymbolMask(book.valid(du_balai::other(first.colour)) & ~first_cards);
  }

  Action keep() const {
    Action best = legal_.front();
    int best_rank = kCardKinds;
    for (Action a : legal_) {
      const Move m = decode(a);
      if (m.kind == Kind::Keep && keep_rank(m.card) < best_rank)
        best = a, best_rank = keep_rank(m.card);
    }
    return best;
  }

  // Oubli réparé, Rectification or Double-jeu when it makes its formulas worth more, judged
  // on the revealed book.
  Action formula_spell(const DuBalaiState& s, Seat seat) const {
    const Witch& w = s.witch(seat);
    const Book book = s.book();
    const bool b = bonus(s, seat), closer = s.closer() == seat;
    const std::array<SymbolMask, 2> written{w.formula[0].mask, w.formula[1].mask};
    const double base = formulas_value(written, w.counted(), book, b, closer);
    Action best = act::pass();
    double best_gain = 0.5;
    for (Action a : legal_) {
      const Move m = decode(a);
      if (m.kind != Kind::Play) continue;
      std::array<SymbolMask, 2> fs = written;
      int n = w.counted();
      if (m.card == Card::DoubleJeu) {
        n = 2;
      } else if (m.card == Card::OubliRepare) {
        fs[size_t(m.b)] = SymbolMask(fs[size_t(m.b)] | (1u << m.a));
      } else if (m.card == Card::Rectification) {
        for (auto& f : fs)
          if (f & (1u << m.a)) f = SymbolMask((f & ~(1u << m.a)) | (1u << m.b));
      } else {
        continue;
      }
      const double gain = formulas_value(fs, n, book, b, closer) - base;
      if (gain > best_gain) best = a, best_gain = gain;
    }
    return best;
  }

  Action after_move_spell(const DuBalaiState& s, Seat seat) const {
    const Track& t = s.track();
    const int mine = t.square[size_t(seat)];
    int ahead = 0, behind = 0;
    for (int p = 0; p < s.players(); ++p) {
      if (p == seat || t.finished(p)) continue;
      ahead += t.square[size_t(p)] > mine;
      behind += t.square[size_t(p)] < mine;
    }
    for (Action a : legal_) {
      const Move m = decode(a);
      if (m.kind != Kind::Play) continue;
      switch (m.card) {
        case Card::VentArriere:
        case Card::MauvaisSort:
          return a;
        case Card::Attraction:
          if (ahead > behind && m.a == 2) return a;
          break;
        case Card::Blocage:
          if (behind > ahead) return a;
          break;
        default:
          break;
      }
    }
    return act::pass();
  }

  // Brouillard against a spell that hurts it, or to save its own spell; otherwise pass.
  Action react(const DuBalaiState& s, Seat seat) const {
    if (!legal(act::brouillard())) return act::pass();
    const Pending& pd = s.pending();
    const Move m = decode(pd.spell);
    const Track& t = s.track();
    const bool cancelled = pd.fogs % 2 == 1;
    bool hurts = false;
    if (pd.caster != seat) {
      if (m.card == Card::MauvaisSort) hurts = m.a == seat;
      if (m.card == Card::Attraction) hurts = t.square[size_t(pd.caster)] < t.square[size_t(seat)];
      if (m.card == Card::VentArriere)
        hurts = t.square[size_t(pd.caster)] >= t.square[size_t(seat)];
    }
    const bool mine = pd.caster == seat;
    if ((hurts && !cancelled) || (mine && cancelled)) return act::brouillard();
    return act::pass();
  }

  SimpleBotParams p_;
  BookMemory mem_;
  Timer timer_;
  ActionList legal_;
};

}  // namespace

SimpleBotParams simple_level(Level level) {
  SimpleBotParams p;
  switch (level) {
    case Level::Novice:
      p.misremember = 0.04, p.overload = 0.5, p.fade = 0.3, p.per_die = 1200;
      p.write_min = 3000, p.write_max = 10000, p.act_min = 800, p.act_max = 2500;
      break;
    case Level::Normal:
      break;
    case Level::Expert:
      p.misremember = 0.015, p.overload = 0.2, p.fade = 0.2, p.per_die = 600;
      p.write_min = 1500, p.write_max = 5000, p.act_min = 350, p.act_max = 1200;
      break;
  }
  return p;
}

std::unique_ptr<sabbat::Bot> make_named_bot(std::string_view name) {
  if (name == "random") {
    SimpleBotParams p = simple_level(Level::Normal);
    p.at_random = true;
    return make_simple_bot(p);
  }
  auto level = name == "simple" ? std::optional(Level::Normal) : parse_level(name);
  return level ? make_simple_bot(simple_level(*level)) : nullptr;
}

std::unique_ptr<sabbat::Bot> make_simple_bot() {
  return make_simple_bot(SimpleBotParams{});
}

std::unique_ptr<sabbat::Bot> make_simple_bot(const SimpleBotParams& params) {
  return std::make_unique<SimpleBot>(params);
}

}  // namespace sabbat::du_balai
