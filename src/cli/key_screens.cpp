// The games that can be played one key at a time. This is the one place where the CLI names a
// game: the core's Game has no hook for a terminal screen, so each screen is plugged in here.
#include "cli/key_input.hpp"
#include "cli/key_screen.hpp"
#include "games/du-balai/screen.hpp"

namespace sabbat::cli {

namespace {

static_assert(du_balai::kEnter == key::kEnter && du_balai::kBackspace == key::kBackspace &&
              du_balai::kEscape == key::kEscape && du_balai::kUnknownKey == key::kUnknown);

class DuBalaiScreen final : public KeyScreen {
 public:
  std::string table(const json& view, Seat viewer, bool color, int rows) const override {
    return du_balai::screen_table(view, viewer, color, rows);
  }
  std::string keys(const Situation& now, bool color) const override {
    return du_balai::screen_keys(of(now), keys_.picks(of(now)), color);
  }
  std::string waiting(const Situation& now) const override {
    return du_balai::screen_waiting(of(now));
  }
  KeyAnswer press(int key, const Situation& now) override {
    auto a = keys_.press(key, of(now));
    return {std::move(a.action), std::move(a.note)};
  }
  std::vector<std::string> narrate(const Event& event) const override {
    return du_balai::screen_narration(event);
  }
  std::string help() const override { return du_balai::screen_help(); }

 private:
  static du_balai::Situation of(const Situation& s) { return {s.view, s.viewer, s.legal}; }
  du_balai::Keys keys_;
};

}  // namespace

std::unique_ptr<KeyScreen> make_key_screen(const Game& game) {
  if (game.id() == "du-balai") return std::make_unique<DuBalaiScreen>();
  return nullptr;
}

}  // namespace sabbat::cli
