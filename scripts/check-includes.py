#!/usr/bin/env python3
"""Checks that the includes of src/ go down the layers and never go round in a circle.

Reads every `#include "..."` of src/ (the standard library's and Boost's, in <...>, are not
ours) and fails, naming the file and line, on:
  (a) an include from a folder to one of its own tier or a higher one (docs/architecture.md),
  (b) a cycle between units (a unit is a path without its extension: table.cpp and table.hpp),
  (c) a cycle between folders (the server's rooms: src/server/ops, net, ...).

Usage: scripts/check-includes.py [SRC_DIR]   (default: the src/ beside this script)
"""
import os
import re
import sys

# Lowest first. A folder includes only folders of lower tiers; those of one tier do not
# include each other. A folder of src/ is its first part, or for the server its room
# (server/table); files at the top of src/server/ belong to "server", which gathers the rooms.
TIERS = [
    ["core"],
    ["bots", "report", "store"],
    ["games"],
    ["server/ops"],
    ["server/net"],
    ["server/protocol"],
    ["server/table"],
    ["server/lobby"],
    ["server/sessions"],
    ["server"],
    ["cli"],
]
RANK = {folder: rank for rank, tier in enumerate(TIERS) for folder in tier}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc")


def folder_of(path):
    """The layer of a path relative to src/: `server/table/seats.hpp` -> `server/table`."""
    parts = path.split("/")
    if parts[0] == "server" and len(parts) > 2:
        return "server/" + parts[1]
    return parts[0]


def unit_of(path):
    return os.path.splitext(path)[0]


def resolve(src, file, written):
    """The included file relative to src: beside the includer first, then from src/."""
    beside = os.path.normpath(os.path.join(os.path.dirname(file), written)).replace(os.sep, "/")
    for candidate in (beside, written):
        if not candidate.startswith("..") and os.path.isfile(os.path.join(src, candidate)):
            return candidate
    return None


def read_includes(src):
    """(file, line number, included path) for every quoted include, paths relative to src."""
    found = []
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            full = os.path.join(root, name)
            rel = os.path.relpath(full, src).replace(os.sep, "/")
            with open(full, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if m:
                        found.append((rel, number, m.group(1)))
    return found


def strong_components(edges):
    """The groups of nodes that reach each other (Tarjan), each sorted, groups of two or more."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, rest = work[-1]
            nxt = next(rest, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, {})))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def cycle_in(group, edges):
    """A shortest cycle through the group's first node, walking only inside the group."""
    start, inside = group[0], set(group)
    came_from, frontier = {start: None}, [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(edges.get(node, {})):
                if nxt == start:
                    path = [node]
                    while came_from[path[-1]] is not None:
                        path.append(came_from[path[-1]])
                    return list(reversed(path)) + [start]
                if nxt in inside and nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    return group + [start]


def describe_cycle(kind, cycle, edges):
    steps = []
    for a, b in zip(cycle, cycle[1:]):
        file, line = edges[a][b]
        steps.append(f"  {file}:{line} includes {b if kind == 'folder' else b + '.*'}")
    return f"include cycle between {kind}s {' -> '.join(cycle)}:\n" + "\n".join(steps)


def check(src):
    """The problems found under src, each a message; empty when all is well."""
    problems = []
    includes = read_includes(src)
    units, folders = {}, {}
    for file, line, written in includes:
        target = resolve(src, file, written)
        if target is None:
            continue  # not a file of src/ (a test's or a generated header)
        here, there = folder_of(file), folder_of(target)
        for f in (here, there):
            if f not in RANK:
                problems.append(f"{file}:{line}: folder src/{f} is in no tier of "
                                f"scripts/check-includes.py; add it where it belongs")
        if here != there and here in RANK and there in RANK and RANK[there] >= RANK[here]:
            way = "a folder of its own tier" if RANK[there] == RANK[here] else "a higher layer"
            problems.append(f"{file}:{line}: src/{here} includes {written}, {way} (src/{there}); "
                            f"a layer includes only the ones below it")
        a, b = unit_of(file), unit_of(target)
        if a != b:
            units.setdefault(a, {}).setdefault(b, (file, line))
        if here != there:
            folders.setdefault(here, {}).setdefault(there, (file, line))
    for kind, edges in (("unit", units), ("folder", folders)):
        for group in strong_components(edges):
            problems.append(describe_cycle(kind, cycle_in(group, edges), edges))
    return problems, len(includes), len({unit_of(f) for f, _, _ in includes})


def main(argv):
    src = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
    src = os.path.normpath(src)
    if not os.path.isdir(src):
        print(f"check-includes: no folder {src}", file=sys.stderr)
        return 2
    problems, count, files = check(src)
    # Unique messages, in the order found (one include may break several rules).
    problems = list(dict.fromkeys(problems))
    for p in problems:
        print(f"check-includes: {p}", file=sys.stderr)
    if problems:
        print(f"check-includes: {len(problems)} problem(s) in {src}", file=sys.stderr)
        return 1
    print(f"check-includes: {count} includes in {files} units, down the layers and without "
          f"cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
