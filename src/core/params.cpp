#include "params.hpp"

#include <charconv>
#include <stdexcept>

namespace sabbat {

ParamSpec ParamSpec::integer(std::string name, int64_t def, int64_t min, int64_t max,
                             std::string description) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::Integer;
  s.default_value = std::to_string(def);
  s.min = min;
  s.max = max;
  s.description = std::move(description);
  return s;
}

ParamSpec ParamSpec::boolean(std::string name, bool def, std::string description) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::Boolean;
  s.default_value = def ? "true" : "false";
  s.description = std::move(description);
  return s;
}

ParamSpec ParamSpec::choice(std::string name, std::vector<std::string> choices, std::string def,
                            std::string description) {
  ParamSpec s;
  s.name = std::move(name);
  s.kind = Kind::Choice;
  s.choices = std::move(choices);
  s.default_value = std::move(def);
  s.description = std::move(description);
  return s;
}

std::string ParamSpec::allowed() const {
  switch (kind) {
    case Kind::Integer:
      return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    case Kind::Boolean:
      return "true or false";
    case Kind::Choice: {
      std::string out = "one of ";
      for (size_t i = 0; i < choices.size(); ++i) out += (i ? ", " : "") + choices[i];
      return out;
    }
  }
  return {};
}

static bool parse_int(std::string_view text, int64_t& out) {
  if (text.empty()) return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

Status ParamSpec::validate(std::string_view value) const {
  bool good = false;
  switch (kind) {
    case Kind::Integer: {
      int64_t v = 0;
      good = parse_int(value, v) && v >= min && v <= max;
      break;
    }
    case Kind::Boolean:
      good = value == "true" || value == "false";
      break;
    case Kind::Choice:
      for (const auto& c : choices) good = good || c == value;
      break;
  }
  if (good) return {};
  return fail("parameter '" + name + "' cannot be '" + std::string(value) + "': it takes " +
              allowed());
}

Result<Params> Params::make(const std::vector<ParamSpec>& specs,
                            const std::map<std::string, std::string>& overrides) {
  Params p;
  for (const auto& s : specs) p.values_[s.name] = s.default_value;
  for (const auto& [name, value] : overrides) {
    const ParamSpec* spec = nullptr;
    for (const auto& s : specs) spec = s.name == name ? &s : spec;
    if (!spec) {
      std::string known;
      for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
      return fail("unknown parameter '" + name + "'; this game has " +
                  (known.empty() ? std::string("no parameters") : known));
    }
    if (auto st = spec->validate(value); !st) return fail(st.error());
    p.values_[name] = value;
  }
  return p;
}

int64_t Params::integer(const std::string& name) const {
  int64_t v = 0;
  if (!parse_int(text(name), v)) throw std::logic_error("parameter '" + name + "' is no integer");
  return v;
}

bool Params::boolean(const std::string& name) const {
  return text(name) == "true";
}

const std::string& Params::text(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("no parameter '" + name + "'");
  return it->second;
}

Result<std::pair<std::string, std::string>> parse_param_assignment(std::string_view text) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return fail("a parameter is written name=value, not '" + std::string(text) + "'");
  return std::pair{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

}  // namespace sabbat
