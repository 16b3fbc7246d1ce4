// Actions: "place <card> under left|right", as codes card * 2 + side.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "games/sortileges/state.hpp"

namespace sabbat::sortileges {

namespace {

constexpr const char* kExample = "e.g. 'place 7H under left'";

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += ch;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

void SortilegesState::legal_actions(Seat seat, ActionList& out) const {
  out.clear();
  const uint32_t n = legal_count(seat);
  for (uint32_t i = 0; i < n; ++i) out.push_back(legal_at(seat, i));
}

uint32_t SortilegesState::legal_count(Seat seat) const {
  if (terminal_ || seat != current_) return 0;
  return uint32_t(areas_[size_t(seat)].hand.size * sides());
}

Action SortilegesState::legal_at(Seat seat, uint32_t index) const {
  // Card by card, then side by side; with shifts, as there are one or two sides.
  const uint32_t two = sides() == 2;
  return Action{encode_place(areas_[size_t(seat)].hand.cards[index >> two], int(index & two))};
}

MaybeAction SortilegesState::random_legal(Seat seat, Rng& rng) const {
  const uint32_t n = legal_count(seat);
  if (n == 0) return std::nullopt;
  return legal_at(seat, rng.below(n));
}

std::string SortilegesState::idle_reason(Seat seat, Action) const {
  return "seat " + std::to_string(seat) + " may not act now: it is seat " +
         std::to_string(current_) + "'s turn";
}

std::string SortilegesState::action_text(Action action) const {
  if (action.code >= kActionCodes) {
    // A code no game produces: named, never decoded (its card would be no card).
    char hex[16];
    std::snprintf(hex, sizeof hex, "%08x", action.code);
    return "invalid action code 0x" + std::string(hex);
  }
  return "place " + card_text(Card(action.code / 2)) + " under " +
         (action.code % 2 == kLeft ? "left" : "right");
}

Result<Action> SortilegesState::do_parse_action(Seat, std::string_view text) const {
  const auto words = words_of(text);
  const std::string expected = "expected 'place <card> under left|right', " + std::string(kExample);
  if (words.empty()) return fail("nothing to read: " + expected);
  if (lower(words[0]) != "place") return fail("unknown action '" + words[0] + "': " + expected);
  if (words.size() < 2) return fail("which card? " + expected);
  auto card = parse_card(words[1]);
  if (!card)
    return fail("'" + words[1] +
                "' is not a card: write a rank 2-10 (or T), J, Q, K or A then a suit S, H, C "
                "or D, " +
                kExample);
  // "under" may be left out: "place 7H left".
  size_t at = 2;
  if (at < words.size() && lower(words[at]) == "under") ++at;
  if (at >= words.size())
    return fail("under which couple card? write left or right, " + std::string(kExample));
  const std::string side = lower(words[at]);
  if (side != "left" && side != "right")
    return fail("'" + words[at] + "' is not a couple card: write left or right, " + kExample);
  if (at + 1 != words.size())
    return fail("unexpected '" + words[at + 1] + "' after the side: " + expected);
  return Action{encode_place(*card, side == "left" ? kLeft : kRight)};
}

}  // namespace sabbat::sortileges
