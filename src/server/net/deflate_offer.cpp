#include "server/net/deflate_offer.hpp"

#include <algorithm>
#include <vector>

namespace sabbat::server {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return (x >= 'A' && x <= 'Z' ? char(x - 'A' + 'a') : x) ==
           (y >= 'A' && y <= 'Z' ? char(y - 'A' + 'a') : y);
  });
}

// `s` cut at each `sep` outside a quoted string.
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (quoted && s[i] == '\\') {
      ++i;  // an escaped character, whatever it is
    } else if (s[i] == '"') {
      quoted = !quoted;
    } else if (s[i] == sep && !quoted) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(s.substr(std::min(start, s.size()))));
  return parts;
}

// A window size's value, quoted or not (§7.1.2.1): 8 to 15, no leading zero; 0 if it is not one.
int window_bits(std::string_view v) {
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
  if (v.empty() || v.size() > 2 || v.front() == '0') return 0;
  int n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n >= 8 && n <= 15 ? n : 0;
}

// One offer's parameters read into terms, or none when the offer must be declined.
std::optional<DeflateTerms> read_offer(const std::vector<std::string_view>& params,
                                       const DeflatePolicy& policy) {
  DeflateTerms t;
  t.server_window_bits = std::uint8_t(policy.server_window_bits);
  bool seen[4] = {};
  for (std::size_t i = 1; i < params.size(); ++i) {
    const std::string_view p = params[i];
    const std::size_t eq = p.find('=');
    const std::string_view name = trim(p.substr(0, eq));
    const bool has_value = eq != std::string_view::npos;
    const std::string_view value = has_value ? trim(p.substr(eq + 1)) : std::string_view();
    int which = -1;
    if (same_name(name, "server_no_context_takeover")) {
      which = 0;
      if (has_value) return std::nullopt;
      t.server_no_context_takeover = true;
    } else if (same_name(name, "client_no_context_takeover")) {
      which = 1;
      if (has_value) return std::nullopt;
      t.client_no_context_takeover = true;
    } else if (same_name(name, "server_max_window_bits")) {
      which = 2;
      const int bits = window_bits(value);
      // zlib's raw deflate takes a window of 8 bits for 9, so 8 cannot be promised (§7.1.2.1).
      if (bits < 9) return std::nullopt;
      t.server_window_bits = std::uint8_t(std::min(bits, policy.server_window_bits));
    } else if (same_name(name, "client_max_window_bits")) {
      which = 3;
      const int bits = has_value ? window_bits(value) : policy.client_window_bits;
      if (bits == 0) return std::nullopt;
      t.client_window_bits = std::uint8_t(std::min(bits, policy.client_window_bits));
    } else {
      return std::nullopt;  // a parameter RFC 7692 does not define
    }
    if (seen[which]) return std::nullopt;
    seen[which] = true;
  }
  // Without client_max_window_bits in the offer the client keeps 32 KiB and the answer must
  // not name it (§7.1.2.2).
  if (!seen[3]) t.client_window_bits = 15;
  return t;
}

}  // namespace

std::optional<DeflateTerms> negotiate_deflate(std::string_view header,
                                              const DeflatePolicy& policy) {
  for (std::string_view extension : split(header, ',')) {
    const std::vector<std::string_view> params = split(extension, ';');
    if (!same_name(params.front(), "permessage-deflate")) continue;
    if (auto terms = read_offer(params, policy)) return terms;
  }
  return std::nullopt;
}

std::string deflate_answer(const DeflateTerms& terms) {
  std::string s = "permessage-deflate";
  if (terms.server_no_context_takeover) s += "; server_no_context_takeover";
  if (terms.client_no_context_takeover) s += "; client_no_context_takeover";
  if (terms.server_window_bits < 15)
    s += "; server_max_window_bits=" + std::to_string(terms.server_window_bits);
  if (terms.client_window_bits < 15)
    s += "; client_max_window_bits=" + std::to_string(terms.client_window_bits);
  return s;
}

}  // namespace sabbat::server
