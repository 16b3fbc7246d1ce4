#include "core/seat_numbers.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace sabbat {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool in_word(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// A seat's number in a text: where it is and how long.
struct Number {
  size_t at = 0;
  size_t size = 0;
};

// The number at `i`, if one is there whole: a few digits, not part of a longer word.
std::optional<Number> number_at(std::string_view text, size_t i) {
  size_t end = i;
  while (end < text.size() && is_digit(text[end])) ++end;
  if (end == i || end - i > 4 || (end < text.size() && in_word(text[end]))) return std::nullopt;
  return Number{i, end - i};
}

size_t past_spaces(std::string_view text, size_t i) {
  while (i < text.size() && text[i] == ' ') ++i;
  return i;
}

// The seat's number of an action text that starts at `from`: its first words are an entry of
// `words`, then comes the number.
std::optional<Number> seat_of_action(SeatWords words, std::string_view text, size_t from) {
  for (const std::string_view entry : words) {
    size_t i = past_spaces(text, from);
    bool matches = true;
    for (size_t e = 0; matches && e < entry.size();) {
      const size_t space = std::min(entry.find(' ', e), entry.size());
      const std::string_view word = entry.substr(e, space - e);
      matches = text.substr(i, word.size()) == word && i + word.size() < text.size() &&
                text[i + word.size()] == ' ';
      i = past_spaces(text, i + word.size());
      e = space + 1;
    }
    if (!matches) continue;
    if (auto n = number_at(text, i)) return n;
  }
  return std::nullopt;
}

int value_of(std::string_view text, const Number& n) {
  int v = 0;
  for (char c : text.substr(n.at, n.size)) v = v * 10 + (c - '0');
  return v;
}

// `text` with each of `numbers` (in order, apart) moved by `by`.
std::string shifted(std::string_view text, const std::vector<Number>& numbers, int by) {
  std::string out;
  size_t from = 0;
  for (const Number& n : numbers) {
    out.append(text.substr(from, n.at - from));
    out += std::to_string(value_of(text, n) + by);
    from = n.at + n.size;
  }
  out.append(text.substr(from));
  return out;
}

bool word_at(std::string_view text, size_t i, std::string_view word) {
  return text.substr(i, word.size()) == word && (i == 0 || !in_word(text[i - 1])) &&
         (i + word.size() == text.size() || !in_word(text[i + word.size()]));
}

// The numbers after "seats " at `i`: "0 and 2", "0, 1 or 3", "0 to 2".
void list_at(std::string_view text, size_t i, std::vector<Number>& out) {
  while (auto n = number_at(text, i)) {
    out.push_back(*n);
    i = n->at + n->size;
    bool more = false;
    for (const std::string_view between : {", and ", ", or ", ", ", " and ", " or ", " to "})
      if (text.substr(i, between.size()) == between) {
        i += between.size();
        more = true;
        break;
      }
    if (!more) return;
  }
}

}  // namespace

std::string action_for_person(SeatWords words, std::string_view action, SeatNumbers seats) {
  const auto n = seat_of_action(words, action, 0);
  return n ? shifted(action, {*n}, seats.first) : std::string(action);
}

Result<std::string> action_from_person(SeatWords words, std::string_view typed, int players) {
  const auto n = seat_of_action(words, typed, 0);
  if (!n) return std::string(typed);
  const int seat = value_of(typed, *n);
  if (seat < 1 || seat > players)
    return fail("there is no seat " + std::to_string(seat) + ": seats are 1 to " +
                std::to_string(players));
  return shifted(typed, {*n}, -1);
}

std::string prose_for_person(SeatWords words, std::string_view prose) {
  std::vector<Number> numbers;
  for (size_t i = 0; i < prose.size(); ++i) {
    if (!numbers.empty() && i < numbers.back().at + numbers.back().size) continue;
    // An action text quoted: at the start, after ": " or an opening quotation mark.
    const bool quoted =
        i == 0 || (i >= 2 && prose.substr(i - 2, 2) == ": ") ||
        ((prose[i - 1] == '\'' || prose[i - 1] == '"') && (i == 1 || !in_word(prose[i - 2])));
    if (quoted)
      if (auto n = seat_of_action(words, prose, i)) {
        numbers.push_back(*n);
        continue;
      }
    for (const std::string_view word : {"seat", "Seat", "seats", "Seats"})
      if (word_at(prose, i, word) && i + word.size() < prose.size() &&
          prose[i + word.size()] == ' ') {
        if (word.back() == 's')
          list_at(prose, i + word.size() + 1, numbers);
        else if (auto n = number_at(prose, i + word.size() + 1))
          numbers.push_back(*n);
        break;
      }
  }
  return shifted(prose, numbers, +1);
}

}  // namespace sabbat
