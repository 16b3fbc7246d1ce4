"""The multi-agent environment over the games: random agents over every game, masks that are
exactly what the game offers, episodes ending, seeded runs identical; and observations, masks
and the agent selected that never depend on what a seat cannot see (the twin states). The API
contract itself is in test_conformance.py."""

import hashlib
import json

import numpy as np
import pytest

import sabbat
from conftest import GAMES

SETTINGS = [(g, None) for g in GAMES] + [("sortileges", 2), ("du-balai", 6), ("baba-yaga", 2),
                                          ("bal-des-sorcieres", 6)]
MAX_STEPS = 20000


def play(env, seed, check=None):
    """One episode of random agents; returns a digest of everything that happened."""
    env.reset(seed=seed)
    digest = hashlib.sha256()
    for step, agent in enumerate(env.agent_iter()):
        assert step < MAX_STEPS, "the episode does not end"
        observation, reward, termination, truncation, info = env.last()
        if check:
            check(env, agent, observation, reward, termination, truncation, info)
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        digest.update(f"{agent} {action} {reward} {termination}".encode())
        digest.update(observation["observation"].tobytes())
        env.step(action)
    return digest.hexdigest()


def api_check(env, agent, observation, reward, termination, truncation, info):
    assert agent == env.agent_selection and agent in env.agents
    assert set(env.agents) <= set(env.possible_agents)
    for table in (env.rewards, env.terminations, env.truncations, env.infos):
        assert set(table) == set(env.agents)
    vec, mask = observation["observation"], observation["action_mask"]
    assert set(observation) == {"observation", "action_mask"}
    assert env.observation_space(agent).contains(observation)
    assert env.observation_space(agent)["observation"].contains(vec)
    assert np.isfinite(vec).all()
    assert mask.dtype == np.int8 and mask.shape == (env.action_space(agent).n,)
    assert np.array_equal(mask, env.action_mask(agent))
    assert isinstance(env.view(agent), dict) and isinstance(info, dict)
    assert all(isinstance(r, float) for r in env.rewards.values())
    # Every agent may be observed at any time, not only the one to act.
    for other in env.agents:
        assert env.observation_space(other).contains(env.observe(other))
    if termination or truncation:
        assert not mask.any()
        return
    assert mask.any(), f"{agent} is to act with no allowed action"
    seat = env.agent_name_mapping[agent]
    state = env.game_state
    # The agent selected is one everyone sees asked.
    assert seat in env.asked()
    allowed = {env.action_text(int(i)) for i in np.flatnonzero(mask)}
    legal = set(state.legal_actions(seat)) if seat in state.actors() else set()
    if legal:
        # Asked by the game: exactly its legal actions, and wait while a deadline is pending.
        assert allowed - {"wait"} == legal
        assert ("wait" in allowed) == (env.wait_action is not None and
                                       state.deadline() is not None)
    else:
        # Asked only in everyone's eyes (a forced move the table plays, a reaction window
        # without an answer): stand-by actions only.
        assert "wait" in allowed and allowed <= {"wait", "pass"}
    for text in legal:
        assert env.action_text(env.action_index(text)) == text
    # An action the mask forbids is refused, and changes nothing.
    forbidden = np.flatnonzero(mask == 0)
    if forbidden.size:
        before = state.clone()
        with pytest.raises(ValueError, match="not allowed"):
            env.step(int(forbidden[0]))
        assert env.game_state.same_as(before) and env.agent_selection == agent


@pytest.mark.parametrize("game_id, players", SETTINGS)
def test_random_agents_play_every_game_to_its_end(game_id, players):
    env = sabbat.env(game_id, players=players)
    for seed in range(2):
        play(env, seed, api_check)
        assert env.agents == []
        assert env.game_state.is_over()
    assert len(set(env.possible_agents)) == env.players == env.max_num_agents
    assert env.num_agents == 0 and env.unwrapped is env


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_runs_are_identical(game_id):
    first = play(sabbat.env(game_id), seed=7)
    assert play(sabbat.env(game_id), seed=7) == first
    assert play(sabbat.env(game_id), seed=8) != first


@pytest.mark.parametrize("game_id", GAMES)
def test_rewards_at_the_end_follow_the_ranks_and_count_once(game_id):
    """The reward returned by last() and the sum of env.rewards after every step both give
    each agent its final reward once: a finished agent's step(None) leaves rewards at zero."""
    env = sabbat.env(game_id, players=4)
    env.reset(seed=3)
    from_last = {a: 0.0 for a in env.possible_agents}
    from_rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        from_last[agent] += reward
        env.step(None if termination else
                 env.action_space(agent).sample(observation["action_mask"]))
        for a, r in env.rewards.items():
            from_rewards[a] += r
    ranks = info["ranks"]
    for seat, agent in enumerate(env.possible_agents):
        assert from_last[agent] == pytest.approx((4 - ranks[seat]) / 3)
        assert from_rewards[agent] == pytest.approx((4 - ranks[seat]) / 3)


def test_a_dead_agent_steps_only_with_none():
    # max_steps, the older name of a limit, still truncates after that many steps.
    env = sabbat.env("sortileges", players=2, max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        agent = env.agent_selection
        env.step(env.action_space(agent).sample(env.action_mask(agent)))
    assert all(env.truncations.values())
    with pytest.raises(ValueError, match="step\\(None\\)"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("game_id", ["du-balai", "baba-yaga"])
def test_real_time_games_move_through_deadlines_on_the_environments_clock(game_id):
    env = sabbat.env(game_id, tick_ms=500)
    assert env.real_time and env.wait_action == env.num_actions - 1
    env.reset(seed=2)
    times, waits = [], 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        # Waiting whenever allowed: the clock must then move the game on by itself.
        action = env.wait_action if mask[env.wait_action] else \
            env.action_space(agent).sample(mask)
        waits += action == env.wait_action
        times.append(env.now)
        env.step(action)
    assert times == sorted(times) and times[-1] > 0
    assert waits > 0


def test_games_with_deadlines_have_a_wait_and_the_others_none():
    assert sabbat.env("sortileges").wait_action is None
    for game_id in ("du-balai", "baba-yaga", "bal-des-sorcieres"):
        env = sabbat.env(game_id)
        assert env.wait_action == env.num_actions - 1
    with pytest.raises(ValueError, match="incantation"):
        sabbat.env("bal-des-sorcieres", params={"incantation": True})


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_never_depend_on_what_the_seat_cannot_see(game_id):
    """Twin states: every redraw of what a seat cannot see encodes identically for that seat,
    with the same action mask."""
    env = sabbat.env(game_id)
    env.reset(seed=5)
    checked = 0
    for step, agent in enumerate(env.agent_iter()):
        observation, reward, termination, truncation, info = env.last()
        if step % 9 == 0:
            for seat in range(env.players):
                own = env.encode(env.game_state, seat)
                own_mask = env.legal_mask(env.game_state, seat)
                for k in range(3):
                    twin = env.game_state.sample_hidden(seat, 100 * step + k)
                    assert np.array_equal(env.encode(twin, seat), own)
                    assert np.array_equal(env.legal_mask(twin, seat), own_mask)
                    checked += 1
        env.step(None if termination or truncation else
                 env.action_space(agent).sample(observation["action_mask"]))
    assert checked > 30


def who_is_asked(env):
    """The shape of who is asked: which agents have an action to choose now."""
    return [bool(env.action_mask(a).any()) for a in env.agents]


# Le Bal des Sorcières at 6 too: its reaction windows are where a choice of whom to ask would
# tell who holds À moi, nananère !, Boule de cristal or Mon beau miroir.
TWIN_SETTINGS = [(g, None) for g in GAMES] + [("bal-des-sorcieres", 6)]


@pytest.mark.parametrize("game_id, players", TWIN_SETTINGS)
def test_whom_the_environment_asks_never_depends_on_what_a_seat_cannot_see(game_id, players):
    """The table's honesty rule: agent_selection, which every agent sees, and which agents
    have something to choose (the shape of who is asked) depend only on what everyone knows.
    For every agent, twin environments (everything its seat cannot see redrawn) select the
    same agent, ask the same agents, and give it the same observation and mask."""
    env = sabbat.env(game_id, players=players)
    checked = 0
    windows = 0
    for seed in range(2):
        env.reset(seed=seed)
        for step, agent in enumerate(env.agent_iter()):
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if step % 5 == 0:
                windows += env.view(agent).get("phase") == "window"
                asked = who_is_asked(env)
                for viewer in env.agents:
                    twin = env.sample_hidden(viewer, 1000 * step + seed)
                    assert twin.agent_selection == env.agent_selection, (step, viewer)
                    assert who_is_asked(twin) == asked, (step, viewer)
                    mine = env.observe(viewer)
                    theirs = twin.observe(viewer)
                    assert np.array_equal(theirs["observation"], mine["observation"])
                    assert np.array_equal(theirs["action_mask"], mine["action_mask"])
                    checked += 1
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    assert checked > 50
    if game_id == "bal-des-sorcieres":
        assert windows > 0, "no reaction window was met"


def test_a_reaction_window_asks_every_living_witch_once():
    """Le Bal des Sorcières: in a reaction window each living witch is selected, with or without
    an answer; one without is offered only pass and wait, which change nothing."""
    env = sabbat.env("bal-des-sorcieres", players=5)
    met = 0
    for seed in range(3):
        env.reset(seed=seed)
        selected = []
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            view = env.view(agent)
            if view["phase"] == "window":
                selected.append(agent)
                allowed = {env.action_text(int(i))
                           for i in np.flatnonzero(observation["action_mask"])}
                if not view["window"].get("asked"):
                    assert allowed == {"pass", "wait"}
                    before = len(env.game_state.record().splitlines())
                    env.step(env.action_index("pass"))
                    # Nothing of hers reaches the game (the clock may close the window).
                    added = env.game_state.record().splitlines()[before:]
                    assert all(json.loads(line)["seat"] == "clock"
                               for line in added)
                    continue
            elif selected:
                living = [w["seat"] for w in view["witches"] if not w["eliminated"]]
                assert {env.agent_name_mapping[a] for a in selected} == set(living)
                met += 1
                selected = []
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    assert met > 3


def test_observations_change_with_what_the_seat_sees():
    env = sabbat.env("sortileges")
    env.reset(seed=1)
    first = env.observe("seat_0")["observation"].copy()
    agent = env.agent_selection
    env.step(env.action_space(agent).sample(env.action_mask(agent)))
    assert not np.array_equal(env.observe("seat_0")["observation"], first)


def test_the_layouts_cover_the_vectors():
    for game_id in GAMES:
        env = sabbat.env(game_id)
        layout = env.observation_layout()
        assert layout[0]["offset"] == 0
        for a, b in zip(layout, layout[1:]):
            assert b["offset"] == a["offset"] + a["size"]
        assert layout[-1]["offset"] + layout[-1]["size"] == \
            env.observation_space("seat_0")["observation"].shape[0]
        assert all(seg["low"] <= seg["high"] for seg in layout)


def test_an_engine_bot_plays_through_the_environment():
    env = sabbat.env("sortileges", players=3)
    env.reset(seed=4)
    bot = sabbat.Bot("sortileges", "mcts:30", seed=1)
    for _ in range(6):
        agent = env.agent_selection
        action = env.bot_action(agent, bot)
        assert env.action_mask(agent)[action]
        env.step(action)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_catalogued_text_the_game_reads_is_canonical(game_id):
    """The engine reads each catalogued text as the action whose canonical text it is (or not
    at all), so that no legal action can fall between two indices."""
    env = sabbat.env(game_id, players=max(g["players"]["max"] for g in sabbat.games()
                                          if g["id"] == game_id))
    env.reset(seed=1)
    read = 0
    texts = [env.action_text(i) for i in range(env.num_actions) if i != env.wait_action]
    for text in texts:
        try:
            canonical = env.game_state.canonical(0, text)
        except sabbat.IllegalAction:
            continue
        assert canonical == text
        read += 1
    assert read > 0.9 * len(texts)


def test_docs_give_each_games_sizes():
    from conftest import ROOT

    text = (ROOT / "docs" / "python.md").read_text()
    for game_id in GAMES:
        env = sabbat.env(game_id)
        row = next(line for line in text.splitlines() if line.startswith(f"| `{game_id}` |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1].split()[0] == str(env.num_actions)
        assert cells[2] == str(env.observation_space("seat_0")["observation"].shape[0])
        assert ("(the last: wait)" in cells[1]) == (env.wait_action is not None)
