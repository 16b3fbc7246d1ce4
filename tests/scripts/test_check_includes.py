"""scripts/check-includes.py on small trees of its own: what it must refuse and accept."""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check-includes.py"


def load():
    spec = importlib.util.spec_from_file_location("check_includes", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_includes = load()


def tree(tmp_path, files):
    """A src/ whose files include what `files` says: {path: [included paths]}."""
    src = tmp_path / "src"
    for path, includes in files.items():
        f = src / path
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("".join(f'#include "{i}"\n' for i in includes) + "#include <vector>\n")
    return src


def run(src):
    return subprocess.run([sys.executable, str(SCRIPT), str(src)], capture_output=True,
                          text=True)


def test_a_tree_that_goes_down_the_layers_passes_with_a_one_line_summary(tmp_path):
    src = tree(tmp_path, {
        "core/game.hpp": [],
        "core/game.cpp": ["core/game.hpp"],
        "server/ops/log.hpp": ["core/game.hpp"],
        "server/table/table.hpp": ["server/ops/log.hpp", "core/game.hpp"],
        "server/table/table.cpp": ["server/table/table.hpp"],
        "server/lobby/lobby.cpp": ["server/table/table.hpp"],
        "server/server.cpp": ["server/lobby/lobby.hpp"],
        "server/lobby/lobby.hpp": [],
        "cli/serve.cpp": ["server/server.hpp"],
        "server/server.hpp": [],
    })
    done = run(src)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1
    assert "without cycles" in done.stdout


def test_an_include_up_a_layer_is_refused_with_its_file_and_line(tmp_path):
    src = tree(tmp_path, {
        "core/game.hpp": [],
        "core/bot.cpp": ["core/game.hpp", "games/sortileges/state.hpp"],
        "games/sortileges/state.hpp": [],
    })
    done = run(src)
    assert done.returncode == 1
    assert "core/bot.cpp:2" in done.stderr
    assert "higher layer" in done.stderr


def test_a_table_may_not_include_the_lobby_above_it(tmp_path):
    src = tree(tmp_path, {
        "server/table/table.cpp": ["server/lobby/lobby.hpp"],
        "server/lobby/lobby.hpp": [],
    })
    done = run(src)
    assert done.returncode == 1
    assert "server/table/table.cpp:1" in done.stderr
    assert "src/server/lobby" in done.stderr


def test_folders_of_one_tier_do_not_include_each_other(tmp_path):
    src = tree(tmp_path, {
        "store/store.cpp": ["bots/bot.hpp"],
        "bots/bot.hpp": [],
    })
    done = run(src)
    assert done.returncode == 1
    assert "own tier" in done.stderr


def test_a_cycle_between_units_is_refused_and_named(tmp_path):
    src = tree(tmp_path, {
        "server/lobby/lobby.hpp": [],
        "server/lobby/lobby.cpp": ["server/lobby/lobby.hpp", "server/lobby/cluster.hpp"],
        "server/lobby/cluster.hpp": [],
        "server/lobby/cluster.cpp": ["server/lobby/cluster.hpp", "server/lobby/lobby.hpp"],
    })
    done = run(src)
    assert done.returncode == 1
    assert "cycle between units" in done.stderr
    assert "server/lobby/cluster.cpp:2" in done.stderr
    assert "server/lobby/lobby.cpp:2" in done.stderr


def test_a_header_beside_its_includer_counts_as_an_include(tmp_path):
    src = tree(tmp_path, {
        "core/game.hpp": ["untrusted.hpp"],
        "core/untrusted.hpp": [],
        "core/untrusted.cpp": ["core/untrusted.hpp", "core/game.hpp"],
    })
    done = run(src)
    assert done.returncode == 1
    assert "core/game.hpp:1" in done.stderr


def test_a_cycle_between_folders_is_found_even_through_separate_units():
    edges = {
        "server/net": {"server/sessions": ("server/net/a.cpp", 3)},
        "server/sessions": {"server/net": ("server/sessions/b.cpp", 5)},
    }
    groups = check_includes.strong_components(edges)
    assert groups == [["server/net", "server/sessions"]]
    cycle = check_includes.cycle_in(groups[0], edges)
    assert cycle[0] == cycle[-1] and len(cycle) == 3
    message = check_includes.describe_cycle("folder", cycle, edges)
    assert "server/net/a.cpp:3" in message and "server/sessions/b.cpp:5" in message


def test_a_folder_in_no_tier_is_refused(tmp_path):
    src = tree(tmp_path, {
        "gadgets/x.cpp": ["core/game.hpp"],
        "core/game.hpp": [],
    })
    done = run(src)
    assert done.returncode == 1
    assert "in no tier" in done.stderr


def test_includes_of_files_outside_src_are_not_judged(tmp_path):
    src = tree(tmp_path, {
        "core/game.cpp": ["nlohmann/json.hpp", "support/fake.hpp"],
    })
    done = run(src)
    assert done.returncode == 0, done.stderr


def test_the_project_itself_passes():
    done = run(ROOT / "src")
    assert done.returncode == 0, done.stderr
