#include "cli/report_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/stats.hpp"

namespace sabbat::cli {

namespace {

using ordered = nlohmann::ordered_json;

// Rates and intervals rounded to 6 decimals: the JSON stays readable and the same on every
// machine that computes the same doubles.
double round6(double v) {
  return std::round(v * 1e6) / 1e6;
}

ordered seats_json(const ReportTally& t) {
  const SimTally& sim = t.sim();
  ordered seats = ordered::array();
  for (Seat s = 0; s < sim.players(); ++s) {
    const double wins = sim.fractional_wins(s);
    const auto win = report::wilson_95(wins, sim.games());
    const auto score =
        report::mean_95(double(t.score_sum(s)), double(t.score_square_sum(s)), sim.games());
    seats.push_back({{"seat", s},
                     {"wins", round6(wins)},
                     {"win_rate", round6(sim.games() ? wins / double(sim.games()) : 0)},
                     {"win_low", round6(win.low)},
                     {"win_high", round6(win.high)},
                     {"mean_score", round6(score.mean)},
                     {"score_low", round6(score.low)},
                     {"score_high", round6(score.high)}});
  }
  return seats;
}

ordered equal_seats_json(const SimTally& sim) {
  std::vector<double> wins;
  for (Seat s = 0; s < sim.players(); ++s) wins.push_back(sim.fractional_wins(s));
  const auto test = report::equal_shares_test(wins);
  return {{"chi2", round6(test.statistic)}, {"df", test.df}, {"p", round6(test.p)}};
}

ordered lengths_json(const ReportTally& t) {
  const SimTally& sim = t.sim();
  ordered bins = ordered::array();
  for (const auto& b : report::histogram(t.lengths(), 30))
    bins.push_back({{"low", b.low}, {"high", b.high}, {"count", b.count}});
  return {{"mean", round6(sim.mean_length())},
          {"sd", round6(sim.sd_length())},
          {"min", sim.min_length()},
          {"max", sim.max_length()},
          {"bins", bins}};
}

// A rate and its interval, or nulls when no seat-game is counted.
void rate(ordered& out, const std::string& key, double wins, int64_t n) {
  if (n <= 0) {
    out[key] = nullptr;
    out[key + "_low"] = nullptr;
    out[key + "_high"] = nullptr;
    return;
  }
  const auto i = report::wilson_95(wins, n);
  out[key] = round6(wins / double(n));
  out[key + "_low"] = round6(i.low);
  out[key + "_high"] = round6(i.high);
}

ordered components_json(const std::vector<Component>& components, const ReportTally& t) {
  const report::ComponentTally& c = t.components();
  const double units = double(report::kWinUnits);
  std::vector<ordered> rows;
  for (int k = 0; k < int(components.size()) && k < c.components(); ++k) {
    const report::ComponentCounts& n = c.counts(k);
    ordered row{{"id", components[size_t(k)].id},
                {"name", components[size_t(k)].name},
                {"group", components[size_t(k)].group},
                {"held_in", n.held_in},
                {"played_in", n.played_in},
                {"plays", n.plays}};
    const double won = double(n.played_win_units) / units;
    const double won_not = double(c.win_units() - n.played_win_units) / units;
    const int64_t not_in = c.seat_games() - n.played_in;
    rate(row, "win_held", double(n.held_win_units) / units, n.held_in);
    rate(row, "win_played", won, n.played_in);
    rate(row, "win_not", won_not, not_in);
    if (n.played_in > 0 && not_in > 0) {
      // Played minus not played: positive when the seats that played it won more often.
      const auto d = report::newcombe_difference_95(won_not, not_in, won, n.played_in);
      row["effect"] = round6(won / double(n.played_in) - won_not / double(not_in));
      row["effect_low"] = round6(d.low);
      row["effect_high"] = round6(d.high);
    } else {
      row["effect"] = nullptr;
      row["effect_low"] = nullptr;
      row["effect_high"] = nullptr;
    }
    rows.push_back(std::move(row));
  }
  // By effect, highest first; those without one (never played, or always) last, in the game's
  // order.
  std::stable_sort(rows.begin(), rows.end(), [](const ordered& a, const ordered& b) {
    const bool ea = !a["effect"].is_null(), eb = !b["effect"].is_null();
    if (ea != eb) return ea;
    return ea && a["effect"].get<double>() > b["effect"].get<double>();
  });
  ordered out = ordered::array();
  for (auto& r : rows) out.push_back(std::move(r));
  return out;
}

ordered run_json(const std::vector<Component>& components, const ReportRun& run) {
  const ReportTally& t = run.tally;
  ordered scores = ordered::array();
  for (const auto& [score, n] : t.scores()) scores.push_back({{"score", score}, {"count", n}});
  return {{"label", run.label},
          {"bot", run.bot},
          {"params", run.params},
          {"games", t.sim().games()},
          {"seats", seats_json(t)},
          {"equal_seats", equal_seats_json(t.sim())},
          {"scores", scores},
          {"lengths", lengths_json(t)},
          {"components", components_json(components, t)}};
}

// Each bot's first compared value against each of its others: b - a.
ordered differences_json(const ReportHeader& h, const std::vector<ReportRun>& runs) {
  ordered out = ordered::array();
  if (h.compare.empty()) return out;
  const size_t values = h.values.size();
  for (size_t b = 0; b < h.bots.size(); ++b) {
    const ReportRun& first = runs[b * values];
    for (size_t v = 1; v < values; ++v) {
      const ReportRun& other = runs[b * values + v];
      const SimTally& x = first.tally.sim();
      const SimTally& y = other.tally.sim();
      ordered seats = ordered::array();
      for (Seat s = 0; s < x.players(); ++s) {
        const auto d = report::newcombe_difference_95(x.fractional_wins(s), x.games(),
                                                      y.fractional_wins(s), y.games());
        const double diff =
            y.fractional_wins(s) / double(y.games()) - x.fractional_wins(s) / double(x.games());
        seats.push_back({{"seat", s},
                         {"diff", round6(diff)},
                         {"low", round6(d.low)},
                         {"high", round6(d.high)}});
      }
      // The sample standard deviation from the population one SimTally keeps.
      auto sample_sd = [](const SimTally& t) {
        const double n = double(t.games());
        return n > 1 ? t.sd_length() * std::sqrt(n / (n - 1)) : 0.0;
      };
      const auto l = report::welch_difference_95(x.mean_length(), sample_sd(x), x.games(),
                                                 y.mean_length(), sample_sd(y), y.games());
      out.push_back({{"bot", h.bots[b]},
                     {"a", first.label},
                     {"b", other.label},
                     {"seats", seats},
                     {"length",
                      {{"diff", round6(y.mean_length() - x.mean_length())},
                       {"low", round6(l.low)},
                       {"high", round6(l.high)}}}});
    }
  }
  return out;
}

std::string csv_field(const ordered& v) {
  if (v.is_null()) return "";
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  }
  return v.dump();
}

std::string csv_row(const std::vector<ordered>& fields) {
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) line += (i ? "," : "") + csv_field(fields[i]);
  return line + "\n";
}

std::string percent(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f %%", 100 * v);
  return b;
}

std::string number(double v, int decimals) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

}  // namespace

ordered report_json(const ReportHeader& h, const std::vector<Component>& components,
                    const std::vector<ReportRun>& runs) {
  ordered out{{"report", 1},          {"game", {{"id", h.game_id}, {"name", h.game_name}}},
              {"command", h.command}, {"version", h.version},
              {"seed", h.seed},       {"players", h.players},
              {"games", h.games},     {"bots", h.bots},
              {"params", h.params}};
  out["compare"] =
      h.compare.empty() ? ordered(nullptr) : ordered{{"param", h.compare}, {"values", h.values}};
  ordered list = ordered::array();
  for (const auto& run : runs) list.push_back(run_json(components, run));
  out["runs"] = list;
  out["differences"] = differences_json(h, runs);
  return out;
}

std::string seats_csv(const ordered& report) {
  std::string out =
      "run,bot,seat,games,wins,win_rate,win_low,win_high,mean_score,score_low,score_high\n";
  for (const auto& run : report["runs"])
    for (const auto& s : run["seats"])
      out +=
          csv_row({run["label"], run["bot"], s["seat"], run["games"], s["wins"], s["win_rate"],
                   s["win_low"], s["win_high"], s["mean_score"], s["score_low"], s["score_high"]});
  return out;
}

std::string components_csv(const ordered& report) {
  std::string out =
      "run,bot,id,name,group,held_in,win_held,win_held_low,win_held_high,played_in,plays,win_"
      "played,"
      "win_played_low,win_played_high,win_not,win_not_low,win_not_high,effect,effect_low,"
      "effect_high\n";
  for (const auto& run : report["runs"])
    for (const auto& c : run["components"])
      out +=
          csv_row({run["label"],        run["bot"],           c["id"],         c["name"],
                   c["group"],          c["held_in"],         c["win_held"],   c["win_held_low"],
                   c["win_held_high"],  c["played_in"],       c["plays"],      c["win_played"],
                   c["win_played_low"], c["win_played_high"], c["win_not"],    c["win_not_low"],
                   c["win_not_high"],   c["effect"],          c["effect_low"], c["effect_high"]});
  return out;
}

std::string report_text(const ordered& report) {
  std::string out = report["game"]["name"].get<std::string>() + ": " +
                    std::to_string(report["games"].get<int64_t>()) + " games per run, " +
                    std::to_string(report["players"].get<int>()) + " players, seed " +
                    std::to_string(report["seed"].get<uint64_t>()) + "\n";
  for (const auto& run : report["runs"]) {
    out += "\n" + run["label"].get<std::string>() + "\n";
    out += "  seat  win rate   95 % interval      mean score\n";
    for (const auto& s : run["seats"])
      out += "  " + std::to_string(s["seat"].get<int>()) + "     " +
             percent(s["win_rate"].get<double>()) + "     " + percent(s["win_low"].get<double>()) +
             " - " + percent(s["win_high"].get<double>()) + "    " +
             number(s["mean_score"].get<double>(), 2) + "\n";
    const double p = run["equal_seats"]["p"].get<double>();
    out += "  equal seats: p = " + number(p, 3) +
           (p < 0.05 ? " (the seats do not win equally often)\n"
                     : " (no evidence that a seat is favoured)\n");
    const auto& lengths = run["lengths"];
    out += "  length: mean " + number(lengths["mean"].get<double>(), 1) + " actions, " +
           std::to_string(lengths["min"].get<int64_t>()) + " to " +
           std::to_string(lengths["max"].get<int64_t>()) + "\n";
    std::vector<const ordered*> with_effect;
    for (const auto& c : run["components"])
      if (!c["effect"].is_null()) with_effect.push_back(&c);
    if (with_effect.empty()) continue;
    auto line = [&](const ordered& c) {
      return "    " + c["name"].get<std::string>() + " (" + c["group"].get<std::string>() +
             "): " + (c["effect"].get<double>() >= 0 ? "+" : "") +
             number(100 * c["effect"].get<double>(), 1) + " points, " +
             number(100 * c["effect_low"].get<double>(), 1) + " to " +
             number(100 * c["effect_high"].get<double>(), 1) + "\n";
    };
    const size_t shown = std::min<size_t>(3, with_effect.size());
    out += "  components, highest effect (win rate when played minus when not, in points):\n";
    for (size_t i = 0; i < shown; ++i) out += line(*with_effect[i]);
    if (with_effect.size() > shown) {
      out += "  lowest effect:\n";
      for (size_t i = std::max(shown, with_effect.size() - 3); i < with_effect.size(); ++i)
        out += line(*with_effect[i]);
    }
  }
  for (const auto& d : report["differences"]) {
    out += "\n" + d["b"].get<std::string>() + " against " + d["a"].get<std::string>() + "\n";
    for (const auto& s : d["seats"])
      out += "  seat " + std::to_string(s["seat"].get<int>()) + ": win rate " +
             (s["diff"].get<double>() >= 0 ? "+" : "") + number(100 * s["diff"].get<double>(), 1) +
             " points (" + number(100 * s["low"].get<double>(), 1) + " to " +
             number(100 * s["high"].get<double>(), 1) + ")\n";
    const auto& l = d["length"];
    out += "  length: " + std::string(l["diff"].get<double>() >= 0 ? "+" : "") +
           number(l["diff"].get<double>(), 1) + " actions (" + number(l["low"].get<double>(), 1) +
           " to " + number(l["high"].get<double>(), 1) + ")\n";
  }
  return out;
}

}  // namespace sabbat::cli
