#pragma once
// The numbers of `sabbat report` as one JSON object (docs/report.md describes every field):
// each run's seat advantage with its intervals and the test of equal seats, the distributions
// of scores and lengths, the components sorted by their effect on winning, and with a compared
// parameter the differences between its values.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/report_tally.hpp"
#include "core/game.hpp"

namespace sabbat::cli {

// One run: all seats played by `bot`, with `params` (the game's full parameters).
struct ReportRun {
  std::string label;  // "normal · unclaimed=keep"
  std::string bot;
  std::map<std::string, std::string> params;
  ReportTally tally;
};

struct ReportHeader {
  std::string game_id;
  std::string game_name;
  std::string command;
  std::string version;
  uint64_t seed = 1;
  int players = 0;
  int64_t games = 0;  // per run
  std::vector<std::string> bots;
  std::map<std::string, std::string> params;  // the base parameters, before the compared one
  std::string compare;                        // the compared parameter, or empty
  std::vector<std::string> values;            // its values, in the order given
};

nlohmann::ordered_json report_json(const ReportHeader& header,
                                   const std::vector<Component>& components,
                                   const std::vector<ReportRun>& runs);

// The same numbers for a spreadsheet: one row per run and seat, and per run and component.
std::string seats_csv(const nlohmann::ordered_json& report);
std::string components_csv(const nlohmann::ordered_json& report);

// A few lines for the terminal: each run's seats, the test of equal seats, the components
// that help and hurt most.
std::string report_text(const nlohmann::ordered_json& report);

}  // namespace sabbat::cli
