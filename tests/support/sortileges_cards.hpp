#pragma once
// Cards by their text ("7H", "10S") for the Sortilèges scenario tests.
#include <gtest/gtest.h>

#include "games/sortileges/cards.hpp"

namespace sabbat::sortileges::testing {

inline Card C(const char* text) {
  auto c = parse_card(text);
  EXPECT_TRUE(c.has_value()) << text;
  return c.value_or(kNoCard);
}

}  // namespace sabbat::sortileges::testing
