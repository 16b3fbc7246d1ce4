#pragma once
// A member of a JSON object's top level, as the text wrote it, without parsing the rest: what
// parsing loses (an integer beyond 64 bits, kept as written) or costs (a frame's type, read
// without its body).
#include <optional>
#include <string_view>

namespace sabbat::server {

// The text of the value of the last member of `object`'s top level whose key is written
// exactly `key` (no escapes). `object` must be one valid JSON object (a message that parsed,
// a frame the server wrote); nothing for anything else or when no such member is there.
std::optional<std::string_view> top_level_member(std::string_view object, std::string_view key);

}  // namespace sabbat::server
