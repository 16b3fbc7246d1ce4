#include "core/legal_forms.hpp"

#include <algorithm>
#include <functional>

namespace sabbat {

nlohmann::json form_json(const LegalForm& form) {
  nlohmann::json picks = nlohmann::json::array();
  for (const LegalPick& p : form.picks) {
    nlohmann::json j = {{"of", p.of}, {"min", p.min}, {"max", p.max}};
    if (!p.word.empty()) j["word"] = p.word;
    if (p.optional) j["optional"] = true;
    picks.push_back(std::move(j));
  }
  nlohmann::json out = {{"prefix", form.prefix}, {"picks", std::move(picks)}};
  if (form.distinct) out["distinct"] = true;
  return out;
}

std::optional<LegalForm> form_from_json(const nlohmann::json& j) {
  auto text = [](const nlohmann::json& o, const char* key) -> const nlohmann::json* {
    auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
  };
  if (!j.is_object()) return std::nullopt;
  const auto* prefix = text(j, "prefix");
  const auto* picks = text(j, "picks");
  if (!prefix || !prefix->is_string() || !picks || !picks->is_array()) return std::nullopt;
  LegalForm out;
  out.prefix = prefix->get<std::string>();
  out.distinct = j.value("distinct", false);
  for (const nlohmann::json& p : *picks) {
    const auto* of = p.is_object() ? text(p, "of") : nullptr;
    if (!of || !of->is_array()) return std::nullopt;
    LegalPick pick;
    pick.word = p.value("word", "");
    pick.min = p.value("min", 1);
    pick.max = p.value("max", 1);
    pick.optional = p.value("optional", false);
    for (const nlohmann::json& w : *of) {
      if (!w.is_string()) return std::nullopt;
      pick.of.push_back(w.get<std::string>());
    }
    out.picks.push_back(std::move(pick));
  }
  return out;
}

namespace {

// The words of `text` split at single spaces; false when two spaces meet or one starts or ends
// the text (not canonical).
bool split_words(std::string_view text, std::vector<std::string_view>& out) {
  out.clear();
  size_t at = 0;
  for (;;) {
    const size_t end = text.find(' ', at);
    const std::string_view w = text.substr(at, end == std::string_view::npos ? end : end - at);
    if (w.empty()) return false;
    out.push_back(w);
    if (end == std::string_view::npos) return true;
    at = end + 1;
  }
}

}  // namespace

bool form_matches(const LegalForm& form, std::string_view text) {
  std::vector<std::string_view> words, head;
  if (!split_words(text, words) || !split_words(form.prefix, head)) return false;
  if (words.size() < head.size() || !std::equal(head.begin(), head.end(), words.begin()))
    return false;
  size_t at = head.size();
  std::vector<std::string_view> picked;
  for (const LegalPick& pick : form.picks) {
    if (!pick.word.empty()) {
      if (at < words.size() && words[at] == pick.word)
        ++at;
      else if (pick.optional)
        continue;
      else
        return false;
    }
    // The pick's words, each after the one before in `of`.
    size_t from = 0;
    int n = 0;
    while (at < words.size()) {
      auto it = std::find(pick.of.begin() + long(from), pick.of.end(), words[at]);
      if (it == pick.of.end()) break;
      if (form.distinct && std::find(picked.begin(), picked.end(), words[at]) != picked.end())
        return false;
      picked.push_back(words[at]);
      from = size_t(it - pick.of.begin()) + 1;
      ++at;
      ++n;
    }
    if (n < pick.min || n > pick.max) return false;
  }
  return at == words.size();
}

void expand_form(const LegalForm& form, std::vector<std::string>& out) {
  std::vector<std::string> used;
  // Texts so far, pick by pick: each pick made (with each allowed choice of its words) or,
  // when optional, left out.
  std::function<void(size_t, std::string)> go = [&](size_t k, std::string text) {
    if (k == form.picks.size()) {
      out.push_back(std::move(text));
      return;
    }
    const LegalPick& pick = form.picks[k];
    if (pick.optional) go(k + 1, text);
    const std::string start = pick.word.empty() ? text : text + ' ' + pick.word;
    std::function<void(size_t, int, std::string)> choose = [&](size_t i, int n, std::string t) {
      if (n >= pick.min && n <= pick.max) go(k + 1, t);
      if (n == pick.max) return;
      for (size_t j = i; j < pick.of.size(); ++j) {
        const std::string& w = pick.of[j];
        if (form.distinct && std::find(used.begin(), used.end(), w) != used.end()) continue;
        used.push_back(w);
        choose(j + 1, n + 1, t + ' ' + w);
        used.pop_back();
      }
    };
    choose(0, 0, start);
  };
  go(0, form.prefix);
}

}  // namespace sabbat
