"""Baba Yaga in the environment: 389 catalogued actions over the 5 x 5 forest (the environment
adds wait) and the view as 836 numbers (docs/python.md)."""

from .spaces import Catalogue, Layout, seat_slot, seat_slots

COLUMNS = "ABCDE"
CELLS = [f"{COLUMNS[c]}{r + 1}" for r in range(5) for c in range(5)]  # A1 B1 .. E1, A2 .. E5
CELL = {name: i for i, name in enumerate(CELLS)}
ENDS = ["north", "east", "south", "west"]
MAX_SEATS = 5
HAS_WAIT = True  # real time: a seat may let time pass
INGREDIENTS = ["Dent de loup", "Griffe d'ours", "Plume de corbeau", "Oeuf de poule noire",
               "Amanite rouge", "Vesse-de-loup", "Cr\u00e2ne lumineux", "Fleur de foug\u00e8re",
               "Toile d'araign\u00e9e", "Cheveu de roussalka", "Cl\u00e9 rouill\u00e9e",
               "Peigne d'os", "Poup\u00e9e de bois", "Serviette brod\u00e9e", "Pain noir",
               "Miel sauvage"]
HINTS = ["Des griffures sur l'\u00e9corce", "Un nid dans les branches",
         "Un cercle de champignons", "Une lueur dans la nuit", "Des fils d'argent",
         "Un coffre entrouvert", "Une isba abandonn\u00e9e", "Une odeur de four"]
EFFECTS = ["Doigt dans le nez !", "Brouillard bizarre !", "Lumi\u00e8re aveuglante !",
           "Tout petit !", "Grosse fatigue !", "Plus vite que le vent !", "Pattes de poulet !"]
PHASES = ["study", "maison-start", "place", "race", "effect", "home-move", "over"]
LEVELS = ["balade", "cours-toujours", "sauve-qui-peut"]
HANDS = ["none", "left", "right"]
CELL_WIDTH = len(INGREDIENTS) + len(HINTS) + 4
CARDS = 20  # spell cards in the box
# Baba Yaga's line is 4 to 6 tiles long; a flight goes out and back: 2 x (length - 1) moves.
LONGEST_LINE = 6
# The turn counter has no bound when the max_turns guard is off (0).
NUMBERS_HIGH = (float("inf"), 4, 1, 1, 1, LONGEST_LINE, LONGEST_LINE - 1,
                2 * (LONGEST_LINE - 1), 2 * (LONGEST_LINE - 1))


def catalogue():
    texts = ["ready", "move", "move left", "move right", "maison later"]
    texts += [f"place {end}" for end in ENDS]
    texts += [f"target {seat}" for seat in range(MAX_SEATS)]
    for verb in ("turn", "back", "maison"):
        texts += [f"{verb} {cell}" for cell in CELLS]
    # Two cells in the order of their indices, as the engine writes them.
    texts += [f"swap {CELLS[a]} {CELLS[b]}" for a in range(25) for b in range(a + 1, 25)]
    return Catalogue(texts)


def layout():
    lay = Layout()
    lay.add("phase", len(PHASES), f"one of {', '.join(PHASES)}")
    lay.add("numbers", 9, "turn, ingredients needed, two players, Home Sweet Home, the viewer "
            "is small (Tout petit !), Baba Yaga's flight: length, position, total, moves",
            high=NUMBERS_HIGH)
    lay.add("searcher", MAX_SEATS, "the searcher, relative to the viewer")
    lay.add("placer", MAX_SEATS, "who places Baba Yaga, relative to the viewer")
    lay.add("mover", MAX_SEATS, "whose move of Baba Yaga it is, relative to the viewer")
    lay.add("winner", MAX_SEATS, "the winner, relative to the viewer")
    lay.add("card", len(INGREDIENTS), "the ingredients of the card being searched for")
    lay.add("effect", len(EFFECTS), "that card's spell")
    lay.add("flight_cell", 25, "Baba Yaga's cell (A1, B1 .. E1, A2 .. E5)")
    lay.add("flight_start", len(ENDS), "the end she started from")
    lay.add("flight_hand", len(HANDS), "the last hand that moved her (two players)")
    lay.add("forest", 25 * CELL_WIDTH,
            f"per cell, {CELL_WIDTH} numbers: the ingredient face up (16), the hint seen on its "
            "forest face (8), forest face, Maison on it, Maison lifted, hidden from the viewer")
    for k, who in seat_slots(MAX_SEATS):
        lay.add(f"player{k}", 6, f"{who}: present, spells cast, pile, ready, seen under the "
                "pile, spells pending", high=(1, CARDS, CARDS, 1, CARDS, CARDS))
        lay.add(f"player{k}_level", len(LEVELS), f"{who}: level ({', '.join(LEVELS)})")
    return lay



def encode(lay, view, viewer, players):
    vec = lay.zeros()
    lay.put(vec, "phase", 1.0, PHASES.index(view["phase"]))
    flight = view.get("flight") or {}
    numbers = (view["turn"], view["need"], bool(view["two_players"]),
               bool(view["home_sweet_home"]), bool(view.get("you_small")),
               flight.get("length", 0), flight.get("position", 0), flight.get("total", 0),
               flight.get("moves", 0))
    lay.numbers(vec, "numbers", numbers)
    lay.seat(vec, "searcher", view.get("searcher"), viewer, players)
    lay.seat(vec, "placer", view.get("placer"), viewer, players)
    lay.seat(vec, "mover", flight.get("mover"), viewer, players)
    lay.seat(vec, "winner", view.get("winner"), viewer, players)
    card = view.get("card") or {}
    lay.flags(vec, "card", [INGREDIENTS.index(i) for i in card.get("ingredients", [])])
    if card.get("effect") in EFFECTS:
        lay.put(vec, "effect", 1.0, EFFECTS.index(card["effect"]))
    if flight.get("cell") in CELL:
        lay.put(vec, "flight_cell", 1.0, CELL[flight["cell"]])
    if flight.get("start") in ENDS:
        lay.put(vec, "flight_start", 1.0, ENDS.index(flight["start"]))
    if flight.get("last_hand") in HANDS:
        lay.put(vec, "flight_hand", 1.0, HANDS.index(flight["last_hand"]))
    for tile in view["forest"]:
        base = CELL[tile["cell"]] * CELL_WIDTH
        if tile.get("face") == "ingredient":
            lay.put(vec, "forest", 1.0, base + INGREDIENTS.index(tile["ingredient"]))
        else:
            if "hint" in tile:
                lay.put(vec, "forest", 1.0, base + len(INGREDIENTS) + HINTS.index(tile["hint"]))
            lay.put(vec, "forest", 1.0, base + len(INGREDIENTS) + len(HINTS))
        if "maison" in tile:
            lay.put(vec, "forest", 1.0, base + len(INGREDIENTS) + len(HINTS) + 1)
            if tile["maison"] == "lifted":
                lay.put(vec, "forest", 1.0, base + len(INGREDIENTS) + len(HINTS) + 2)
        if tile.get("hidden"):
            lay.put(vec, "forest", 1.0, base + len(INGREDIENTS) + len(HINTS) + 3)
    for player in view["players"]:
        k = seat_slot(player["seat"], viewer, players)
        numbers = (1, len(player["cast"]), player["pile"], bool(player["ready"]),
                   player["seen_under_pile"], len(player["pending"]))
        lay.numbers(vec, f"player{k}", numbers)
        lay.put(vec, f"player{k}_level", 1.0, LEVELS.index(player["level"]))
    return lay.vector(vec)
