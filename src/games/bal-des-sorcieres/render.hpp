#pragma once
// A seat's view of Le Bal des Sorcières as text for a terminal (80 columns): the round and
// who holds Carabosse, every witch's hand size and Crapzouilles, the attack on the table, who
// is awaited, and the viewer's hand with what each of her spells does.
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace sabbat::bal {

std::string render_view_text(const json& view, Seat viewer, bool color);
// What a spell does, in one line, by its slug ("fantome"); empty for a potion.
std::string_view spell_effect(std::string_view slug);
// The rules in short, for `sabbat play`'s `rules` command.
std::string rules_summary();

}  // namespace sabbat::bal
