"""The examples run (briefly) and say what they found."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sabbat
from conftest import ROOT


def run_example(name, *args, cwd, first_on_path=None, ok=True):
    env = dict(os.environ)
    # The package this test imported, whatever the working directory.
    paths = [str(Path(sabbat.__file__).resolve().parents[1])]
    env["PYTHONPATH"] = os.pathsep.join(([str(first_on_path)] if first_on_path else []) + paths)
    done = subprocess.run([sys.executable, str(ROOT / "examples" / name), *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=300)
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def test_the_balance_example_plots_seat_advantage(tmp_path):
    # Debian's python3-pandas and python3-matplotlib, which the module itself does not need.
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    out = run_example("balance_pandas.py", "sortileges", "400", cwd=tmp_path).stdout
    assert "advantage" in out
    assert (tmp_path / "sortileges-seat-advantage.png").stat().st_size > 1000


def test_the_agents_example_plays_a_search_against_random_agents(tmp_path):
    out = run_example("agents_in_env.py", "sortileges", "1", "20", cwd=tmp_path).stdout
    assert "seat_0 (mcts:20)" in out and "seat_1 (random)" in out


def test_the_balance_example_says_what_it_misses(tmp_path):
    # A pandas that does not import, ahead of any real one.
    (tmp_path / "pandas").mkdir()
    (tmp_path / "pandas" / "__init__.py").write_text("raise ImportError('no pandas here')\n")
    done = run_example("balance_pandas.py", cwd=tmp_path, first_on_path=tmp_path, ok=False)
    assert done.returncode != 0
    assert "needs pandas and matplotlib" in done.stderr
    assert "apt install python3-pandas python3-matplotlib" in done.stderr
