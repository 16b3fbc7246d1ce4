"""Sortilèges in the environment: 104 actions (a card of the deck under the left or the right
couple card) and the view as 1,424 numbers (docs/python.md)."""

from .spaces import Catalogue, Layout, seat_slot, seat_slots

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "C", "D"]
CARDS = [rank + suit for suit in SUITS for rank in RANKS]  # 2S..AS, 2H..AH, 2C..AC, 2D..AD
CARD = {card: i for i, card in enumerate(CARDS)}
SPELLS = ["Plumpus", "Deuus", "Sequencia", "Triplus", "Semi-Corromptus", "Fingus",
          "Corromptus", "Demonicus"]
SIDES = ["left", "right"]
MAX_SEATS = 6
HAS_WAIT = False  # no deadlines: a seat always acts
DECK = 52
# The bounds of a seat's numbers: present; cards held, discarded, placements left (at most the
# deck); points (the deck's courts, aces and alliances come to less than 100); alliances (8 at
# most can be told apart: 4 courts, 4 fours of a kind... each card in one).
SEAT_HIGH = (1, DECK, DECK, DECK, 100, 8)


def catalogue():
    # Index = card * 2 + side: "place 2S under left" is 0, "place 2S under right" 1...
    return Catalogue(f"place {card} under {side}" for card in CARDS for side in SIDES)


def layout():
    lay = Layout()
    cards = "one per card, 2S..AS, 2H..AH, 2C..AC, 2D..AD"
    lay.add("hand", 52, f"the viewer's hand ({cards})")
    for side in SIDES:
        lay.add(f"yours_{side}", 52, f"the viewer's cards under the {side} couple card")
        lay.add(f"yours_{side}_spell", len(SPELLS), f"what they make now ({', '.join(SPELLS)})")
        lay.add(f"yours_{side}_couple_known", 1, "1 when the viewer knows that couple card")
    for side in SIDES:
        lay.add(f"couple_{side}", 52, f"the {side} couple card, when the viewer knows it")
        lay.add(f"couple_{side}_face_down", 1, "1 while it lies face down")
    lay.add("discards", 52, "the discards the viewer sees")
    lay.add("removed", 52, "the cards removed from the game")
    lay.add("gratin_known_bottom", 52, "the known cards at the bottom of the Gratin")
    # A round takes cards from the pile, so there are never more rounds than cards.
    lay.add("counts", 3, "Gratin size, pile size, round number", high=DECK)
    lay.add("current", MAX_SEATS, "the seat to play, relative to the viewer (0: the viewer)")
    lay.add("first_player", MAX_SEATS, "the round's first seat, relative to the viewer")
    lay.add("terminal", 1, "1 once the game is over")
    for k, who in seat_slots(MAX_SEATS):
        lay.add(f"seat{k}", 6, f"{who}: present, holding, discarded, placements left, "
                "points, alliances", high=SEAT_HIGH)
        for part in ("left", "right", "won"):
            lay.add(f"seat{k}_{part}", 52, f"{who}: the cards seen {part}")
    return lay


def encode(lay, view, viewer, players):
    vec = lay.zeros()
    lay.flags(vec, "hand", [CARD[c] for c in view["hand"]])
    yours = view.get("yours") or {}
    for side in SIDES:
        own = yours.get(side) or {}
        lay.flags(vec, f"yours_{side}", [CARD[c] for c in own.get("cards", [])])
        if own.get("spell") in SPELLS:
            lay.put(vec, f"yours_{side}_spell", 1.0, SPELLS.index(own["spell"]))
        lay.put(vec, f"yours_{side}_couple_known", float(bool(own.get("couple_known"))))
        couple = (view.get("couple") or {}).get(side) or {}
        if couple.get("known"):
            lay.put(vec, f"couple_{side}", 1.0, CARD[couple["known"]])
        lay.put(vec, f"couple_{side}_face_down", float(bool(couple.get("face_down"))))
    lay.flags(vec, "discards", [CARD[c] for c in view["discards"]])
    lay.flags(vec, "removed", [CARD[c] for c in view["removed"]])
    lay.flags(vec, "gratin_known_bottom", [CARD[c] for c in view["gratin"]["known_bottom"]])
    lay.numbers(vec, "counts", (view["gratin"]["size"], view["pile_size"], view["round"]))
    lay.seat(vec, "current", view.get("current"), viewer, players)
    lay.seat(vec, "first_player", view.get("first_player"), viewer, players)
    lay.put(vec, "terminal", float(bool(view["terminal"])))
    for seat in view["seats"]:
        k = seat_slot(seat["seat"], viewer, players)
        numbers = (1, seat["holding"], seat["discarded"], seat["placements_left"],
                   seat["points"], len(seat["alliances"]))
        lay.numbers(vec, f"seat{k}", numbers)
        for part in ("left", "right", "won"):
            lay.flags(vec, f"seat{k}_{part}", [CARD[c] for c in seat[part]])
    return lay.vector(vec)
