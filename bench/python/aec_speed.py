#!/usr/bin/env python3
"""Steps per second of random agents in the AEC environment (sabbat.env) against the actions
per second of sabbat.simulate with random bots, for the same game and the same number of
games, measured in one run, one thread. Prints each game's figures and their ratio.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/aec_speed.py [--games 40] [GAME ...]

An AEC step is one step() call: a seat's action, a wait, or a finished agent's step(None);
simulate's actions are those its rows count (`length`), the clock's included; its rate is the
median of five runs of the same games, which last milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

import sabbat


def simulate_rate(game: str, games: int, repeats: int = 5) -> float:
    """Actions per second of sabbat.simulate with random bots on one thread: the median of
    `repeats` runs of the same games (one run of a few games lasts milliseconds)."""
    rates = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = sabbat.simulate(game, games, bots="random", seed=1, jobs=1)
        seconds = time.perf_counter() - started
        rates.append(sum(row["length"] for row in result.rows) / seconds)
    return statistics.median(rates)


def aec_rate(game: str, games: int) -> float:
    """Steps per second of random agents sampling their masks in sabbat.env."""
    env = sabbat.env(game)
    steps = 0
    started = time.perf_counter()
    for g in range(games):
        env.reset(seed=g + 1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            env.step(None if termination or truncation else
                     env.action_space(agent).sample(observation["action_mask"]))
            steps += 1
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME",
                        default=[g["id"] for g in sabbat.games()])
    parser.add_argument("--games", type=int, default=40, help="games per way and game")
    options = parser.parse_args()
    print(f"{'game':<20}{'simulate actions/s':>20}{'AEC steps/s':>14}{'AEC / simulate':>16}")
    for game in options.games_ids:
        sim = simulate_rate(game, options.games)
        aec = aec_rate(game, options.games)
        print(f"{game:<20}{sim:>20,.0f}{aec:>14,.0f}{aec / sim:>16.5f}  (1/{sim / aec:,.0f})")


if __name__ == "__main__":
    main()
