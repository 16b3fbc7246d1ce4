// The track as a ruler of squares with the witches stacked under their square.
#include <algorithm>
#include <vector>

#include "games/du-balai/screen_parts.hpp"
#include "games/du-balai/track.hpp"

namespace sabbat::du_balai {

namespace {

constexpr int kCells = kLastSquare - kBackmost + 2;  // −2 … 22, then the finish
constexpr size_t kCell = 3;

int column(int square) {
  return square >= kFinish ? kCells - 1 : square - kBackmost;
}

std::string trim_right(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// One line of cells; the finish cell is set apart by a bar.
std::string row(const std::vector<std::string>& cells) {
  std::string out;
  for (int c = 0; c < kCells; ++c)
    out += (c == kCells - 1 ? "|" : "") + pad_right(cells[size_t(c)], kCell);
  return trim_right(out);
}

}  // namespace

std::string track_lines(const json& v, Seat viewer, const Style& st) {
  std::vector<std::string> ruler(kCells);
  for (int sq = kBackmost; sq <= kLastSquare; ++sq)
    ruler[size_t(column(sq))] = sq == 0 ? "S" : std::to_string(sq);
  ruler[kCells - 1] = "FIN";
  std::string out = row(ruler) + "\n";

  // Witches on one square stack downwards; those across the line in crossing order.
  std::vector<std::vector<int>> at(kCells);
  for (int order = 0; order <= 6; ++order)
    for (const auto& w : v["witches"]) {
      const int square = w["square"].get<int>();
      if ((square >= kFinish ? w["finish_order"].get<int>() : 0) == order)
        at[size_t(column(square))].push_back(w["seat"].get<int>());
    }
  size_t rows = 1;
  for (const auto& seats : at) rows = std::max(rows, seats.size());
  for (size_t r = 0; r < rows; ++r) {
    std::vector<std::string> cells(kCells, r == 0 ? "." : "");
    for (int c = 0; c < kCells; ++c) {
      if (r >= at[size_t(c)].size()) continue;
      const int seat = at[size_t(c)][r];
      cells[size_t(c)] =
          seat == viewer ? st.bold("@" + st.seats.text(seat)) : "W" + st.seats.text(seat);
    }
    if (r == 0) cells[kCells - 1] = at[kCells - 1].empty() ? "" : cells[kCells - 1];
    out += row(cells) + "\n";
  }
  const bool curse = !v["curse_square"].is_null();
  if (curse) {
    std::vector<std::string> cells(kCells);
    cells[size_t(column(v["curse_square"].get<int>()))] = st.bold("C");
    out += row(cells) + "\n";
  }
  // The legend in one line, so that the track takes six lines at most with three witches.
  out += std::string(viewer >= 0 ? "@" + st.seats.text(viewer) + " you, " : "") +
         "Wn seat n | -2 -1 behind start S | " +
         (curse ? "C curse, square " + std::to_string(v["curse_square"].get<int>()) + ": no bonus"
                : std::string("no curse token yet")) +
         "\n";
  return out;
}

}  // namespace sabbat::du_balai
