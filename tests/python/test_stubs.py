"""python/sabbat/_sabbat.pyi against the built `_sabbat` extension: every name the module
exposes is in the stubs and nothing else, each function's parameters (names, order, defaults)
are pybind11's, the dicts it returns have the keys the stubs' TypedDicts give them, and mypy's
stubtest finds nothing to report."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sabbat
from sabbat import _sabbat

ROOT = Path(__file__).resolve().parents[2]
STUB = ROOT / "python" / "sabbat" / "_sabbat.pyi"
TREE = ast.parse(STUB.read_text(encoding="utf-8"))
STUB_NAMES = {}  # top-level name: its node
for node in TREE.body:
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        STUB_NAMES[node.name] = node
    elif isinstance(node, ast.AnnAssign):
        STUB_NAMES[node.target.id] = node
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            STUB_NAMES[target.id] = node


def runtime_names(namespace):
    return {n for n in namespace if not (n.startswith("__") and n.endswith("__"))}


def members(cls_node):
    return {n.name: n for n in cls_node.body if isinstance(n, ast.FunctionDef)}


def stub_only(name):
    """A helper of the stubs alone (a TypedDict, an alias): private, absent from the module."""
    return name.startswith("_") and not name.startswith("__") and not hasattr(_sabbat, name)


def test_every_name_of_the_module_is_in_the_stubs_and_every_stub_is_in_the_module():
    runtime = runtime_names(dir(_sabbat)) | {"__version__"}
    stubs = {n for n in STUB_NAMES if not stub_only(n)}
    assert runtime - stubs == set(), "exposed by _sabbat but missing from _sabbat.pyi"
    assert stubs - runtime == set(), "in _sabbat.pyi but not exposed by _sabbat"
    assert "_simulate" in stubs and "new_game" in stubs  # the comparison sees both kinds


def test_every_member_of_the_classes_is_in_the_stubs():
    for name in ("State", "Bot"):
        cls = getattr(_sabbat, name)
        stub = members(STUB_NAMES[name])
        public = {n for n in vars(cls) if not n.startswith("_")}
        assert public == {n for n in stub if not n.startswith("_")}, name
    # Bot is built from Python, State only by the module's functions.
    assert "__init__" in members(STUB_NAMES["Bot"])
    assert "__init__" not in members(STUB_NAMES["State"])
    with pytest.raises(TypeError):
        _sabbat.State()


def split_top(text):
    """`text` split at its commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c in "[(" and 1 or (c in "])" and -1 or 0)
        if c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def pybind_signature(function, name):
    """[(parameter, default or None)] from pybind11's signature line `name(a: T, b: U = 1) -> R`."""
    line = function.__doc__.splitlines()[0]
    assert line.startswith(name + "("), line
    inside = line[len(name) + 1:line.rindex(") -> ")]
    out = []
    for part in split_top(inside):
        head, _, default = part.partition(" = ")
        out.append((head.split(":")[0].strip(), default or None))
    return out


def stub_signature(fn):
    args = fn.args
    names = [a.arg for a in args.args]
    defaults = [None] * (len(names) - len(args.defaults)) + [ast.unparse(d) for d in args.defaults]
    return list(zip(names, defaults))


def same_default(runtime, stub):
    if runtime is None or stub is None:
        return runtime is stub
    return ast.literal_eval(runtime) == ast.literal_eval(stub)


def check_signature(function, name, fn_node):
    runtime = pybind_signature(function, name)
    stub = stub_signature(fn_node)
    assert [p for p, _ in runtime] == [p for p, _ in stub], name
    for (param, r), (_, s) in zip(runtime, stub):
        assert same_default(r, s), f"{name}: {param} defaults to {r} in the module, {s} here"


def test_the_parameters_of_every_function_and_method_are_the_modules():
    checked = 0
    for name, node in STUB_NAMES.items():
        if isinstance(node, ast.FunctionDef):
            check_signature(getattr(_sabbat, name), name, node)
            checked += 1
        elif isinstance(node, ast.ClassDef) and not stub_only(name):
            cls = getattr(_sabbat, name)
            for member, fn in members(node).items():
                if any(ast.unparse(d) == "property" for d in fn.decorator_list):
                    # A read-only property: its getter takes the instance alone.
                    assert isinstance(vars(cls)[member], property), member
                    assert vars(cls)[member].fset is None, member
                    assert len(pybind_signature(vars(cls)[member].fget, "")) == 1, member
                else:
                    check_signature(getattr(cls, member), member, fn)
                checked += 1
    assert checked >= 25


def typed_dict(name):
    """{key: (annotation text, required)} of a TypedDict of the stubs."""
    out = {}
    for item in STUB_NAMES[name].body:
        if isinstance(item, ast.AnnAssign):
            text = ast.unparse(item.annotation)
            required = not text.startswith("NotRequired[")
            if not required:
                text = text[len("NotRequired["):-1]
            out[item.target.id] = (text, required)
    return out


PLAIN = {"int": int, "str": str, "bool": bool}


def check_dict(value, name):
    spec = typed_dict(name)
    assert isinstance(value, dict)
    assert set(value) <= set(spec), f"{name}: keys the stubs do not have"
    assert {k for k, (_, required) in spec.items() if required} <= set(value), name
    for key, item in value.items():
        text = spec[key][0]
        if text in PLAIN:
            assert type(item) is PLAIN[text], f"{name}[{key!r}]: {item!r} is not {text}"
        elif text.startswith("_"):
            check_dict(item, text)
        elif text == "list[str]":
            assert all(type(x) is str for x in item), f"{name}[{key!r}]"
        elif text.startswith("list[_"):
            for x in item:
                check_dict(x, text[len("list["):-1])
        elif text.startswith("Literal["):
            assert item in ast.literal_eval(text[len("Literal"):]), f"{name}[{key!r}]"
        else:
            raise AssertionError(f"{name}[{key!r}]: no check for {text}")


def test_the_dicts_the_module_returns_have_the_keys_of_the_stubs():
    kinds = set()
    for game in _sabbat.games():
        check_dict(game, "_Game")
        kinds |= {p["kind"] for p in game["params"]}
    assert kinds == {"integer", "boolean", "choice"}
    state = sabbat.new_game("du-balai", seed=3)
    deadline = None
    for _ in range(200):
        deadline = state.deadline()
        if deadline is not None:
            break
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    check_dict(deadline, "_Deadline")
    proposal = _sabbat.Bot("sortileges", "random", 1).propose(sabbat.new_game("sortileges"), 0)
    check_dict(proposal, "_Proposal")
    summary, rows = _sabbat._simulate("sortileges", 2, rows=True)
    assert isinstance(summary, str) and all(type(v) is int for r in rows for v in r.values())
    assert isinstance(_sabbat.__version__, str)
    assert isinstance(state.full_state(), dict) and isinstance(state.view(0), dict)


def test_stubtest_finds_nothing_to_report(tmp_path):
    pytest.importorskip("mypy.stubtest", reason="mypy (Debian's python3-mypy) is not installed")
    # The package as it is imported: the extension built beside its stubs (CMake copies them).
    package_dir = Path(sabbat.__file__).resolve().parent
    assert (package_dir / "_sabbat.pyi").read_text(encoding="utf-8") == STUB.read_text(
        encoding="utf-8"), f"{package_dir} holds other stubs than python/sabbat: rebuild it"
    env = dict(os.environ, MYPYPATH=str(package_dir.parent), MYPY_CACHE_DIR=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join([str(package_dir.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--concise", "sabbat._sabbat"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert not done.stderr, done.stderr
    reported = set(done.stdout.splitlines())
    # pybind11's own: its classes' metaclass (pybind11_type, which no stub names), and the
    # __init__(*args, **kwargs) it gives a class without a constructor, which only raises
    # TypeError (State is made by new_game, replay, clone and sample_hidden).
    pybind11 = {
        "sabbat._sabbat.Bot is inconsistent, metaclass differs",
        "sabbat._sabbat.State is inconsistent, metaclass differs",
        'sabbat._sabbat.State.__init__ is inconsistent, stub does not have *args argument "args"',
    }
    assert reported - pybind11 == set(), done.stdout
