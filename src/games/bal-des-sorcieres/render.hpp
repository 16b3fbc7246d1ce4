#pragma once
// A seat's view of Le Bal des Sorcières as text for a terminal (80 columns): the round and
// who holds Carabosse, every witch's hand size and Crapzouilles, the attack on the table, who
// is awaited, and the viewer's hand with what each of her spells does.
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace sabbat::bal {

// The words of an action text just before a seat (Game::seat_words): `attack 1 with 2 rouge`,
// `balai 1`, `lose 1`, `miroir 1` name the seat attacked, sent the attack, whose Crapzouille
// is lost, the attack turned back on.
inline constexpr std::string_view kSeatWords[] = {"attack", "balai", "lose", "miroir"};

// Seats are numbered by `seats`.
std::string render_view_text(const json& view, Seat viewer, bool color,
                             SeatNumbers seats = kSeatIndices);
// What a spell does, in one line, by its slug ("fantome"); empty for a potion.
std::string_view spell_effect(std::string_view slug);
// The rules in short, for `sabbat play`'s `rules` command.
std::string rules_summary();

}  // namespace sabbat::bal
