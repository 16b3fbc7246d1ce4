"""pip's build of the `sabbat` Python package (pyproject.toml has its metadata): CMake builds
the `_sabbat` extension (target `python`, nothing else of the project), and setuptools packs
it with python/sabbat/'s Python files, stubs and py.typed marker.

The version is CMakeLists.txt's `project(sabbat VERSION ...)`, the one the extension reports as
`_sabbat.__version__`.

Environment:
  SABBAT_CMAKE_BUILD_DIR      a CMake build directory of this source tree (relative paths are
                              taken from this folder) to build the target `python` in and take
                              the extension from: the build/ of `cmake -S . -B build`, say, and
                              pip compiles nothing already built there. Empty or absent, it is
                              configured there with pip's options. Unset: a directory under
                              build-pip/, kept between runs.
  CMAKE_BUILD_PARALLEL_LEVEL  parallel compile jobs (default: the processors available).
  CMAKE_ARGS                  more arguments for CMake's configure step (shell syntax).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext
from setuptools.errors import ExecError, SetupError

ROOT = Path(__file__).resolve().parent
BUILD_BASE = ROOT / "build-pip"

# Only what the module needs: no tests, benchmarks or web client; the sabbat program's
# allocator (jemalloc) is not looked for either.
CMAKE_OPTIONS = [
    "-DCMAKE_BUILD_TYPE=Release",
    "-DSABBAT_PYTHON=ON",
    "-DSABBAT_TESTS=OFF",
    "-DSABBAT_BENCH=OFF",
    "-DSABBAT_WEB=OFF",
    "-DSABBAT_JEMALLOC=OFF",
]


def project_version():
    """The version of CMakeLists.txt's `project(sabbat VERSION x.y[.z[.t]] ...)`."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    found = re.search(r"^\s*project\(\s*sabbat\s+VERSION\s+(\d+(?:\.\d+){0,3})[\s)]", text,
                      re.MULTILINE)
    if not found:
        raise SetupError(f"{ROOT / 'CMakeLists.txt'} has no `project(sabbat VERSION x.y ...)` "
                         "line to take the package's version from")
    return found.group(1)


def cache_entries(build_dir):
    """The entries of a CMake build directory's CMakeCache.txt, as name: value."""
    entries = {}
    for line in (build_dir / "CMakeCache.txt").read_text(encoding="utf-8").splitlines():
        found = re.match(r"([^#/][^:=]*):[A-Z]+=(.*)", line)
        if found:
            entries[found.group(1)] = found.group(2)
    return entries


def processors():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class CleanBuild(build):
    """setuptools copies the package into build-pip/lib.*/ over what an earlier run left
    there: a file since removed from python/sabbat/ would stay in every later wheel. Each build
    starts from an empty one (the CMake build directory is kept)."""

    def run(self):
        shutil.rmtree(self.build_lib, ignore_errors=True)
        super().run()


class CMakeBuild(build_ext):
    """Builds the extension with CMake and copies it where setuptools packs it from."""

    def build_extension(self, ext):
        cmake = shutil.which("cmake")
        if cmake is None:
            raise SetupError("cmake is not on PATH: the module is built with CMake (Debian: "
                             "apt-get install cmake, or bash scripts/install-deps.sh)")
        chosen = os.environ.get("SABBAT_CMAKE_BUILD_DIR")
        if chosen:
            build_dir = (ROOT / chosen).resolve()
        else:
            build_dir = Path(self.build_temp).resolve() / "cmake"
        if (build_dir / "CMakeCache.txt").exists():
            self.check_build_dir(build_dir, chosen)
        if not chosen or not (build_dir / "CMakeCache.txt").exists():
            self.configure(cmake, build_dir)

        command = [cmake, "--build", str(build_dir), "--target", "python"]
        if not os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL"):
            command += ["--parallel", str(processors())]
        self.run_command_line(command)

        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build_dir / "python" / "sabbat" / f"_sabbat{suffix}"
        if not built.exists():
            others = sorted(p.name for p in built.parent.glob("_sabbat*"))
            raise SetupError(f"{built} was not built: this Python ({sys.executable}) imports "
                             f"{built.name}, and {built.parent} holds {others or 'no _sabbat'}; "
                             f"{build_dir} was configured for another Python (its "
                             "-DPython3_EXECUTABLE)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))

    def configure(self, cmake, build_dir):
        command = [cmake, "-S", str(ROOT), "-B", str(build_dir), *CMAKE_OPTIONS,
                   f"-DPython3_EXECUTABLE={sys.executable}"]
        if not (build_dir / "CMakeCache.txt").exists() and shutil.which("ninja"):
            command += ["-G", "Ninja"]
        command += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        self.run_command_line(command)

    @staticmethod
    def check_build_dir(build_dir, chosen):
        remedy = ("point SABBAT_CMAKE_BUILD_DIR at a build of this tree or at an empty directory"
                  if chosen else "remove it")
        entries = cache_entries(build_dir)
        home = entries.get("CMAKE_HOME_DIRECTORY")
        if home is None or Path(home).resolve() != ROOT:
            raise SetupError(f"{build_dir} is a CMake build of {home}, not of {ROOT}: {remedy}")
        if entries.get("SABBAT_PYTHON", "ON").upper() in ("OFF", "0", "FALSE", "NO", "N"):
            raise SetupError(f"{build_dir} was configured with -DSABBAT_PYTHON=OFF, without the "
                             f"module: {remedy}")

    @staticmethod
    def run_command_line(command):
        print(" ".join(shlex.quote(part) for part in command), file=sys.stderr, flush=True)
        done = subprocess.run(command, check=False)
        if done.returncode != 0:
            raise ExecError(f"{shlex.quote(command[0])} {command[1]} ... failed (exit status "
                            f"{done.returncode}); its output is above")


BUILD_BASE.mkdir(exist_ok=True)  # egg_info writes into it before any build command runs
setup(
    version=project_version(),
    packages=["sabbat"],
    package_dir={"": "python"},
    package_data={"sabbat": ["py.typed", "*.pyi"]},
    # What the wheel holds is the package's modules, these and the extension, nothing that
    # a manifest of an earlier build (SOURCES.txt) still lists.
    include_package_data=False,
    zip_safe=False,
    ext_modules=[Extension("sabbat._sabbat", sources=[])],
    cmdclass={"build": CleanBuild, "build_ext": CMakeBuild},
    # setuptools' own build/ would share the directory of `cmake -B build`; its sabbat.egg-info
    # goes there too, out of python/.
    options={"build": {"build_base": str(BUILD_BASE)}, "egg_info": {"egg_base": str(BUILD_BASE)}},
)
