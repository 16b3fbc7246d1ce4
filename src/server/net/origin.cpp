#include "server/net/origin.hpp"

#include <algorithm>
#include <cctype>

namespace sabbat::server {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

bool host_char(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_';
}

}  // namespace

std::optional<std::string> canonical_origin(std::string_view text) {
  const auto sep = text.find("://");
  if (sep == std::string_view::npos) return std::nullopt;
  const std::string scheme = lower(text.substr(0, sep));
  if (scheme != "http" && scheme != "https") return std::nullopt;
  std::string_view rest = text.substr(sep + 3);
  std::string_view host, port;
  if (rest.starts_with('[')) {  // an IPv6 literal
    const auto close = rest.find(']');
    if (close == std::string_view::npos || close == 1) return std::nullopt;
    for (unsigned char c : rest.substr(1, close - 1))
      if (!std::isxdigit(c) && c != ':' && c != '.') return std::nullopt;
    host = rest.substr(0, close + 1);
    rest.remove_prefix(close + 1);
    if (!rest.empty() && rest.front() != ':') return std::nullopt;
    if (!rest.empty()) port = rest.substr(1);
    if (!rest.empty() && port.empty()) return std::nullopt;
  } else {
    const auto colon = rest.find(':');
    host = rest.substr(0, colon);
    if (colon != std::string_view::npos) {
      port = rest.substr(colon + 1);
      if (port.empty()) return std::nullopt;
    }
    if (host.empty() || !std::all_of(host.begin(), host.end(), host_char)) return std::nullopt;
  }
  std::string out = scheme + "://" + lower(host);
  if (port.empty()) return out;
  if (port.size() > 5 ||
      !std::all_of(port.begin(), port.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  const int number = std::stoi(std::string(port));
  if (number < 1 || number > 65535) return std::nullopt;
  if ((scheme == "http" && number == 80) || (scheme == "https" && number == 443)) return out;
  return out + ":" + std::to_string(number);
}

Result<std::string> origin_of_url(std::string_view url) {
  const auto sep = url.find("://");
  std::string_view origin = url;
  if (sep != std::string_view::npos) origin = url.substr(0, url.find('/', sep + 3));
  if (origin.find_first_of("?#") != std::string_view::npos) origin = {};
  auto canonical = canonical_origin(origin);
  if (!canonical)
    return fail("'" + std::string(url.substr(0, 200)) +
                "' is not a URL of the form http://HOST[:PORT][/PATH] or https://...");
  return *canonical;
}

namespace {

std::string origin_at(std::string_view scheme, std::string_view host, unsigned port) {
  const bool v6 = host.find(':') != std::string_view::npos;
  std::string h = v6 ? "[" + std::string(host) + "]" : std::string(host);
  return canonical_origin(std::string(scheme) + "://" + h + ":" + std::to_string(port))
      .value_or("");
}

}  // namespace

std::string http_origin(std::string_view host, unsigned port) {
  return origin_at("http", host, port);
}

std::string https_origin(std::string_view host, unsigned port) {
  return origin_at("https", host, port);
}

}  // namespace sabbat::server
