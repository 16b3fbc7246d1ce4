#include "games/bal-des-sorcieres/bot_read.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

namespace {

int kind_of_card(const json& card) {
  return kind_from_slug(card.value("kind", std::string()));
}

void count(const json& cards, std::array<int, kKinds>& into) {
  if (!cards.is_array()) return;
  for (const json& c : cards)
    if (int k = kind_of_card(c); k >= 0) ++into[size_t(k)];
}

// log C(n, k), for hypergeometric chances without overflow.
double log_choose(int n, int k) {
  if (k < 0 || k > n) return -INFINITY;
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
}

// P(exactly x of `good` among `draws` from `total`).
double hypergeometric(int total, int good, int draws, int x) {
  if (x < 0 || x > draws || x > good || draws - x > total - good) return 0;
  return std::exp(log_choose(good, x) + log_choose(total - good, draws - x) -
                  log_choose(total, draws));
}

}  // namespace

int Reading::hand_size() const {
  int n = 0;
  for (int c : hand) n += c;
  return n;
}

int Reading::living_others() const {
  int n = 0;
  for (size_t s = 0; s < witches.size(); ++s) n += int(s) != me && !witches[s].out;
  return n;
}

Reading read_view(const json& view, Seat me) {
  Reading r;
  r.me = me;
  const std::string level = view.value("level", std::string("easy"));
  r.level = level == "hard" ? 2 : level == "medium" ? 1 : 0;
  for (int k = 0; k < kKinds; ++k) {
    const KindInfo& info = kind_info(Kind(k));
    if (int(info.level) <= r.level) r.unseen[size_t(k)] = info.count;
  }
  std::array<int, kKinds> seen{};
  count(view["discard"], seen);
  if (view.contains("attack")) {
    const json& a = view["attack"];
    count(a["cards"], seen);
    r.attacker = a.value("attacker", -1);
    r.defender = a.value("defender", -1);
    for (const json& c : a["cards"])
      if (int k = kind_of_card(c); k >= 0) {
        if (is_potion_kind(Kind(k)))
          ++r.attack_potions[size_t(k)];
        else
          r.attack_spell = k;
      }
    // The doubled attack of Mon beau miroir is its potions only.
    if (a.value("doubled", false)) r.attack_spell = -1;
    const json& tokens = view.value("farce_tokens", json::array());
    if (!tokens.empty() && a["cards"].empty()) r.farce = true;
    for (const json& t : tokens)
      if (int k = kind_from_slug(t.get<std::string>()); k >= 0 && r.farce)
        ++r.attack_potions[size_t(k)];
  }
  for (const json& w : view["witches"]) {
    WitchSeen ws;
    const int seat = w.value("seat", 0);
    ws.hand = w.value("hand_size", 0);
    ws.alive = w.value("crapzouilles", 0);
    const json& coffre = w["coffre_by_owner"];
    ws.own_alive =
        coffre.is_array() && size_t(seat) < coffre.size() ? coffre[size_t(seat)].get<int>() : 0;
    ws.dead = w.value("dead", 0);
    ws.out = w.value("eliminated", false);
    if (seat == me) {
      count(w["hand"], r.hand);
      for (int k = 0; k < kKinds; ++k) seen[size_t(k)] += r.hand[size_t(k)];
    } else {
      count(w["known"], ws.known);
      for (int k = 0; k < kKinds; ++k) seen[size_t(k)] += ws.known[size_t(k)];
    }
    r.witches.push_back(ws);
  }
  r.players = int(r.witches.size());
  for (int k = 0; k < kKinds; ++k) {
    r.unseen[size_t(k)] = std::max(0, r.unseen[size_t(k)] - seen[size_t(k)]);
    r.unseen_total += r.unseen[size_t(k)];
  }
  return r;
}

Reading read_state(const BalState& state, Seat me) {
  Reading r;
  r.me = me;
  r.level = int(state.options().level);
  for (int k = 0; k < kKinds; ++k) {
    const KindInfo& info = kind_info(Kind(k));
    if (int(info.level) <= r.level) r.unseen[size_t(k)] = info.count;
  }
  std::array<int, kKinds> seen{};
  for (int i = 0; i < state.discard_size(); ++i) ++seen[card_kind(state.discard_at(i))];
  // The view shows the attack while it is parried, while its losses are taken, and while a
  // Mon beau miroir may still double it.
  const Phase phase = state.phase();
  if (phase == Phase::Parry || phase == Phase::Lose ||
      (phase == Phase::Window && state.window().kind == WindowKind::Mirror)) {
    const Exchange& x = state.exchange();
    r.attacker = x.attacker;
    r.defender = x.defender;
    for (int i = 0; i < x.card_count; ++i) {
      const Kind k = card_kind(x.cards[size_t(i)]);
      ++seen[k];
      if (is_potion_kind(k))
        ++r.attack_potions[k];
      else
        r.attack_spell = k;
    }
    // The doubled attack of Mon beau miroir is its potions only.
    if (x.doubled) r.attack_spell = -1;
    r.farce = x.token_count > 0 && x.card_count == 0;
    for (int i = 0; i < x.token_count && r.farce; ++i)
      if (const uint8_t t = x.tokens[size_t(i)]; t != kWhite) ++r.attack_potions[t];
  }
  r.players = state.players();
  r.witches.resize(size_t(r.players));
  for (Seat seat = 0; seat < r.players; ++seat) {
    const Witch& w = state.witch_at(seat);
    WitchSeen& ws = r.witches[size_t(seat)];
    ws.hand = w.hand.size();
    ws.alive = w.alive();
    ws.own_alive = w.coffre[size_t(seat)];
    ws.dead = w.dead;
    ws.out = w.out_rank != 0;
    std::array<int, kKinds>& into = seat == me ? r.hand : ws.known;
    const CardSet cards = seat == me ? w.hand : w.known;
    for (size_t word = 0; word < cards.w.size(); ++word)
      for (uint64_t bits = cards.w[word]; bits; bits &= bits - 1)
        ++into[card_kind(Card(64 * word + size_t(__builtin_ctzll(bits))))];
    for (int k = 0; k < kKinds; ++k) seen[size_t(k)] += into[size_t(k)];
  }
  for (int k = 0; k < kKinds; ++k) {
    r.unseen[size_t(k)] = std::max(0, r.unseen[size_t(k)] - seen[size_t(k)]);
    r.unseen_total += r.unseen[size_t(k)];
  }
  return r;
}

Reading read_seat(const State& state, Seat me) {
  if (const auto* bal = dynamic_cast<const BalState*>(&state)) return read_state(*bal, me);
  return read_view(state.view(me), me);
}

double can_answer(const Reading& r, int seat, int colour, int n, bool with_joker) {
  if (seat < 0 || size_t(seat) >= r.witches.size()) return 0;
  const WitchSeen& w = r.witches[size_t(seat)];
  int known_total = 0;
  for (int k : w.known) known_total += k;
  const int draws = std::clamp(w.hand - known_total, 0, r.unseen_total);
  const int need = std::max(0, n - w.known[size_t(colour)]);
  const int good = r.unseen[size_t(colour)];
  double p = 0;
  for (int x = need; x <= draws; ++x) p += hypergeometric(r.unseen_total, good, draws, x);
  if (with_joker && colour != int(Colour::Gris) && need >= 1) {
    const int joker = kind_of(Spell::Abracadabra);
    const bool holds = w.known[size_t(joker)] > 0;
    const double p_joker =
        holds ? 1.0 : 1.0 - hypergeometric(r.unseen_total, r.unseen[size_t(joker)], draws, 0);
    p += hypergeometric(r.unseen_total, good, draws, need - 1) * p_joker;
  }
  return std::clamp(p, 0.0, 1.0);
}

double holds_any(const Reading& r, int seat, std::initializer_list<int> kinds) {
  if (seat < 0 || size_t(seat) >= r.witches.size()) return 0;
  const WitchSeen& w = r.witches[size_t(seat)];
  int good = 0;
  for (int k : kinds) {
    if (w.known[size_t(k)] > 0) return 1;
    good += r.unseen[size_t(k)];
  }
  int known_total = 0;
  for (int k : w.known) known_total += k;
  const int draws = std::clamp(w.hand - known_total, 0, r.unseen_total);
  return 1 - hypergeometric(r.unseen_total, good, draws, 0);
}

}  // namespace sabbat::bal
