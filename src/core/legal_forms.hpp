#pragma once
// Legal actions described rather than listed: where a seat's actions are a product of choices
// (a Du Balai ! formula is any non-empty set of nine cards, 511 texts, and 19,171 with
// Double-jeu), a host sends a few plain actions and forms that stand for the rest
// (docs/protocol.md, `state`'s `legal_forms`).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace sabbat {

// Words chosen from `of`: at least `min`, at most `max`, each at most once, written in the
// order of `of`. When `word` is not empty it is written before them; an `optional` pick (which
// has a `word`) may be left out, word and all.
struct LegalPick {
  std::string word;
  std::vector<std::string> of;
  int min = 1;
  int max = 1;
  bool optional = false;
  bool operator==(const LegalPick&) const = default;
};

// The texts `prefix`, then each pick in order, words separated by one space. With `distinct`,
// no word is chosen twice in one text (by two picks).
struct LegalForm {
  std::string prefix;
  std::vector<LegalPick> picks;
  bool distinct = false;
  bool operator==(const LegalForm&) const = default;
};

nlohmann::json form_json(const LegalForm& form);
// The form written by form_json, read back (a client's reading); nothing for another shape.
std::optional<LegalForm> form_from_json(const nlohmann::json& j);
// Whether `text` is one of the texts `form` stands for, written canonically (one space between
// words, words of a pick in the order of `of`).
bool form_matches(const LegalForm& form, std::string_view text);
// Appends every text `form` stands for, in no particular order. For tests and checks: a form
// may stand for tens of thousands of texts.
void expand_form(const LegalForm& form, std::vector<std::string>& out);

}  // namespace sabbat
