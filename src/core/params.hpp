#pragma once
// Typed game parameters: each has a kind, a default, a meaning and its allowed values.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result.hpp"

namespace sabbat {

struct ParamSpec {
  enum class Kind { Integer, Boolean, Choice };
  std::string name;
  Kind kind = Kind::Integer;
  std::string default_value;
  std::string description;
  int64_t min = 0;  // Integer only
  int64_t max = 0;
  std::vector<std::string> choices;  // Choice only
  // For a parameter added after records were written: the value a record without it reads
  // as (the rule it played by), which its replay keeps out of the header. Empty otherwise.
  std::optional<std::string> before;

  // A guard of bots and simulations, not a rule (max_turns, max_flips): 0 turns it off, and a
  // table with a person plays without it unless she sets one.
  bool is_guard() const { return name == "max_turns" || name == "max_flips"; }

  static ParamSpec integer(std::string name, int64_t def, int64_t min, int64_t max,
                           std::string description);
  static ParamSpec boolean(std::string name, bool def, std::string description);
  static ParamSpec choice(std::string name, std::vector<std::string> choices, std::string def,
                          std::string description);

  // The same spec, read as `value` in a record written before it existed.
  ParamSpec recorded_before(std::string value) && {
    before = std::move(value);
    return std::move(*this);
  }

  // "an integer from 0 to 5", "true or false", "one of remove, under-gratin".
  std::string allowed() const;
  // Checks one value; the error names the parameter and what is allowed.
  Status validate(std::string_view value) const;
};

// A complete, validated set of values: every parameter of the game, defaults included.
class Params {
 public:
  Params() = default;
  // Fills defaults, then applies overrides; unknown names and bad values are errors.
  static Result<Params> make(const std::vector<ParamSpec>& specs,
                             const std::map<std::string, std::string>& overrides);

  int64_t integer(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::string& text(const std::string& name) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  bool operator==(const Params&) const = default;

 private:
  std::map<std::string, std::string> values_;
};

// Parses "key=value" as given on a command line.
Result<std::pair<std::string, std::string>> parse_param_assignment(std::string_view text);

}  // namespace sabbat
