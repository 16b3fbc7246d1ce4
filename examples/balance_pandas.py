# %% [markdown]
# # Seat advantage in a balance run
#
# A notebook-style script (cells split by `# %%`, which Jupyter, VS Code and Spyder read): it
# plays a balance run with `sabbat.simulate` (the simulator of `sabbat sim`), loads the games
# into pandas and plots each seat's advantage: its share of the wins against the fair share
# 1 / players, with a 95 % interval.
#
#     PYTHONPATH=build/python /usr/bin/python3 examples/balance_pandas.py [GAME] [GAMES] [BOTS]
#
# BOTS as `sabbat sim --bot` takes them (default: random, the fastest; the game's own bot,
# e.g. normal, plays closer to people).
#
# It needs pandas and matplotlib (Debian: `apt install python3-pandas python3-matplotlib`).

# %%
import sys

try:
    import matplotlib

    matplotlib.use("Agg")  # writes a file; no display needed
    import matplotlib.pyplot as plt
    import pandas as pd
except ImportError as missing:
    sys.exit(f"this example needs pandas and matplotlib ({missing}); on Debian: "
             "apt install python3-pandas python3-matplotlib")

import sabbat

game = sys.argv[1] if len(sys.argv) > 1 else "sortileges"
games = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
bots = sys.argv[3] if len(sys.argv) > 3 else "random"

# %% One row per game: its seed, length, every seat's score and rank.
run = sabbat.simulate(game, games, bots=bots, seed=1)
frame = pd.DataFrame(run.rows)
players = run.summary["players"]
print(frame.head())

# %% A win shared by k seats counts 1/k to each, as `sabbat sim`'s fractional wins.
ranks = frame[[f"rank_{s}" for s in range(players)]]
wins = (ranks == 1).div(frame["winners"], axis=0)
wins.columns = range(players)
share = wins.mean()
# The normal approximation of each seat's share, over games.
half_width = 1.96 * wins.std(ddof=1) / len(frame) ** 0.5
seats = pd.DataFrame({"win share": share, "95 % half-width": half_width,
                      "advantage": share - 1 / players,
                      "mean score": [frame[f"score_{s}"].mean() for s in range(players)]})
seats.index.name = "seat"
print(seats)
assert abs(seats["win share"].sum() - 1) < 1e-9
# The same totals as `sabbat sim --json`:
assert [round(x, 6) for x in wins.sum()] == [round(x, 6) for x in run.summary["fractional_wins"]]

# %% The plot: each seat's advantage over the fair share, with its interval.
figure, axes = plt.subplots(figsize=(6, 3.5))
axes.bar(seats.index, seats["advantage"] * 100, yerr=seats["95 % half-width"] * 100,
         capsize=4, color="#7a4fa3")
axes.axhline(0, color="black", linewidth=0.8)
axes.set_xticks(seats.index)
axes.set_xlabel("seat")
axes.set_ylabel("win share - 1/players (points of %)")
axes.set_title(f"{game}: seat advantage over {games} games (bots: {run.summary['bot']})")
figure.tight_layout()
out = f"{game}-seat-advantage.png"
figure.savefig(out, dpi=120)
print(f"wrote {out}")
