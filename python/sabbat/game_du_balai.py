"""Du Balai ! in the environment: 19,819 catalogued actions (19,683 of them the formulas, with or
without a second one; the environment adds wait) and the view as 476 numbers (docs/python.md)."""

from .spaces import Catalogue, Layout, seat_slot, seat_slots

SYLLABLES = ["zaam", "boulga", "foulzz", "glou", "biii", "nebulo", "zyeux", "arakna", "stella"]
SYMBOLS = ["oreille", "toile", "tete-de-mort", "eclair", "eclair-fourchu", "nuage", "oeil",
           "araignee", "etoile"]
CARDS = ["oubli-repare", "rectification", "vent-arriere", "brouillard", "decret", "double-jeu",
         "mauvais-sort", "attraction", "blocage", "acrobatie-1", "acrobatie-2", "acrobatie-3"]
PHASES = ["setup", "book-open", "writing", "decret-look", "resolving", "over"]
STEPS = ["formula-spells", "keep", "after-move"]
PILOTS = ["normal", "novice", "expert"]
VERDICTS = ["none", "forbidden", "valid", "perfect"]
MAX_SEATS = 6
HAS_WAIT = True  # real time: a seat may let time pass
INF = float("inf")
MAGIE_NOIRE = 27  # cards in the Magie noire deck
BACKMOST, FINISH = -2, 23  # squares -2 and -1 behind the start; 23 is past the line
ACROBATICS = 3 * MAGIE_NOIRE  # more than all the acrobatics' points together


def formula_text(digits):
    """digits[i]: 0 symbol i unused, 1 in the formula, 2 in the second formula."""
    first = [SYLLABLES[i] for i, d in enumerate(digits) if d == 1]
    second = [SYLLABLES[i] for i, d in enumerate(digits) if d == 2]
    if not first:
        return "formula none" if not second else None
    return "formula " + " ".join(first) + (" second " + " ".join(second) if second else "")


def catalogue():
    texts = [f"start {square}" for square in (5, 6, 7)]
    texts += ["close-book", "pass", "brouillard"]
    texts += [f"keep {card}" for card in CARDS]
    # Brouillard magique is played by its own word, "brouillard", in a reaction window.
    texts += [f"play {card}" for card in CARDS if card != "brouillard"]
    texts += [f"play oubli-repare {s}" for s in SYLLABLES]
    texts += [f"play oubli-repare {s} to second" for s in SYLLABLES]
    texts += [f"play rectification {a} for {b}" for a in SYLLABLES for b in SYLLABLES]
    texts += [f"play mauvais-sort on {seat}" for seat in range(MAX_SEATS)]
    texts += [f"play attraction {d}" for d in (1, 2)]
    # The formulas: index = base + sum(digit_i * 3**i), symbol 0 (zaam) the lowest digit; a
    # second formula without a first is no action, and keeps its index unused.
    for code in range(3 ** len(SYLLABLES)):
        digits = [(code // 3 ** i) % 3 for i in range(len(SYLLABLES))]
        text = formula_text(digits)
        texts.append(text if text is not None else f"(unused {code})")
    return Catalogue(texts)


def layout():
    lay = Layout()
    lay.add("phase", len(PHASES), f"one of {', '.join(PHASES)}")
    lay.add("step", len(STEPS), f"while resolving: one of {', '.join(STEPS)}")
    # The turn counter has no bound when the max_turns guard is off (0).
    lay.add("numbers", 6, "turn, curse square, deck size, Magie noire cards drawn, whether "
            "the book is open to the viewer, whether the view is fleeting",
            high=(INF, FINISH, MAGIE_NOIRE, MAGIE_NOIRE, 1, 1), low=(0, BACKMOST, 0, 0, 0, 0))
    lay.add("dice", 9 * 2 * len(SYMBOLS),
            "while the viewer sees the book: die d showing symbol s in colour c at "
            "(d * 2 + c) * 9 + s (c: 0 orange, 1 black; symbols oreille..etoile)")
    lay.add("book", 3 * len(SYMBOLS), "after the reveal: valid orange, valid black, in both")
    lay.add("discard", len(CARDS), f"discarded Magie noire cards ({', '.join(CARDS)})",
            high=MAGIE_NOIRE)
    lay.add("hand", len(CARDS), "the viewer's Magie noire cards, counted by kind",
            high=MAGIE_NOIRE)
    lay.add("closer", MAX_SEATS, "who closed the book, relative to the viewer")
    lay.add("resolving", MAX_SEATS, "whose formula takes effect, relative to the viewer")
    lay.add("blocker", MAX_SEATS, "who played Blocage, relative to the viewer")
    lay.add("decret", MAX_SEATS, "who plays Décret, relative to the viewer")
    lay.add("pending", 2 + MAX_SEATS, "a spell waiting for answers: open, Brouillards so far, "
            "its caster relative to the viewer", high=[1, MAGIE_NOIRE] + [1] * MAX_SEATS)
    for k, who in seat_slots(MAX_SEATS):
        lay.add(f"witch{k}", 7, f"{who}: present, square, finish order, Magie noire cards, "
                "started, written, acrobatics revealed (points)",
                high=(1, FINISH, MAX_SEATS, MAGIE_NOIRE, 1, 1, ACROBATICS),
                low=(0, BACKMOST, 0, 0, 0, 0, 0))
        lay.add(f"witch{k}_pilot", len(PILOTS), f"{who}: pilot ({', '.join(PILOTS)})")
        lay.add(f"witch{k}_formulas", 2 * len(SYMBOLS),
                f"{who}: the symbols of her first and second formula, when the viewer sees them")
        lay.add(f"witch{k}_verdicts", 2 * len(VERDICTS),
                f"{who}: the verdicts of her formulas ({', '.join(VERDICTS)}) once judged")
    return lay



def encode(lay, view, viewer, players):
    vec = lay.zeros()
    lay.put(vec, "phase", 1.0, PHASES.index(view["phase"]))
    if view.get("step") in STEPS:
        lay.put(vec, "step", 1.0, STEPS.index(view["step"]))
    numbers = (view["turn"], view["curse_square"], view["deck"], view["drawn_count"],
               bool(view.get("book_open_to_you")), bool(view.get("fleeting")))
    lay.numbers(vec, "numbers", numbers)
    for die in view.get("dice") or []:
        colour = 0 if die["colour"] == "orange" else 1
        lay.put(vec, "dice", 1.0, (die["die"] * 2 + colour) * 9 + SYMBOLS.index(die["symbol"]))
    book = view.get("book")
    if book:
        for part, key in enumerate(("valid_orange", "valid_black", "in_both_colours")):
            lay.flags(vec, "book", [part * 9 + SYLLABLES.index(s) for s in book[key]])
    for card, count in (view.get("discard") or {}).items():
        lay.put(vec, "discard", float(count), CARDS.index(card))
    for name in ("closer", "resolving", "blocker", "decret"):
        lay.seat(vec, name, view.get(name), viewer, players)
    pending = view.get("pending")
    if pending:
        lay.put(vec, "pending", 1.0, 0)
        lay.put(vec, "pending", float(pending["brouillards"]), 1)
        lay.put(vec, "pending", 1.0, 2 + seat_slot(pending["caster"], viewer, players))
    for witch in view["witches"]:
        k = seat_slot(witch["seat"], viewer, players)
        if witch["seat"] == viewer:
            lay.flags(vec, "hand", [CARDS.index(c) for c in witch.get("hand", [])])
        acrobatics = sum(int(c[-1]) for c in witch.get("acrobatics", []))
        numbers = (1, witch["square"], witch["finish_order"], witch["magie_noire"],
                   bool(witch["started"]), bool(witch["written"]), acrobatics)
        lay.numbers(vec, f"witch{k}", numbers)
        lay.put(vec, f"witch{k}_pilot", 1.0, PILOTS.index(witch["pilot"]))
        for f, formula in enumerate(witch.get("formulas", [])[:2]):
            lay.flags(vec, f"witch{k}_formulas", [f * 9 + SYLLABLES.index(s)
                                                  for s in formula["cards"]])
        outcome = witch.get("outcome") or {}
        for f, verdict in enumerate(outcome.get("verdicts", [])[:2]):
            lay.put(vec, f"witch{k}_verdicts", 1.0, f * len(VERDICTS) + VERDICTS.index(verdict))
    return lay.vector(vec)
