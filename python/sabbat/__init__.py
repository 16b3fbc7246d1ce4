"""Sabbat's game engine for Python: games, states, records, the simulator, and multi-agent
environments in PettingZoo's AEC and parallel APIs. See docs/python.md."""

from __future__ import annotations

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
from . import _sabbat
from ._sabbat import _simulate

# The project's version (CMakeLists.txt), as the compiled module tells it.
__version__: str = _sabbat.__version__

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
    "parallel_env",
    "replay",
    "simulate",
]


@_dataclass(frozen=True)
class SimResult:
    """What simulate() returns: `summary` is the dict `sabbat sim --json` prints for the same
    arguments; `rows` holds one dict per game, in game order (game, seed, length, score_S,
    rank_S for every seat S, and winners: how many seats share rank 1), ready for
    pandas.DataFrame(result.rows)."""

    summary: dict
    rows: list

    def dataframe(self) -> "pandas.DataFrame":  # noqa: F821
        """The rows as a pandas DataFrame (pandas is imported only here)."""
        import pandas

        return pandas.DataFrame(self.rows)


def simulate(game_id: str, games: int, bots: str | list[str] | None = None,
             players: int | None = None, params: dict | None = None, seed: int = 1,
             jobs: int | None = None, level: str = "", rows: bool = True) -> SimResult:
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


def env(game_id: str, **kwargs) -> "environment.SabbatEnv":  # noqa: F821
    """The AEC environment of a game (sabbat.environment.SabbatEnv): players, params, reward,
    tick_ms, max_cycles, max_steps, render_mode. With PettingZoo importable it is a
    pettingzoo.AECEnv with gymnasium spaces."""
    from .environment import SabbatEnv

    return SabbatEnv(game_id, **kwargs)


def parallel_env(game_id: str, **kwargs) -> "parallel.SabbatParallelEnv":  # noqa: F821
    """The parallel environment of a real-time game (sabbat.parallel.SabbatParallelEnv), where
    every seat acts at each step; the same settings as env(). With PettingZoo importable it is
    a pettingzoo.ParallelEnv."""
    from .parallel import SabbatParallelEnv

    return SabbatParallelEnv(game_id, **kwargs)
