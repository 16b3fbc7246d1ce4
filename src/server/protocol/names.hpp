#pragma once
// A person's name as others are shown it: characters that steer a display rather than show
// something are taken out, and the limit is counted on what is left.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace sabbat::server {

inline constexpr std::size_t kMaxNameChars = 32;

// `raw` (UTF-8) without control characters (C0, DEL, C1), bidi embeddings, overrides, isolates
// and marks, zero-width characters and line or paragraph separators, and without spaces at
// either end. An error, in a player's words, when nothing visible is left or when more than
// `max_chars` characters (code points) are.
Result<std::string> clean_name(std::string_view raw, std::size_t max_chars = kMaxNameChars);

// The same cleaning for a chat message (chat.hpp); the errors speak of a message.
Result<std::string> clean_chat_text(std::string_view raw, std::size_t max_chars);

}  // namespace sabbat::server
