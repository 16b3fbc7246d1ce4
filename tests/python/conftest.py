"""Shared by the Python tests: the games, the sabbat program, and random play through State."""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

import sabbat

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g["id"] for g in sabbat.games()]


def sabbat_binary():
    path = os.environ.get("SABBAT_BINARY") or str(ROOT / "build" / "sabbat")
    if not Path(path).exists():
        pytest.skip(f"the sabbat program is not built ({path})")
    return path


def run_sabbat(*args):
    done = subprocess.run([sabbat_binary(), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def random_step(state, rng, now):
    """One random step of a game in virtual time: an actor's legal action, or the clock's at
    its deadline when nobody acts (or, now and then, even when someone could). Returns the new
    time, or None when nothing can happen."""
    actors = [s for s in state.actors() if state.legal_actions(s)]
    deadline = state.deadline()
    if deadline is not None and (not actors or rng.random() < 0.05):
        now = max(now, deadline["at"])
        state.apply(sabbat.CLOCK, deadline["action"], now)
        return now
    if not actors:
        return None
    seat = rng.choice(actors)
    state.apply(seat, rng.choice(state.legal_actions(seat)), now)
    return now


def play_some(state, steps, seed):
    """Plays up to `steps` random steps; returns the states along the way (cloned)."""
    rng = random.Random(seed)
    now, seen = state.now(), []
    for _ in range(steps):
        if state.is_over():
            break
        now = random_step(state, rng, now)
        assert now is not None, "nobody can act and no deadline is set"
        seen.append(state.clone())
    return seen


@pytest.fixture(params=GAMES)
def game_id(request):
    return request.param


def cli_json(*args):
    return json.loads(run_sabbat(*args))
