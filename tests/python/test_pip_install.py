"""The package as pip installs it (pyproject.toml, setup.py): `pip install --no-build-isolation
--no-index` of this source tree in a fresh virtual environment, offline, then `import sabbat`
from outside the tree; and `pip wheel` of the same.

pip builds the extension in the CMake build directory this session imports `sabbat` from (the
build/ of PYTHONPATH=build/python), or in $SABBAT_CMAKE_BUILD_DIR: CMake finds it up to date,
so that pip only packs what is built instead of compiling the engine a second time."""

import json
import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import sabbat

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_SOURCES = sorted(p.name for p in (ROOT / "python" / "sabbat").glob("*.py"))
EXTENSION = "_sabbat" + sysconfig.get_config_var("EXT_SUFFIX")


def cmake_version():
    found = re.search(r"^project\(sabbat VERSION ([0-9.]+)[ )]",
                      (ROOT / "CMakeLists.txt").read_text(encoding="utf-8"), re.MULTILINE)
    assert found, "CMakeLists.txt has no project(sabbat VERSION ...) line"
    return found.group(1)


def cmake_build_dir():
    chosen = os.environ.get("SABBAT_CMAKE_BUILD_DIR")
    # build/python/sabbat/_sabbat...so is in the build directory build/.
    path = Path(chosen) if chosen else Path(sabbat._sabbat.__file__).resolve().parents[2]
    if not (path / "CMakeCache.txt").exists():
        pytest.skip(f"sabbat is not imported from a CMake build directory ({path}): set "
                    "SABBAT_CMAKE_BUILD_DIR to one, so that pip does not compile the engine anew")
    return path


def pip_env(build_dir):
    """This environment without what would lead pip or Python elsewhere: PYTHONPATH (the
    session's build/python), the machine's pip settings and the user's site-packages."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k != "PYTHONPATH"}
    env.update(SABBAT_CMAKE_BUILD_DIR=str(build_dir), PIP_CONFIG_FILE=os.devnull,
               PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONNOUSERSITE="1")
    return env


def run(command, env, cwd):
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=900)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


PROBE = """
import importlib.metadata, json, sys
import sabbat
from sabbat import _sabbat
state = sabbat.new_game("sortileges", players=3, seed=5)
env = sabbat.env("baba-yaga")
env.reset(seed=1)
print(json.dumps({
    "file": sabbat.__file__,
    "extension": _sabbat.__file__,
    "version": _sabbat.__version__,
    "package_version": getattr(sabbat, "__version__", None),
    "metadata_version": importlib.metadata.version("sabbat"),
    "requires": importlib.metadata.requires("sabbat"),
    "legal": len(state.legal_actions(state.actors()[0])),
    "agents": env.num_agents,
    "callables": [callable(sabbat.env), callable(sabbat.new_game)],
}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv (with Debian's setuptools, wheel and numpy from the system's site-packages)
    that pip has installed this tree into, and what the probe printed from outside the tree."""
    build_dir = cmake_build_dir()
    base = tmp_path_factory.mktemp("pip-install")
    venv = base / "venv"
    env = pip_env(build_dir)
    run([sys.executable, "-m", "venv", "--system-site-packages", venv], env, base)
    python = venv / "bin" / "python"
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", ROOT], env, base)
    probe = run([python, "-c", PROBE], env, base)
    return venv, json.loads(probe.stdout)


def test_pip_installs_the_package_that_imports_from_the_venv(installed):
    venv, probe = installed
    package = Path(probe["file"]).parent
    assert package.parent == Path(next((venv / "lib").glob("python3*"))) / "site-packages"
    assert Path(probe["extension"]) == package / EXTENSION
    baba_yaga = next(g for g in sabbat.games() if g["id"] == "baba-yaga")
    assert probe["legal"] > 0 and probe["agents"] == baba_yaga["players"]["default"]
    assert probe["callables"] == [True, True]
    assert probe["requires"] == ["numpy"]
    files = {p.name for p in package.iterdir()}
    assert {EXTENSION, "py.typed", "_sabbat.pyi", *PACKAGE_SOURCES} <= files
    assert (package / "_sabbat.pyi").read_bytes() == (
        ROOT / "python" / "sabbat" / "_sabbat.pyi").read_bytes()


def test_the_installed_version_is_cmakelists_project_version(installed):
    _, probe = installed
    version = cmake_version()
    assert probe["version"] == version
    assert probe["metadata_version"] == version


def test_the_package_reexports_the_modules_version(installed):
    _, probe = installed
    assert probe["package_version"] == cmake_version()


def test_pip_wheel_makes_a_wheel_of_the_package(installed, tmp_path):
    venv, _ = installed
    env = pip_env(cmake_build_dir())
    run([venv / "bin" / "python", "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--no-index", "-w", tmp_path, ROOT], env, tmp_path)
    wheels = list(tmp_path.glob("*.whl"))
    assert len(wheels) == 1
    version = cmake_version()
    # A wheel of this interpreter and platform (the extension), not a pure-Python one.
    tag = sys.implementation.cache_tag.replace("cpython-", "cp")
    assert re.fullmatch(rf"sabbat-{re.escape(version)}-{tag}-{tag}-linux_\w+\.whl",
                        wheels[0].name), wheels[0].name
    with zipfile.ZipFile(wheels[0]) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"sabbat-{version}.dist-info/METADATA").decode()
    expected = {f"sabbat/{n}" for n in [EXTENSION, "py.typed", "_sabbat.pyi", *PACKAGE_SOURCES]}
    assert expected <= names
    assert {n for n in names if not n.startswith(f"sabbat-{version}.dist-info/")} == expected
    assert f"\nVersion: {version}\n" in metadata
    assert "\nRequires-Dist: numpy\n" in metadata


@pytest.mark.parametrize("case", ["another-source-tree", "without-the-module"])
def test_pip_refuses_a_build_directory_that_cannot_build_the_module(installed, tmp_path, case):
    venv, _ = installed
    elsewhere = tmp_path / "build"
    elsewhere.mkdir()
    if case == "another-source-tree":
        cache = f"CMAKE_HOME_DIRECTORY:INTERNAL={tmp_path / 'source'}\n"
        message = f"{elsewhere} is a CMake build of {tmp_path / 'source'}, not of {ROOT}"
    else:
        cache = f"SABBAT_PYTHON:BOOL=OFF\nCMAKE_HOME_DIRECTORY:INTERNAL={ROOT}\n"
        message = f"{elsewhere} was configured with -DSABBAT_PYTHON=OFF, without the module"
    (elsewhere / "CMakeCache.txt").write_text(cache, encoding="utf-8")
    done = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--no-index", "-w", tmp_path, ROOT],
        capture_output=True, text=True, env=pip_env(elsewhere), cwd=tmp_path, timeout=300)
    assert done.returncode != 0
    assert message in done.stdout + done.stderr, done.stdout + done.stderr
    assert not list(tmp_path.glob("*.whl"))
