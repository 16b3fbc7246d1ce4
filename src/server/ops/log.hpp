#pragma once
// The server's log: one line per event that matters to whoever runs it (start, stop, a table
// created or finished, a refusal by a limit, an error). In text for people (`--log-format
// text`, the default: a UTC time, then the line) or in JSON for machines (`--log-format
// json`: one object a line, with the event's name and fields besides its words). A line never
// holds a token or anything a seat keeps hidden: the callers give only table codes, seats,
// game names, counts, addresses and errors.
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "server/ops/options.hpp"

namespace sabbat::server {

class Log {
 public:
  // `sink` receives each whole line (without its line end); null: standard error.
  Log(std::function<void(std::string_view)> sink, LogFormat format);

  // A notable event without a name of its own.
  void operator()(std::string_view what) const { write("info", "", what, {}); }
  // An event machines may look for by name ("start", "table-created", ...), with its fields.
  void event(std::string_view name, std::string_view what,
             const nlohmann::json& fields = nlohmann::json::object()) const {
    write("info", name, what, fields);
  }
  // Something that failed and that the operator may have to mend.
  void error(std::string_view what) const { write("error", "", what, {}); }

 private:
  void write(std::string_view level, std::string_view name, std::string_view what,
             const nlohmann::json& fields) const;

  std::function<void(std::string_view)> sink_;
  LogFormat format_;
  mutable std::mutex mutex_;
};

}  // namespace sabbat::server
