// Du Balai !'s one-key screen as the core's KeyScreen: the screen (screen.hpp) and the keys
// (keys.hpp) read from the situation the terminal front end passes on.
#include "core/key_screen.hpp"

#include "games/du-balai/screen.hpp"

namespace sabbat::du_balai {

namespace {

class DuBalaiScreen final : public KeyScreen {
 public:
  std::string table(const json& view, Seat viewer, bool color, int rows) const override {
    return screen_table(view, viewer, color, rows);
  }
  std::string keys(const KeySituation& now, bool color) const override {
    return screen_keys(of(now), keys_.picks(of(now)), color);
  }
  std::string waiting(const KeySituation& now) const override { return screen_waiting(of(now)); }
  KeyAnswer press(int key, const KeySituation& now) override { return keys_.press(key, of(now)); }
  std::vector<std::string> narrate(const Event& event) const override {
    return screen_narration(event);
  }
  std::string help() const override { return screen_help(); }

 private:
  static Situation of(const KeySituation& s) { return {s.view, s.viewer, s.legal}; }
  Keys keys_;
};

}  // namespace

std::unique_ptr<KeyScreen> make_key_screen() {
  return std::make_unique<DuBalaiScreen>();
}

}  // namespace sabbat::du_balai
