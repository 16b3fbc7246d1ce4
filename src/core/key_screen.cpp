#include "core/key_screen.hpp"

namespace sabbat {

// A game offers no key screen unless it says so: the terminal then takes typed actions.
std::unique_ptr<KeyScreen> Game::make_key_screen() const {
  return nullptr;
}

}  // namespace sabbat
