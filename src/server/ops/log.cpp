#include "server/ops/log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>

namespace sabbat::server {

namespace {

// "2026-11-28T16:56:35.123Z": UTC, to the millisecond, as log shippers read it.
std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char stamp[40];
  const size_t n = std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(stamp + n, sizeof stamp - n, ".%03dZ", int(ms.count()));
  return stamp;
}

}  // namespace

Log::Log(std::function<void(std::string_view)> sink, LogFormat format)
    : sink_(std::move(sink)), format_(format) {}

void Log::write(std::string_view level, std::string_view name, std::string_view what,
                const nlohmann::json& fields) const {
  std::string line;
  if (format_ == LogFormat::Json) {
    nlohmann::json o = {{"time", utc_now()}, {"level", level}};
    if (!name.empty()) o["event"] = name;
    o["message"] = what;
    for (const auto& [key, value] : fields.items()) o[key] = value;
    // Bytes that are not UTF-8 (a client's header, say) are replaced rather than refused.
    line = o.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } else if (sink_) {
    line = level == "error" ? "error: " + std::string(what) : std::string(what);
  } else {
    line = utc_now() + " sabbat serve: " + (level == "error" ? "error: " : "") + std::string(what);
  }
  std::lock_guard lock(mutex_);
  if (sink_)
    sink_(line);
  else
    std::cerr << line << '\n' << std::flush;
}

}  // namespace sabbat::server
