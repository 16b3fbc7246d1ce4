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
    case Phase::Window:
      return "window";
    case Phase::Boule:
      return "boule";
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
  json v{{"viewer", viewer >= 0 ? json(viewer) : json("spectator")},
         {"level", kLevels[size_t(options_.level)]},
         {"round", round_},
         {"tour", tour_},
         {"first_player", first_},
         {"carabosse", carabosse_},
         {"phase", phase_name(phase_)},
         {"pile", pile_size_}};
  // A card's "name" is its formula: a potion's ingredient, a spell's name.
  if (options_.incantation) v["incantation"] = true;
  json waiting = json::array();
  const SeatSet seen = actors_seen_by(viewer);
  for (Seat s = 0; s < options_.players; ++s)
    if (seen.contains(s)) waiting.push_back(s);
  v["waiting_for"] = waiting;
  // Her own setting, which only she knows.
  if (viewer >= 0 && options_.forced_played)
    v["forced"] = asks_forced_.contains(viewer) ? "ask" : "auto";
  json discard = json::array();
  for (int i = 0; i < discard_size_; ++i) discard.push_back(card_json(discard_[size_t(i)]));
  v["discard"] = discard;
  if (stand_in_ != kNobody) v["stand_in"] = {{"witch", stand_in_}, {"in_place_of", carabosse_}};
  if (phase_ == Phase::Window) {
    // That a window is open and until when, never who is asked, who answered or who holds
    // what: only the viewer learns whether she is asked, and her own answer.
    const bool turn = window_.kind == WindowKind::Turn;
    json cards = json::array();
    if (turn) {
      cards.push_back("nananere");
      if (options_.level >= Level::Moyen) cards.push_back("boule");
    } else {
      cards.push_back("miroir");
    }
    json w{{"kind", turn ? "turn" : "mirror"},
           {"cards", cards},
           {"opened", window_.opened},
           {"until", window_.opened + options_.window_ms},
           {"min_until", window_.opened + options_.window_min_ms}};
    if (viewer >= 0 && window_.asked.contains(viewer)) {
      w["asked"] = true;
      const uint32_t code = window_.answers[size_t(viewer)];
      w["answer"] =
          window_.answered.contains(viewer) ? json(action_text(Action{code})) : json(nullptr);
    }
    v["window"] = std::move(w);
  }
  if (phase_ == Phase::Boule) {
    const Crystal& c = crystal_;
    json laid = json::array();
    for (int slot = 0; slot < 4; ++slot) {
      if (c.cards[size_t(slot)] == 0xff) continue;
      json one{{"from", c.giver(slot)}, {"to", c.receiver(slot)}};
      if (c.giver(slot) == viewer) one["card"] = card_json(c.cards[size_t(slot)]);
      laid.push_back(std::move(one));
    }
    v["boule"] = {{"player", c.player},
                  {"left", c.left},
                  {"right", c.right},
                  {"giving", c.giver(c.step)},
                  {"face_down", laid}};
  }
  const bool attack_on = phase_ == Phase::Parry || phase_ == Phase::Lose ||
                         (phase_ == Phase::Window && window_.kind == WindowKind::Mirror);
  if (attack_on) {
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
                   {"still_to_parry", pending},
                   {"mirror_by", x.mirror_by},
                   {"mirror_target", x.mirror_target},
                   {"doubled", x.doubled}};
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
    // The cards she gave with a Boule de cristal, as long as they stay in this hand.
    if (viewer >= 0 && s != viewer) one["you_gave"] = set_json(w.hand & told_[size_t(viewer)]);
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
  json asks = json::array();
  for (Seat s = 0; s < options_.players; ++s)
    if (asks_forced_.contains(s)) asks.push_back(s);
  v["asks_forced"] = asks;
  v["turn_opened"] = turn_opened_;
  v["past_least"] = past_least_;
  v["forced_code"] = forced_code_;
  for (Seat s = 0; s < options_.players; ++s) {
    v["witches"][size_t(s)]["hand"] = set_json(witches_[size_t(s)].hand);
    v["witches"][size_t(s)]["told"] = set_json(told_[size_t(s)]);
  }
  if (phase_ == Phase::Boule) {
    json laid = json::array();
    for (Card c : crystal_.cards) laid.push_back(c == 0xff ? json(nullptr) : card_json(c));
    v["boule_cards"] = laid;
  }
  json pile = json::array();
  for (int i = 0; i < pile_size_; ++i) pile.push_back(pile_[size_t(i)]);
  v["pile_cards"] = pile;
  json box = json::array();
  for (int i = 0; i < box_size_; ++i) box.push_back(box_[size_t(i)]);
  v["box"] = box;
  if (phase_ == Phase::Window) {
    json answers = json::object();
    for (Seat s = 0; s < options_.players; ++s)
      if (window_.asked.contains(s))
        answers[std::to_string(s)] = window_.answered.contains(s)
                                         ? json(action_text(Action{window_.answers[size_t(s)]}))
                                         : json(nullptr);
    v["window_answers"] = answers;
    v["window_past_min"] = window_.past_min;
  }
  return v;
}

}  // namespace sabbat::bal
