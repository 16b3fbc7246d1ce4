"""Type stubs of the `_sabbat` extension (python/src/*.cpp): the engine's core API, which the
`sabbat` package re-exports. tests/python/test_stubs.py checks them against the built module."""

from collections.abc import Iterable
from typing import Any, Literal, NotRequired, TypedDict

__version__: str
"""The project's version (CMakeLists.txt's project(VERSION))."""

CLOCK: int
"""The seat of the clock (-2): State.apply(CLOCK, deadline's action, at) applies an expiry."""
SPECTATOR: int
"""The spectator's seat (-1) for State.view and State.sample_hidden."""

class IllegalAction(ValueError):
    """The engine refused an action; the message is the engine's."""

class RecordError(ValueError):
    """A record does not read, or does not replay to what it says."""

# The dicts the module returns, as sabbat.games() and State's methods build them.

class _Players(TypedDict):
    min: int
    max: int
    default: int

class _Facts(TypedDict):
    real_time: bool
    hidden_information: bool
    chance: bool

class _Param(TypedDict):
    name: str
    kind: Literal["integer", "boolean", "choice"]
    default: str
    allowed: str
    description: str
    min: NotRequired[int]  # kind "integer" only
    max: NotRequired[int]  # kind "integer" only
    choices: NotRequired[list[str]]  # kind "choice" only
    guard: bool

class _Game(TypedDict):
    id: str
    name: str
    players: _Players
    facts: _Facts
    default_bot: str
    bots: list[str]
    levels: list[str]
    params: list[_Param]

class _Deadline(TypedDict):
    at: int
    action: str

class _Proposal(TypedDict):
    action: str
    at: int

# A parameter's value, as the engine reads it: True is "true", 7 is "7".
_ParamValue = str | int | bool

def games() -> list[_Game]:
    """Every registered game: id, name, players, facts, bots, levels and parameters."""

def game_id(game: str) -> str:
    """The canonical id of a game as a person types it ('Du Balai !', 'du_balai')."""

class State:
    """A game in progress (docs/python.md). Made by new_game, replay, clone and sample_hidden;
    the class has no constructor of its own."""

    @property
    def game_id(self) -> str: ...
    @property
    def players(self) -> int: ...
    def now(self) -> int:
        """The game time of the last action, in ms."""
    def actors(self) -> list[int]:
        """The seats that may act now, in order."""
    def actors_seen_by(self, viewer: int) -> list[int]:
        """What `viewer` (a seat or SPECTATOR) may know of actors(): a seat whose forced move
        the table plays looks asked, and a witch asked in secret looks idle."""
    def legal_actions(self, seat: int) -> list[str]:
        """The canonical texts of the legal actions of `seat` now."""
    def legal_count(self, seat: int) -> int:
        """How many legal actions `seat` has now (without listing them)."""
    def apply(self, seat: int, action_text: str, time_ms: int = 0) -> None:
        """Applies an action of `seat` (or CLOCK) at game time `time_ms`; raises IllegalAction
        and leaves the state unchanged."""
    def canonical(self, seat: int, action_text: str) -> str:
        """The canonical text of an action as `seat` may type it now, legal or not."""
    def deadline(self) -> _Deadline | None:
        """None, or what the clock applies when time reaches `at`."""
    def is_over(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def ranks(self) -> list[int]:
        """1 for the winners; equal results share a rank."""
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` (or SPECTATOR) may know, as a dict, and nothing more."""
    def view_json(self, seat: int) -> str:
        """view(seat) as JSON text."""
    def render(self, seat: int, color: bool = False) -> str:
        """view(seat) as text, as the terminal draws it; `color` allows ANSI colours."""
    def full_state(self) -> dict[str, Any]:
        """Everything, hidden parts included: for tests and auditing, never for a seat."""
    def clone(self) -> State:
        """An independent copy."""
    def sample_hidden(self, viewer: int, seed: int) -> State:
        """A state `viewer` cannot tell from this one: what it cannot see is redrawn."""
    def record(self) -> str:
        """The game's record as JSON Lines text (ValueError for a redrawn state)."""
    def same_as(self, other: State) -> bool:
        """True when `other` is the same game in the same state, hidden parts included."""

class Bot:
    """One of the engine's bots, for one seat of one game."""

    def __init__(self, game_id: str, name: str, seed: int = 0) -> None:
        """A bot by name, as --bot takes it: 'random', the game's own ('normal', 'expert'...),
        'mcts', 'mcts:N' or 'mcts:Nms'."""
    @property
    def name(self) -> str: ...
    def propose(self, state: State, seat: int) -> _Proposal | None:
        """None (the bot would rather wait), or what the bot plays and the game time it would
        play it at. The bot sees only what `seat` sees."""

def new_game(
    game_id: str,
    players: int | None = None,
    seed: int = 0,
    params: dict[str, _ParamValue] | None = None,
) -> State:
    """A new game; `players` defaults to the game's default, `params` maps names to values."""

def replay(record_text: str) -> State:
    """The state at the end of a record, checked as `sabbat replay --check` checks it."""

def _simulate(
    game_id: str,
    games: int,
    bots: str | Iterable[str] | None = None,
    players: int | None = None,
    params: dict[str, _ParamValue] | None = None,
    seed: int = 1,
    jobs: int | None = None,
    level: str = "",
    rows: bool = True,
) -> tuple[str, list[dict[str, int]]]:
    """`sabbat sim --json`'s summary as JSON text, and one dict per game (sabbat.simulate
    wraps it)."""
