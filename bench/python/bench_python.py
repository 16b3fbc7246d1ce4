#!/usr/bin/env python3
"""Games per second of random Sortilèges playouts, measured in one run: the sabbat program
(`sabbat sim --bot random --jobs 1`, the baseline), sabbat.simulate (the same simulator from
Python), step by step through sabbat.State from Python, and through the environment
(sabbat.env). Prints each figure and its ratio to the baseline.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/bench_python.py [--game sortileges]
"""

import argparse
import json
import random
import subprocess
import time
from pathlib import Path

import sabbat

ROOT = Path(__file__).resolve().parents[2]


def timed(run):
    started = time.perf_counter()
    result = run()
    return time.perf_counter() - started, result


def cli_rate(binary, game, games, seed):
    args = [binary, "sim", game, "--games", str(games), "--bot", "random", "--jobs", "1",
            "--seed", str(seed), "--json"]
    seconds, done = timed(lambda: subprocess.run(args, capture_output=True, text=True,
                                                 check=True))
    return games / seconds, json.loads(done.stdout)


def simulate_rate(game, games, seed, rows):
    seconds, result = timed(lambda: sabbat.simulate(game, games, bots="random", seed=seed,
                                                    jobs=1, rows=rows))
    return games / seconds, result.summary


def state_rate(game, games):
    def play():
        rng = random.Random(1)
        actions = 0
        for g in range(games):
            state = sabbat.new_game(game, seed=g)
            now = 0
            while not state.is_over():
                actors = state.actors()
                if not actors:  # a real-time game waiting for its clock
                    deadline = state.deadline()
                    now = max(now, deadline["at"])
                    state.apply(sabbat.CLOCK, deadline["action"], now)
                    continue
                seat = actors[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)), now)
                actions += 1
        return actions

    seconds, actions = timed(play)
    return games / seconds, actions / seconds


def env_rate(game, games):
    env = sabbat.env(game)

    def play():
        steps = 0
        for g in range(games):
            env.reset(seed=g)
            for agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()
                env.step(None if termination or truncation else
                         env.action_space(agent).sample(observation["action_mask"]))
                steps += 1
        return steps

    seconds, steps = timed(play)
    return games / seconds, steps / seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sortileges")
    parser.add_argument("--sim-games", type=int, default=100000)
    parser.add_argument("--step-games", type=int, default=300)
    parser.add_argument("--binary", default=str(ROOT / "build" / "sabbat"))
    options = parser.parse_args()

    cli, printed = cli_rate(options.binary, options.game, options.sim_games, 1)
    sim, summary = simulate_rate(options.game, options.sim_games, 1, rows=True)
    assert summary == printed, "sabbat.simulate and sabbat sim --json disagree"
    sim_alone, summary = simulate_rate(options.game, options.sim_games, 1, rows=False)
    assert summary == printed, "sabbat.simulate and sabbat sim --json disagree"
    state_games, state_actions = state_rate(options.game, options.step_games)
    env_games, env_steps = env_rate(options.game, options.step_games)

    print(f"{options.game}, random bots, one thread")
    print(f"{'':34}{'games/s':>12}{'vs sabbat sim':>15}")
    rows = [("sabbat sim (C++, baseline)", cli), ("sabbat.simulate", sim),
            ("sabbat.simulate(rows=False)", sim_alone),
            ("State step by step (Python)", state_games), ("sabbat.env AEC loop", env_games)]
    for name, rate in rows:
        print(f"{name:34}{rate:12.0f}{rate / cli:15.3f}")
    print(f"State step by step: {state_actions:.0f} actions/s; sabbat.env: {env_steps:.0f} "
          "steps/s")
    print(f"simulate / sabbat sim = {sim / cli:.3f} (within 3x: {sim * 3 >= cli})")


if __name__ == "__main__":
    main()
