"""The module's API over every game: games(), State, records and simulate()."""

import json
import random
import re

import pytest

import sabbat
from conftest import GAMES, play_some, random_step, run_sabbat


def test_games_are_the_registered_ones_as_sabbat_games_prints_them():
    printed = run_sabbat("games")
    for game in sabbat.games():
        block = printed.split(f"({game['id']})\n", 1)[1].split("\n\n", 1)[0]
        players = game["players"]
        assert (f"players: {players['min']} to {players['max']} (default {players['default']})"
                in block)
        facts = game["facts"]
        assert ("real-time" if facts["real_time"] else "turn-based") in block
        bots = re.search(r"bots \(--bot NAME\): (.*)", block).group(1)
        assert bots.replace(" (default)", "").split(", ") == game["bots"]
        assert bots.startswith(game["default_bot"] + " (default)")
        for p in game["params"]:
            assert f"    {p['name']} = {p['default']}  ({p['allowed']})" in block
            assert p["description"] in block
    assert GAMES == ["sortileges", "du-balai", "baba-yaga", "bal-des-sorcieres"]


def test_new_game_checks_its_settings():
    with pytest.raises(ValueError, match="sortileges"):
        sabbat.new_game("no-such-game")
    with pytest.raises(ValueError, match="2 to 6 players"):
        sabbat.new_game("sortileges", players=9)
    with pytest.raises(ValueError, match="unclaimed"):
        sabbat.new_game("sortileges", params={"unclaimed": "nowhere"})
    state = sabbat.new_game("Du Balai !", players=3, params={"max_turns": 7, "show_hands_at_end": True})
    assert state.game_id == "du-balai" and state.players == 3


def test_an_illegal_action_raises_the_engines_message_and_changes_nothing(game_id):
    checked = 0
    for state in play_some(sabbat.new_game(game_id, seed=3), 80, seed=3)[::5]:
        if state.is_over():
            continue
        before = state.clone()
        idle = [s for s in range(state.players) if s not in state.actors()]
        tries = [(s, "pass") for s in idle] + [(0, "no such action at all"), (9, "pass")]
        actors = [s for s in state.actors() if state.legal_actions(s)]
        if actors and state.now() > 0:
            tries.append((actors[0], state.legal_actions(actors[0])[0], state.now() - 1))
        for seat, text, *time in tries:
            with pytest.raises(sabbat.IllegalAction) as refused:
                state.apply(seat, text, time[0] if time else state.now())
            assert str(refused.value)
            assert state.same_as(before) and state.record() == before.record()
            checked += 1
    assert checked > 10


def test_a_clone_is_independent(game_id):
    state = sabbat.new_game(game_id, seed=11)
    play_some(state, 20, seed=11)
    copy = state.clone()
    assert copy.same_as(state) and copy.record() == state.record()
    full = json.dumps(state.full_state(), sort_keys=True)
    play_some(copy, 30, seed=12)
    assert not copy.same_as(state)
    assert json.dumps(state.full_state(), sort_keys=True) == full


def test_a_record_replays_to_the_same_state(game_id):
    state = sabbat.new_game(game_id, seed=5)
    play_some(state, 400, seed=5)
    again = sabbat.replay(state.record())
    assert again.same_as(state) and again.record() == state.record()
    if state.is_over():
        assert again.scores() == state.scores() and again.ranks() == state.ranks()


def test_a_corrupt_record_is_refused_naming_its_line():
    state = sabbat.new_game("sortileges", seed=8)
    play_some(state, 10, seed=8)
    lines = state.record().splitlines()
    action = json.loads(lines[3])
    action["action"] = "place ZZ under left"
    broken = "\n".join(lines[:3] + [json.dumps(action)] + lines[4:]) + "\n"
    with pytest.raises(sabbat.RecordError, match="line 4"):
        sabbat.replay(broken)
    with pytest.raises(sabbat.RecordError, match="line 1"):
        sabbat.replay("not a record\n")
    with pytest.raises(ValueError):
        sabbat.replay(lines[0] + "\n" + lines[2] + "\n")


def test_a_finished_records_result_is_checked():
    state = sabbat.new_game("sortileges", seed=2)
    play_some(state, 1000, seed=2)
    assert state.is_over()
    lines = state.record().splitlines()
    result = json.loads(lines[-1])
    result["result"]["scores"][0] += 1
    with pytest.raises(sabbat.RecordError, match="the record says"):
        sabbat.replay("\n".join(lines[:-1] + [json.dumps(result)]) + "\n")


def test_a_redrawn_state_has_no_record(game_id):
    state = sabbat.new_game(game_id, seed=1)
    with pytest.raises(ValueError, match="sample_hidden"):
        state.sample_hidden(0, 7).record()


@pytest.mark.parametrize("game_id, bots, players, params, games", [
    ("sortileges", "random", 4, {}, 300),
    ("sortileges", None, 3, {"unclaimed": "under-gratin"}, 40),
    ("du-balai", "random", 3, {}, 20),
    ("baba-yaga", None, 3, {}, 20),
    ("bal-des-sorcieres", "random,normal,random,normal", 4, {"level": "hard"}, 20),
])
def test_simulate_gives_what_sabbat_sim_json_prints(game_id, bots, players, params, games):
    args = ["sim", game_id, "--games", str(games), "--players", str(players), "--seed", "9",
            "--json", "--jobs", "2"]
    if bots:
        args += ["--bot", bots]
    for name, value in params.items():
        args += ["--param", f"{name}={value}"]
    printed = json.loads(run_sabbat(*args))
    result = sabbat.simulate(game_id, games, bots=bots, players=players, params=params, seed=9,
                             jobs=1)
    assert result.summary == printed
    alone = sabbat.simulate(game_id, games, bots=bots, players=players, params=params, seed=9,
                            jobs=2, rows=False)
    assert alone.summary == printed and alone.rows == []
    assert [r["game"] for r in result.rows] == list(range(games))
    assert sum(r["length"] for r in result.rows) / games == pytest.approx(
        printed["length"]["mean"])
    for s in range(players):
        assert sum(r[f"rank_{s}"] == 1 for r in result.rows) == printed["wins"][s]
        assert sum(r[f"score_{s}"] for r in result.rows) / games == pytest.approx(
            printed["mean_score"][s])


def test_simulate_refuses_what_sim_refuses():
    with pytest.raises(ValueError, match="games"):
        sabbat.simulate("sortileges", 0)
    with pytest.raises(ValueError, match="unknown bot"):
        sabbat.simulate("sortileges", 5, bots="nobody")
    with pytest.raises(ValueError, match="one per seat"):
        sabbat.simulate("sortileges", 5, bots=["random", "random"], players=4)


def test_simulate_releases_the_gil():
    import threading
    import time

    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.01)
    before = len(ticks)
    # Some 0.3 s of games; a thread that kept the GIL would stop the counter all along.
    sabbat.simulate("sortileges", 100000, bots="random", jobs=1, rows=False)
    during = len(ticks) - before
    stop.set()
    counter.join()
    assert during >= 20


def test_a_view_holds_only_what_its_seat_sees(game_id):
    """view(seat) is the engine's view of that seat exactly: the same JSON, and unchanged in
    every state the seat cannot tell from the true one."""
    for state in play_some(sabbat.new_game(game_id, seed=4), 120, seed=4)[::10]:
        for seat in list(range(state.players)) + [sabbat.SPECTATOR]:
            view = state.view(seat)
            assert view == json.loads(state.view_json(seat))
            for k in range(3):
                twin = state.sample_hidden(seat, k)
                assert twin.view(seat) == view


def test_seats_are_checked():
    state = sabbat.new_game("sortileges", players=3)
    with pytest.raises(ValueError, match="no seat 3"):
        state.view(3)
    with pytest.raises(ValueError, match="no seat -1"):
        state.legal_actions(-1)


def test_deadlines_and_the_clock_in_real_time():
    state = sabbat.new_game("du-balai", seed=1)
    rng = random.Random(1)
    now = 0
    while state.deadline() is None or state.deadline()["at"] <= state.now():
        now = random_step(state, rng, now)
    deadline = state.deadline()
    with pytest.raises(sabbat.IllegalAction, match="not yet"):
        state.apply(sabbat.CLOCK, deadline["action"], deadline["at"] - 1)
    state.apply(sabbat.CLOCK, deadline["action"], deadline["at"])
    assert state.now() == deadline["at"]


def test_bots_play_through_states(game_id):
    state = sabbat.new_game(game_id, seed=6)
    bots = [sabbat.Bot(game_id, "random", seed=s) for s in range(state.players)]
    rng = random.Random(6)
    now = 0
    for _ in range(50):
        if state.is_over():
            break
        proposals = [(b.propose(state, s), s) for s, b in enumerate(bots) if s in state.actors()]
        proposals = [(p["at"], s, p["action"]) for p, s in proposals if p]
        deadline = state.deadline()
        if proposals and (deadline is None or min(proposals)[0] < deadline["at"]):
            at, seat, action = min(proposals)
            now = max(now, at)
            state.apply(seat, action, now)
        else:
            now = random_step(state, rng, now)
    with pytest.raises(ValueError, match="unknown bot"):
        sabbat.Bot(game_id, "nobody")


def test_legal_count_counts_the_legal_actions(game_id):
    for state in play_some(sabbat.new_game(game_id, seed=9), 150, seed=9)[::3]:
        for seat in range(state.players):
            assert state.legal_count(seat) == len(state.legal_actions(seat))


def test_keywords_as_documented():
    state = sabbat.new_game(game_id="sortileges", players=2, seed=3, params=None)
    text = state.legal_actions(seat=0)[0]
    assert state.canonical(seat=0, action_text=text) == text
    state.apply(seat=0, action_text=text, time_ms=5)
    assert state.now() == 5
    assert state.sample_hidden(viewer=1, seed=2).view(seat=1) == state.view(1)
    assert sabbat.replay(record_text=state.record()).same_as(state)
