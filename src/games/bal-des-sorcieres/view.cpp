// What each seat may know: every hand is hidden but its size and the cards everyone saw go
// into it ("à tout moment, un joueur peut demander à un autre le nombre de cartes").
#include "games/bal-des-sorcieres/state.hpp"

namespace sabbat::bal {

namespace {

json card_json(Card c) {
  return {{"id", c}, {"kind", kind_info(card_kind(c)).slug}, {"name", card_name(c)}};
}

json set_json(const CardSet& set) {
  json out = json::array();
  for (int c = 0; c < kCards; ++c)
    if (set.has(Card(c))) out.push_back(card_json(Card(c)));
  return out;
}

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::Attack:
      return "attack";
    case Phase::Inherit:
      return "inherit";
    case Phase::Remake:
      return "remake";
    case Phase::Restock:
      return "restock";
    case Phase::Lose:
      return "lose";
    case Phase::Parry:
      return "parry";
    case Phase::Over:
      return "over";
  }
  return "";
}

}  // namespace

json BalState::view(Seat viewer) const {
  static constexpr std::array<std::string_view, 3> kLevels{"easy", "medium", "hard"};
  json v{{"level", kLevels[size_t(options_.level)]},
         {"round", round_},
         {"tour", tour_},
         {"first_player", first_},
         {"carabosse", carabosse_},
         {"phase", phase_name(phase_)},
         {"pile", pile_size_}};
  // A card's "name" is its formula: a potion's ingredient, a spell's name.
  if (options_.incantation) v["incantation"] = true;
  json waiting = json::array();
  for (Seat s = 0; s < options_.players; ++s)
    if (actors().contains(s)) waiting.push_back(s);
  v["waiting_for"] = waiting;
  json discard = json::array();
  for (int i = 0; i < discard_size_; ++i) discard.push_back(card_json(discard_[size_t(i)]));
  v["discard"] = discard;
  if (phase_ == Phase::Parry || phase_ == Phase::Lose) {
    const Exchange& x = exchange_;
    json cards = json::array();
    for (int i = 0; i < x.card_count; ++i) cards.push_back(card_json(x.cards[size_t(i)]));
    json pending = json::array();
    for (Seat s = 0; s < options_.players; ++s)
      if (x.waiting.contains(s)) pending.push_back(s);
    json tokens = json::array();
    for (int i = 0; i < x.token_count; ++i)
      tokens.push_back(x.tokens[size_t(i)] == kWhite ? std::string_view("blanc")
                                                     : kind_info(x.tokens[size_t(i)]).slug);
    v["farce_tokens"] = tokens;
    v["attack"] = {{"attacker", x.attacker},
                   {"defender", x.defender},
                   {"sender", x.sender},
                   {"cards", cards},
                   {"farce_by", x.farce ? x.farce_from : kNobody},
                   {"still_to_parry", pending}};
  }
  if (phase_ == Phase::Lose) v["lose"] = {{"witch", exchange_.loser}, {"losses", exchange_.losses}};
  if (phase_ == Phase::Restock)
    v["restock"] = {{"witch", restock_at_}, {"thrown", restock_thrown_}};
  if (phase_ == Phase::Inherit)
    v["inherit"] = {{"heir", exchange_.heir},
                    {"to_drop", exchange_.inherited[size_t(exchange_.heir)]}};
  json witches = json::array();
  for (Seat s = 0; s < options_.players; ++s) {
    const Witch& w = witches_[size_t(s)];
    json coffre = json::array();
    for (Seat o = 0; o < options_.players; ++o) coffre.push_back(w.coffre[size_t(o)]);
    json one{{"seat", s},
             {"witch", witch(s).name},
             {"hand_size", w.hand.size()},
             {"known", set_json(w.known)},
             {"crapzouilles", w.alive()},
             {"coffre_by_owner", coffre},
             {"dead", w.dead},
             {"eliminated", w.out_rank != 0}};
    if (s == viewer) one["hand"] = set_json(w.hand);
    witches.push_back(std::move(one));
  }
  v["witches"] = std::move(witches);
  if (phase_ == Phase::Over)
    for (Seat s = 0; s < options_.players; ++s)
      if (!eliminated(s)) v["winner"] = s;
  return v;
}

json BalState::full_state() const {
  json v = view(kSpectator);
  for (Seat s = 0; s < options_.players; ++s)
    v["witches"][size_t(s)]["hand"] = set_json(witches_[size_t(s)].hand);
  json pile = json::array();
  for (int i = 0; i < pile_size_; ++i) pile.push_back(pile_[size_t(i)]);
  v["pile_cards"] = pile;
  json box = json::array();
  for (int i = 0; i < box_size_; ++i) box.push_back(box_[size_t(i)]);
  v["box"] = box;
  return v;
}

}  // namespace sabbat::bal
