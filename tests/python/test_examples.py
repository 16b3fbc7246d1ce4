"""The examples run (briefly) and say what they found."""

import os
import subprocess
import sys
from pathlib import Path

import sabbat
from conftest import ROOT


def run_example(name, *args, cwd):
    env = dict(os.environ)
    # The package this test imported, whatever the working directory.
    env["PYTHONPATH"] = str(Path(sabbat.__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, str(ROOT / "examples" / name), *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_balance_example_plots_seat_advantage(tmp_path):
    out = run_example("balance_pandas.py", "sortileges", "400", cwd=tmp_path)
    assert "advantage" in out
    assert (tmp_path / "sortileges-seat-advantage.png").stat().st_size > 1000


def test_the_agents_example_plays_a_search_against_random_agents(tmp_path):
    out = run_example("agents_in_env.py", "sortileges", "1", "20", cwd=tmp_path)
    assert "seat_0 (mcts:20)" in out and "seat_1 (random)" in out
