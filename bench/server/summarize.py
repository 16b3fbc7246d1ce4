#!/usr/bin/env python3
"""The side-by-side tables of bench/README.md ("Server") from bench/server/results/.

Each cell is the median over the runs at that load (min-max beside it when there are
several); ratios compare the medians of the two servers measured in the same run of run.sh.
"""
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def lines(path):
    if not path.exists():
        return []
    return [json.loads(l) for l in path.read_text().splitlines() if l.strip()]


def cell(values, digits):
    if not values:
        return "-"
    med = statistics.median(values)
    text = f"{med:.{digits}f}"
    if len(values) > 1:
        text += f" ({min(values):.{digits}f}-{max(values):.{digits}f})"
    return text


def median(values):
    return statistics.median(values) if values else None


def main(results):
    ours = lines(results / "sabbat.jsonl")
    peer = lines(results / "peer.jsonl")
    play_ours, play_peer = defaultdict(list), defaultdict(list)
    for r in ours:
        if r["mode"] == "play" and r["tables"] <= 1000:
            play_ours[r["tables"]].append(r)
    for r in peer:
        if r.get("mode") == "play" and r.get("storage") == "memory" and r.get("client") == "raw":
            play_peer[r["matches"]].append(r)

    print("| M tables | server | runs | moves/s | RTT p50 ms | RTT p99 ms | server CPU ms/move "
          "| server CPU % | RSS peak MiB | other CPU % | disconnects |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for m in sorted(set(play_ours) | set(play_peer)):
        a, b = play_ours.get(m, []), play_peer.get(m, [])
        if a:
            print(f"| {m} | Sabbat (SQLite, durable) | {len(a)} | {cell([r['moves_per_s'] for r in a], 0)} "
                  f"| {cell([r['rtt_p50_ms'] for r in a], 2)} | {cell([r['rtt_p99_ms'] for r in a], 2)} "
                  f"| {cell([r['server_cpu_ms_per_move'] for r in a], 4)} "
                  f"| {cell([r['server_cpu_pct'] for r in a], 0)} "
                  f"| {cell([r['server_rss_peak_mib'] for r in a], 0)} "
                  f"| {cell([r['other_cpu_pct'] for r in a], 0)} | {sum(r['disconnects'] for r in a)} |")
        if b:
            print(f"| {m} | boardgame.io (memory) | {len(b)} | {cell([r['movesPerSec'] for r in b], 0)} "
                  f"| {cell([r['latencyMs']['p50'] for r in b], 2)} | {cell([r['latencyMs']['p99'] for r in b], 2)} "
                  f"| {cell([r['serverCpuMsPerMove'] for r in b], 4)} "
                  f"| {cell([r['serverCpuPct'] for r in b], 0)} "
                  f"| {cell([r['serverRssPeakMB'] for r in b], 0)} "
                  f"| {cell([r['otherCpuPct'] for r in b], 0)} | {sum(r['disconnects'] for r in b)} |")
        if a and b:
            ratios.append((m,
                           median([r['moves_per_s'] for r in a]) / median([r['movesPerSec'] for r in b]),
                           median([r['serverCpuMsPerMove'] for r in b]) / median([r['server_cpu_ms_per_move'] for r in a]),
                           median([r['rtt_p99_ms'] for r in a]) / median([r['latencyMs']['p99'] for r in b])))
    print()
    print("| M tables | moves/s, Sabbat ÷ peer | server CPU per move, peer ÷ Sabbat | RTT p99, Sabbat ÷ peer |")
    print("|---:|---:|---:|---:|")
    for m, speed, cpu, p99 in ratios:
        print(f"| {m} | {speed:.1f}× | {cpu:.1f}× | {p99:.3f} |")

    idle_ours = [r for r in ours if r["mode"] == "idle"]
    idle_peer = [r for r in peer if r.get("mode") == "idle" and r.get("storage") == "memory"]
    if idle_ours or idle_peer:
        print()
        print("| idle tables | server | runs | KiB per table, 4 seats connected |")
        print("|---:|---|---:|---:|")
        for r_set, name, key in ((idle_ours, "Sabbat", "idle_kib_per_table"),
                                 (idle_peer, "boardgame.io", "kbPerMatchJoinedAndConnected")):
            by_n = defaultdict(list)
            for r in r_set:
                by_n[r.get("tables", r.get("matches"))].append(r[key])
            for n, v in sorted(by_n.items()):
                print(f"| {n} | {name} | {len(v)} | {cell(v, 1)} |")

    many = [r for r in ours if r["mode"] == "play" and r["tables"] > 1000]
    if many:
        print()
        print("| tables at once | connections | moves | moves/s | RTT p50 ms | RTT p99 ms | RSS peak MiB | disconnects | refused |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in many:
            print(f"| {r['tables']} | {r['connections']} | {r['moves']} | {r['moves_per_s']:.0f} "
                  f"| {r['rtt_p50_ms']:.1f} | {r['rtt_p99_ms']:.1f} | {r['server_rss_peak_mib']:.0f} "
                  f"| {r['disconnects']} | {r['refused']} |")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "bench/server/results"))
