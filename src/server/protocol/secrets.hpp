#pragma once
// The secrets a table hands out: seat and owner tokens (128 bits) and table codes, all drawn
// from the operating system's CSPRNG, and compared in constant time.
#include <cstdint>
#include <string>
#include <string_view>

namespace sabbat::server {

// 128 random bits as 32 lowercase hex digits.
std::string new_token();
// 80 random bits as 16 letters and digits (no 0/o, 1/l), easy to read in an invite link.
std::string new_table_code();
// A seed for a new game or a table's bots.
uint64_t random_seed();

// Equal length and bytes, in a time that depends only on the lengths.
bool same_secret(std::string_view a, std::string_view b);

// What the store keeps of a token: its SHA-256 as 64 lowercase hex digits, so that a copy of
// the store (a backup, a leaked file) lets nobody act for a seat or start a table.
std::string token_digest(std::string_view token);
// Whether `token` is the one whose digest is `digest`, in constant time.
bool token_matches(std::string_view digest, std::string_view token);
bool looks_like_token_digest(std::string_view digest);

// True when `code` is made only of table-code characters and has their length; lookups
// reject anything else before touching a map.
bool looks_like_table_code(std::string_view code);
bool looks_like_token(std::string_view token);

}  // namespace sabbat::server
