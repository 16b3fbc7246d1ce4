"""Le Bal des Sorcières in the environment: 2,222 actions and the view as 462 numbers
(docs/python.md). The incantation mode (a typed formula after each move) is not offered: its
texts are free."""

import json

from . import _sabbat
from .spaces import Catalogue, Layout, seat_slot, seat_slots

KINDS = ["gris", "bleu", "vert", "jaune", "rouge", "abracadabra", "tresor", "sortilege",
         "balai", "miroir", "nananere", "remede", "baguette", "envoutement", "enchantement",
         "tour", "fantome", "boule", "lutin", "diablotin"]
COLOURS = KINDS[:5]
TOKENS = COLOURS + ["blanc"]
PHASES = ["attack", "inherit", "remake", "restock", "lose", "window", "boule", "parry", "over"]
LEVELS = ["easy", "medium", "hard"]
WINDOWS = ["turn", "mirror"]
MAX_SEATS = 6
# Reaction windows and forced moves have deadlines: a witch may let them run (wait).
HAS_WAIT = True
CARDS = 121  # in the box: no count of cards goes beyond it
CRAPZOUILLES = 10  # per witch
FARCE_TOKENS = 25


def catalogue():
    # A Trésor magique is written last, after the spell an attack comes with; a parry takes
    # one card (a spell, the Trésor, or Abracadabra, which is written "with").
    spells = [""] + [f" + {k}" for k in KINDS[5:] if k != "tresor"]
    texts = ["take", "baguette", "pass", "keep", "nananere", "boule", "lutin",
             "lutin + tresor", "parry with abracadabra", "parry"]
    texts += [f"parry + {k}" for k in KINDS[6:]]
    targets = [str(seat) for seat in range(MAX_SEATS)] + ["all"]
    texts += [f"attack {target} with {count} {colour}{spell}{tresor}"
              for target in targets for count in (1, 2) for colour in COLOURS
              for spell in spells for tresor in ("", " + tresor")]
    for verb in ("balai", "lose", "miroir"):
        texts += [f"{verb} {seat}" for seat in range(MAX_SEATS)]
    for verb in ("throw", "drop", "discard", "give"):
        texts += [f"{verb} {kind}" for kind in KINDS]
    return Catalogue(texts)


def _window_candidates(state):
    """In a reaction window (which opens on public conditions), every living witch; otherwise
    None. Who holds an answer is hers to know: the window asks only those, in secret."""
    view = json.loads(state.view_json(_sabbat.SPECTATOR))
    if view["phase"] != "window":
        return None
    return [w["seat"] for w in view["witches"] if not w["eliminated"]]


def public_asked(state):
    """The seats the environment asks, by what everyone knows: the actors as a spectator sees
    them (the witch whose forced move the table plays included), and in a reaction window every
    living witch, so that whom it asks never tells who holds À moi, nananère !, Boule de cristal
    or Mon beau miroir."""
    seen = state.actors_seen_by(_sabbat.SPECTATOR)
    if seen:
        return seen
    return _window_candidates(state) or []


def standby(state, seat):
    """What a witch the engine does not ask is offered besides wait: in a reaction window,
    pass (she lets it go by, as one without an answer does), which changes nothing."""
    # A seat public_asked adds to what a spectator sees asked is a window's.
    return [] if state.actors_seen_by(_sabbat.SPECTATOR) else ["pass"]


def layout():
    lay = Layout()
    kinds = f"counted by kind ({', '.join(KINDS)})"
    lay.add("phase", len(PHASES), f"one of {', '.join(PHASES)}")
    lay.add("level", len(LEVELS), f"one of {', '.join(LEVELS)}")
    lay.add("numbers", 4, "pile size, round, tour, discard size",
            high=(CARDS, float("inf"), 2, CARDS))
    lay.add("carabosse", MAX_SEATS, "who holds Carabosse, relative to the viewer")
    lay.add("first_player", MAX_SEATS, "the round's first seat, relative to the viewer")
    lay.add("waiting_for", MAX_SEATS, "the seats the viewer sees the game wait for")
    lay.add("hand", len(KINDS), f"the viewer's hand, {kinds}", high=CARDS)
    lay.add("discard", len(KINDS), f"the discard, {kinds}", high=CARDS)
    lay.add("attack", 3 + 5 * MAX_SEATS, "an attack on the table: present, doubled, farce "
            "tokens; attacker, defender, sender, farce by, mirror by (each relative)",
            high=[1, 1, FARCE_TOKENS] + [1] * (5 * MAX_SEATS))
    lay.add("attack_cards", len(KINDS), f"its cards, {kinds}", high=CARDS)
    lay.add("still_to_parry", MAX_SEATS, "who still has to parry, relative to the viewer")
    lay.add("window", 1 + len(WINDOWS), "a reaction window: open, and its kind (turn, mirror)")
    lay.add("window_cards", len(KINDS), "the cards that answer it, by kind")
    for k, who in seat_slots(MAX_SEATS):
        lay.add(f"witch{k}", 5, f"{who}: present, Crapzouilles, dead, eliminated, hand size",
                high=(1, CRAPZOUILLES * MAX_SEATS, CRAPZOUILLES * MAX_SEATS, 1, CARDS))
        lay.add(f"witch{k}_coffre", MAX_SEATS, f"{who}: Crapzouilles in her coffre by owner "
                "(relative)", high=CRAPZOUILLES)
        lay.add(f"witch{k}_known", len(KINDS), f"{who}: her cards the viewer knows, by kind",
                high=CARDS)
        lay.add(f"witch{k}_you_gave", len(KINDS),
                f"{who}: cards the viewer gave her that she still holds, by kind", high=CARDS)
    return lay



def encode(lay, view, viewer, players):
    vec = lay.zeros()
    lay.put(vec, "phase", 1.0, PHASES.index(view["phase"]))
    lay.put(vec, "level", 1.0, LEVELS.index(view["level"]))
    numbers = (view["pile"], view["round"], view["tour"], len(view["discard"]))
    lay.numbers(vec, "numbers", numbers)
    lay.seat(vec, "carabosse", view.get("carabosse"), viewer, players)
    lay.seat(vec, "first_player", view.get("first_player"), viewer, players)
    for seat in view.get("waiting_for", []):
        lay.seat(vec, "waiting_for", seat, viewer, players)
    lay.flags(vec, "discard", [KINDS.index(c["kind"]) for c in view["discard"]])
    attack = view.get("attack")
    if attack:
        lay.put(vec, "attack", 1.0, 0)
        lay.put(vec, "attack", float(bool(attack.get("doubled"))), 1)
        lay.put(vec, "attack", float(len(view.get("farce_tokens", []))), 2)
        for j, key in enumerate(("attacker", "defender", "sender", "farce_by", "mirror_by")):
            lay.seat(vec, "attack", attack.get(key), viewer, players, base=3 + j * MAX_SEATS)
        lay.flags(vec, "attack_cards", [KINDS.index(c["kind"]) for c in attack["cards"]])
        for seat in attack.get("still_to_parry", []):
            lay.seat(vec, "still_to_parry", seat, viewer, players)
    window = view.get("window")
    if window:
        lay.put(vec, "window", 1.0, 0)
        if window.get("kind") in WINDOWS:
            lay.put(vec, "window", 1.0, 1 + WINDOWS.index(window["kind"]))
        lay.flags(vec, "window_cards", [KINDS.index(k) for k in window.get("cards", [])
                                        if k in KINDS])
    for witch in view["witches"]:
        k = seat_slot(witch["seat"], viewer, players)
        if witch["seat"] == viewer:
            lay.flags(vec, "hand", [KINDS.index(c["kind"]) for c in witch.get("hand", [])])
        numbers = (1, witch["crapzouilles"], witch["dead"], bool(witch["eliminated"]),
                   witch["hand_size"])
        lay.numbers(vec, f"witch{k}", numbers)
        for owner, count in enumerate(witch["coffre_by_owner"]):
            lay.put(vec, f"witch{k}_coffre", float(count), seat_slot(owner, viewer, players))
        lay.flags(vec, f"witch{k}_known", [KINDS.index(c["kind"]) for c in witch["known"]])
        lay.flags(vec, f"witch{k}_you_gave",
                  [KINDS.index(c["kind"]) for c in witch.get("you_gave", [])])
    return lay.vector(vec)
