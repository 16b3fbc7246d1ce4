// The Bal bot at its three levels (bot.hpp). Every legal action is read from its canonical
// text and given a worth in Crapzouilles: one of one's own saved or an opponent's killed is
// worth 1, a card won about a quarter, and each card spent what keeping it would have been
// worth.
#include "games/bal-des-sorcieres/bot.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <string>
#include <vector>

#include "games/bal-des-sorcieres/bot_read.hpp"
#include "games/bal-des-sorcieres/incantation.hpp"

namespace sabbat::bal {

namespace {

constexpr double kCard = 0.25;          // a card won or drawn
constexpr double kDefenderCard = 0.15;  // the card a defender wins by parrying
// The expert's search: how many of the best choices it plays on, in how many sampled hands,
// and for how many actions after its own.
constexpr int kExpertChoices = 3;
constexpr int kExpertSamples = 16;
constexpr int kExpertHorizon = 12;
constexpr int kExpertStepLimit = 8 * kExpertHorizon;  // window answers included
// The novice's roughness: noise up to this many Crapzouilles on each choice.
constexpr double kNoviceNoise = 0.6;
// In the incantation mode the novice mispronounces one move in this many that lay cards down.
constexpr uint32_t kNoviceSlips = 25;

// What keeping a card is worth: rare potions attack and parry best; Baguette magique and Du
// balai save a Crapzouille when no parry is possible; a Lutin farceur is a farce on oneself.
double keep_worth(int kind) {
  static constexpr std::array<double, kKinds> kWorth{
      0.45,  0.40, 0.30, 0.25, 0.20,  // gris bleu vert jaune rouge
      0.50,                           // Abracadabra
      0.40,                           // Trésor magique
      0.50,                           // Sortilège
      0.70,                           // Du balai
      0.20,                           // Mon beau miroir
      0.20,                           // À moi, nananère !
      0.60,                           // Remède
      0.80,                           // Baguette magique
      0.50,                           // Envoûtement
      0.35,                           // Enchantement
      0.30,                           // Tour de magie
      0.50,                           // Fantôme
      0.20,                           // Boule de cristal
      -0.30,                          // Lutin farceur
      0.40,                           // Diablotin
  };
  return kind >= 0 && kind < kKinds ? kWorth[size_t(kind)] : 0.0;
}

int spell_kind(Spell s) {
  return kind_of(s);
}

// An action's text cut into what matters here.
struct Move {
  std::string verb;
  int target = -1;      // a seat; -2 for "all"
  int count = 0;        // potions in an attack
  int kind = -1;        // an attack's colour, or the card thrown or dropped
  int spell = -1;       // the spell's kind, Abracadabra included
  bool tresor = false;  // a Trésor magique beside a Sortilège or a Lutin farceur
};

Move read_move(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string word; in >> word;) w.push_back(word);
  Move m;
  if (w.empty()) return m;
  m.verb = w[0];
  auto number = [](const std::string& s) {
    int n = -1;
    std::from_chars(s.data(), s.data() + s.size(), n);
    return n;
  };
  if (m.verb == "attack" && w.size() >= 5) {
    m.target = w[1] == "all" ? -2 : number(w[1]);
    m.count = number(w[3]);
    m.kind = kind_from_slug(w[4]);
    if (w.size() >= 7) m.spell = kind_from_slug(w[6]);
    m.tresor = w.size() >= 9 && w[8] == "tresor";
  } else if (m.verb == "parry") {
    if (w.size() == 3 && w[1] == "with") m.spell = kind_from_slug(w[2]);
    if (w.size() == 3 && w[1] == "+") m.spell = kind_from_slug(w[2]);
  } else if (m.verb == "lutin") {
    m.tresor = w.size() == 3 && w[2] == "tresor";
  } else if (w.size() == 2) {
    m.target = number(w[1]);
    m.kind = kind_from_slug(w[1]);
  }
  return m;
}

class Judge {
 public:
  Judge(const Reading& r, bool counts) : r_(r), counts_(counts) {}

  double worth(const Move& m) const {
    if (m.verb == "attack") return attack(m);
    if (m.verb == "parry") return parry(m);
    if (m.verb == "balai") return escape(spell_kind(Spell::DuBalai)) + sent_on(m.target);
    if (m.verb == "baguette") return escape(spell_kind(Spell::BaguetteMagique)) + 0.2;
    if (m.verb == "throw") return 0.3 - keep_worth(m.kind);  // she draws one for each
    if (m.verb == "drop" || m.verb == "discard") return -keep_worth(m.kind);
    // Her own Crapzouille dies beside her sheet, where a Remède can raise it and an
    // Envoûtement can replace it; a captive goes back to its owner.
    if (m.verb == "lose") return m.target == r_.me ? 0.1 : 0.0;
    if (m.verb == "lutin" && m.tresor) return tresor_drawn();
    if (m.verb == "give") return -keep_worth(m.kind);
    if (m.verb == "nananere") return nananere();
    if (m.verb == "miroir") return mirror(m.target);
    if (m.verb == "boule") return boule();
    return 0;  // take, keep, lutin, pass: the reference
  }

 private:
  const WitchSeen& witch(int seat) const { return r_.witches[size_t(seat)]; }

  // A Trésor magique played: two cards drawn for one spent.
  double tresor_drawn() const { return 2 * kCard - keep_worth(spell_kind(Spell::TresorMagique)); }

  // How much a Crapzouille of `seat` is worth killing: more for the witch it would put out,
  // a little more for the one with the most.
  double victim(int seat, int kills) const {
    const WitchSeen& w = witch(seat);
    const WitchSeen& me = witch(r_.me);
    return 1.0 + (w.alive <= kills ? 0.8 : 0.0) + 0.03 * (w.alive - me.alive);
  }

  // The chance that `seat` parries `n` potions of `colour`, Baguette and Du balai aside.
  double parried(int seat, int colour, int n) const {
    if (counts_) return can_answer(r_, seat, colour, n, true);
    // The novice counts nothing: chances from the box and its own hand alone.
    Reading naive = r_;
    naive.unseen_total = 0;
    for (int k = 0; k < kKinds; ++k) {
      const KindInfo& info = kind_info(Kind(k));
      naive.unseen[size_t(k)] =
          int(info.level) <= r_.level ? std::max(0, info.count - r_.hand[size_t(k)]) : 0;
      naive.unseen_total += naive.unseen[size_t(k)];
    }
    for (auto& w : naive.witches) w.known = {};
    return can_answer(naive, seat, colour, n, true);
  }

  // The chance that `seat` escapes with a Baguette magique or a Du balai (she may keep it).
  double escapes(int seat) const {
    return 0.8 *
           holds_any(r_, seat, {spell_kind(Spell::DuBalai), spell_kind(Spell::BaguetteMagique)});
  }

  double attack(const Move& m) const {
    if (m.kind < 0 || m.count <= 0) return -10;
    const int kills = m.spell == spell_kind(Spell::Fantome) ? 2 : 1;
    double cost = m.count * keep_worth(m.kind) + keep_worth(m.spell);
    double gain = m.tresor ? tresor_drawn() : 0;
    if (m.spell == spell_kind(Spell::TresorMagique)) gain += 2 * kCard;
    if (m.spell == spell_kind(Spell::Remede)) gain += 0.9;
    std::vector<int> targets;
    if (m.target == -2) {
      for (int s = 0; s < r_.players; ++s)
        if (s != r_.me && !witch(s).out) targets.push_back(s);
    } else if (m.target >= 0 && m.target < r_.players) {
      targets.push_back(m.target);
    }
    double all_parry = 1;
    for (int t : targets) {
      double p = parried(t, m.kind, m.count);
      if (m.spell == spell_kind(Spell::Enchantement) && witch(t).hand > 0)
        p *= double(witch(t).hand - 1) / witch(t).hand;
      const double fail = (1 - p) * (1 - escapes(t));
      all_parry *= 1 - fail;
      gain += fail * kills * victim(t, kills) - p * kDefenderCard;
      if (m.spell == spell_kind(Spell::Envoutement)) gain += fail;  // the captive is hers
      if (m.spell == spell_kind(Spell::Fantome)) gain -= p;         // parried, she loses one
      if (m.spell == spell_kind(Spell::Diablotin)) gain += 0.3 * victim(t, 1);
    }
    gain += (1 - all_parry) * kCard;
    return gain - cost;
  }

  // À moi, nananère !: one more attack of hers, the best she holds, and the holder of
  // Carabosse loses hers. Not with a Lutin farceur in hand, which would have to be played.
  double nananere() const {
    if (r_.hand[size_t(spell_kind(Spell::LutinFarceur))] > 0) return -1;
    double best = -10;
    for (int c = 0; c < kColours; ++c)
      for (int n = 1; n <= std::min(2, r_.hand[size_t(c)]); ++n)
        for (int t = 0; t < r_.players; ++t)
          if (t != r_.me && !witch(t).out) {
            Move m;
            m.verb = "attack";
            m.target = t;
            m.count = n;
            m.kind = c;
            best = std::max(best, attack(m));
          }
    return best + 0.1 - keep_worth(spell_kind(Spell::AMoiNananere));
  }

  // Mon beau miroir: the attack's potions again, on a witch of her choice, who has no Du balai
  // or Baguette magique against it.
  double mirror(int target) const {
    if (target < 0 || target >= r_.players) return -10;
    int colour = 0, n = 0;
    for (int c = 0; c < kColours; ++c)
      if (r_.attack_potions[size_t(c)] > n) colour = c, n = r_.attack_potions[size_t(c)];
    if (n == 0) return -10;
    const double p = parried(target, colour, n);
    return (1 - p) * (victim(target, 1) + kCard) - p * kDefenderCard -
           keep_worth(spell_kind(Spell::MonBeauMiroir));
  }

  // Boule de cristal: her two least useful cards for two cards of her neighbours' (worth a
  // card on average), worth it mostly to pass on a Lutin farceur.
  double boule() const {
    std::vector<double> worths;
    for (int k = 0; k < kKinds; ++k)
      if (k != spell_kind(Spell::BouleDeCristal))
        for (int i = 0; i < r_.hand[size_t(k)]; ++i) worths.push_back(keep_worth(k));
    std::sort(worths.begin(), worths.end());
    double given = 0;
    for (size_t i = 0; i < worths.size() && i < 2; ++i) given += worths[i];
    return 2 * 0.3 - given - keep_worth(spell_kind(Spell::BouleDeCristal)) - 0.05;
  }

  // What escaping the attack saves, less the card spent.
  double escape(int kind) const { return damage() - keep_worth(kind); }

  double damage() const { return r_.attack_spell == spell_kind(Spell::Fantome) ? 2.0 : 1.0; }

  // Du balai: the new defender may fail too; it hurts a rival, but the attacker wins the card.
  double sent_on(int seat) const {
    if (seat < 0 || seat >= r_.players) return 0;
    int colour = 0, n = 0;
    for (int c = 0; c < kColours; ++c)
      if (r_.attack_potions[size_t(c)] > n) colour = c, n = r_.attack_potions[size_t(c)];
    return 0.3 * (1 - parried(seat, colour, std::max(n, 1))) * victim(seat, 1);
  }

  double parry(const Move& m) const {
    double cost = 0;
    int potions = 0;
    for (int c = 0; c < kColours; ++c) {
      cost += r_.attack_potions[size_t(c)] * keep_worth(c);
      potions += r_.attack_potions[size_t(c)];
    }
    double gain = damage() + kCard;
    if (r_.attack_spell == spell_kind(Spell::Fantome) && r_.attacker >= 0)
      gain += victim(r_.attacker, 1);  // the attacker loses one
    if (m.spell == spell_kind(Spell::Abracadabra)) {
      // It stands for the cheapest potion answered.
      double dearest = 0;
      for (int c = 0; c < kColours; ++c)
        if (r_.attack_potions[size_t(c)] > 0) dearest = std::max(dearest, keep_worth(c));
      cost += keep_worth(m.spell) - (potions > 0 ? dearest : 0);
    } else if (m.spell >= 0) {
      cost += keep_worth(m.spell);
      if (m.spell == spell_kind(Spell::TresorMagique)) gain += 2 * kCard;
      if (m.spell == spell_kind(Spell::Remede)) gain += 0.9;
      if (m.spell == spell_kind(Spell::Diablotin) && r_.attacker >= 0)
        gain += 0.3 * victim(r_.attacker, 1);
    }
    return gain - cost;
  }

  const Reading& r_;
  bool counts_;
};

// What a position is worth to `me` after a few actions played on: her Crapzouilles against
// the strongest rival's, her hand, and being out or the winner above all.
double position_worth(const State& s, Seat me) {
  const Reading r = read_seat(s, me);
  const WitchSeen& mine = r.witches[size_t(me)];
  if (mine.out) return -20;
  int rival = 0, left = 0;
  for (int seat = 0; seat < r.players; ++seat)
    if (seat != me && !r.witches[size_t(seat)].out) {
      rival = std::max(rival, r.witches[size_t(seat)].alive);
      ++left;
    }
  if (left == 0) return 20;
  return mine.alive - 0.5 * rival + kCard * r.hand_size() - 0.5 * left;
}

// The best worth, drawn among equals: always the first would attack the lowest-numbered
// witch whenever the others look alike (every witch at the start of a game), and the last seats
// would then be attacked least and win most (docs/reports/README.md).
size_t best_of(const std::vector<double>& worth, Rng& rng) {
  const double top = *std::max_element(worth.begin(), worth.end());
  auto equal = [top](double w) { return w >= top - 1e-9; };
  const auto ties = uint32_t(std::count_if(worth.begin(), worth.end(), equal));
  uint32_t k = ties > 1 ? rng.below(ties) : 0;
  for (size_t i = 0; i < worth.size(); ++i)
    if (equal(worth[i]) && k-- == 0) return i;
  return 0;
}

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(sabbat::Level level) : level_(level) {}

  std::optional<Proposal> propose(const State& state, Seat seat, Rng& rng) override {
    if (state.terminal() || !state.actors().contains(seat)) return std::nullopt;
    state.legal_actions(seat, legal_);
    // The incantation mode: the normal and expert bots always read their formulas right, the
    // novice now and then not (below); potions of one colour are alike to them, so they keep
    // one right reading of each move.
    slips_.clear();
    for (Action a : legal_)
      if (mispronounced(a)) slips_.push_back(a);
    legal_.erase(std::remove_if(legal_.begin(), legal_.end(), mispronounced), legal_.end());
    legal_.erase(std::unique(legal_.begin(), legal_.end(),
                             [](Action a, Action b) { return move_of(a.code) == move_of(b.code); }),
                 legal_.end());
    if (legal_.empty()) return std::nullopt;
    if (legal_.size() == 1) return Proposal{legal_.front(), state.now()};
    std::vector<double> worth = judged(state, seat, level_ != sabbat::Level::Novice);
    if (level_ == sabbat::Level::Novice)
      for (double& w : worth) w += kNoviceNoise * double(rng.below(1000)) / 1000.0;
    if (level_ == sabbat::Level::Expert) searched(state, seat, rng, worth);
    const size_t best = best_of(worth, rng);
    const Action slip{move_of(legal_[best].code) | kSlipBit};
    if (level_ == sabbat::Level::Novice &&
        std::find(slips_.begin(), slips_.end(), slip) != slips_.end() &&
        rng.below(kNoviceSlips) == 0)
      return Proposal{slip, state.now()};
    return Proposal{legal_[best], state.now()};
  }

  // The normal reading of every legal action of `seat`, in `legal_`'s order.
  std::vector<double> judged(const State& state, Seat seat, bool counts) {
    const Reading r = read_seat(state, seat);
    const Judge judge(r, counts);
    std::vector<double> worth;
    worth.reserve(legal_.size());
    for (Action a : legal_) {
      const std::string text = state.action_text(a);
      worth.push_back(judge.worth(read_move(text.substr(0, text.find(" : ")))));
    }
    return worth;
  }

 private:
  // The best few choices played on in sampled hands, everyone playing `normal`.
  void searched(const State& state, Seat me, Rng& rng, std::vector<double>& worth) {
    std::vector<size_t> order(worth.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return worth[a] > worth[b]; });
    order.resize(std::min<size_t>(order.size(), kExpertChoices));
    const ActionList mine = legal_;
    std::vector<double> sum(order.size(), 0.0);
    HeuristicBot normal(sabbat::Level::Normal);
    for (int k = 0; k < kExpertSamples; ++k) {
      const auto world = state.sample_hidden(me, rng);
      for (size_t i = 0; i < order.size(); ++i) {
        auto play = world->clone();
        if (!play->apply(me, mine[order[i]], play->now()).ok()) continue;
        // The horizon counts the game's moves, not the answers to reaction windows: most
        // are passes, and a witch may be asked several times between two attacks.
        const auto& bal = dynamic_cast<const BalState&>(*play);
        for (int moves = 0, steps = 0;
             moves < kExpertHorizon && steps < kExpertStepLimit && !play->terminal(); ++steps) {
          const SeatSet actors = play->actors();
          Seat next = 0;
          while (next < play->players() && !actors.contains(next)) ++next;
          if (next >= play->players()) {
            // Nobody to ask: a reaction window waits for its clock.
            const auto d = play->deadline();
            if (!d || !play->apply(kClock, d->action, std::max(d->at, play->now())).ok()) break;
            continue;
          }
          if (bal.phase() != Phase::Window) ++moves;
          auto p = normal.propose(*play, next, rng);
          if (!p || !play->apply(next, p->action, play->now()).ok()) break;
        }
        sum[i] += position_worth(*play, me);
      }
    }
    // The sampled outcome decides; the one-move reading only breaks near ties.
    for (size_t i = 0; i < order.size(); ++i)
      worth[order[i]] = 1000 + sum[i] / kExpertSamples + 0.05 * worth[order[i]];
    legal_ = mine;
  }

  sabbat::Level level_;
  ActionList legal_;
  ActionList slips_;  // the incantation mode: the mispronounced forms of the legal moves
};

}  // namespace

std::unique_ptr<sabbat::Bot> make_heuristic_bot(sabbat::Level level) {
  return std::make_unique<HeuristicBot>(level);
}

}  // namespace sabbat::bal
