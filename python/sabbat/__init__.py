"""Sabbat's game engine for Python: games, states, records, the simulator, and a multi-agent
environment in the shape of PettingZoo's AEC API. See docs/python.md."""

import json as _json
from dataclasses import dataclass as _dataclass

from ._sabbat import (
    CLOCK,
    Bot,
    SPECTATOR,
    IllegalAction,
    RecordError,
    State,
    game_id,
    games,
    new_game,
    replay,
)
from ._sabbat import _simulate

__all__ = [
    "Bot",
    "CLOCK",
    "SPECTATOR",
    "IllegalAction",
    "RecordError",
    "SimResult",
    "State",
    "env",
    "game_id",
    "games",
    "new_game",
    "replay",
    "simulate",
]


@_dataclass(frozen=True)
class SimResult:
    """What simulate() returns: `summary` is the dict `sabbat sim --json` prints for the same
    arguments; `rows` holds one dict per game, in game order (game, seed, length, score_S,
    rank_S for every seat S, winners), ready for pandas.DataFrame(result.rows)."""

    summary: dict
    rows: list

    def dataframe(self):
        """The rows as a pandas DataFrame (pandas is imported only here)."""
        import pandas

        return pandas.DataFrame(self.rows)


def simulate(game_id, games, bots=None, players=None, params=None, seed=1, jobs=None, level="",
             rows=True):
    """Plays `games` games between bots exactly as `sabbat sim` does, on `jobs` threads (default:
    one per hardware thread; the results do not depend on it), without holding the GIL.

    `bots` is None (the game's default bot), a name ("random", "mcts:200"), names separated by
    commas, or a list of names, one per seat; `params` maps parameter names to values; `level`
    sets the level of the game's own bots, as --level does; rows=False leaves the rows out
    (an empty list), for the summary alone."""
    summary, rows = _simulate(
        game_id,
        games,
        bots=bots,
        players=players,
        params=params,
        seed=seed,
        jobs=jobs,
        level=level,
        rows=rows,
    )
    return SimResult(_json.loads(summary), rows)


def env(game_id, **kwargs):
    """The multi-agent environment of a game (see sabbat.environment.SabbatEnv)."""
    from .environment import SabbatEnv

    return SabbatEnv(game_id, **kwargs)
