"""The multi-agent environment, in the manner of PettingZoo's api_test: random agents over
every game, masks respected, episodes ending, seeded runs identical; and observations that
never depend on what a seat cannot see."""

import hashlib

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
    assert env.observation_space(agent).contains(observation)
    assert env.observation_space(agent)["observation"].contains(vec)
    assert np.isfinite(vec).all()
    assert mask.dtype == np.int8 and mask.shape == (env.action_space(agent).n,)
    assert np.array_equal(mask, env.action_mask(agent))
    assert isinstance(observation["view"], dict) and isinstance(info, dict)
    assert all(isinstance(r, float) for r in env.rewards.values())
    # Every agent may be observed at any time, not only the one to act.
    for other in env.agents:
        assert env.observation_space(other).contains(env.observe(other))
    if termination or truncation:
        assert not mask.any()
        return
    assert mask.any(), f"{agent} is to act with no allowed action"
    seat = env.agent_name_mapping[agent]
    assert seat in env.state.actors()
    # The mask is exactly the legal actions (and wait, in real time with a deadline pending).
    legal = set(env.state.legal_actions(seat))
    allowed = {env.action_text(int(i)) for i in np.flatnonzero(mask)}
    assert allowed - {"wait"} == legal
    assert ("wait" in allowed) == (env.real_time and env.state.deadline() is not None)
    for text in legal:
        assert env.action_text(env.action_index(text)) == text
    # An action the mask forbids is refused, and changes nothing.
    forbidden = np.flatnonzero(mask == 0)
    if forbidden.size:
        before = env.state.clone()
        with pytest.raises(ValueError, match="not allowed"):
            env.step(int(forbidden[0]))
        assert env.state.same_as(before) and env.agent_selection == agent


@pytest.mark.parametrize("game_id, players", SETTINGS)
def test_random_agents_play_every_game_to_its_end(game_id, players):
    env = sabbat.env(game_id, players=players)
    for seed in range(2):
        play(env, seed, api_check)
        assert env.agents == []
        assert env.state.is_over()
    assert len(set(env.possible_agents)) == env.players == env.max_num_agents
    assert env.num_agents == 0 and env.unwrapped is env


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_runs_are_identical(game_id):
    first = play(sabbat.env(game_id), seed=7)
    assert play(sabbat.env(game_id), seed=7) == first
    assert play(sabbat.env(game_id), seed=8) != first


def test_rewards_at_the_end_follow_the_ranks():
    env = sabbat.env("sortileges", players=4)
    env.reset(seed=3)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        env.step(None if termination else
                 env.action_space(agent).sample(observation["action_mask"]))
    ranks = info["ranks"]
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == pytest.approx((4 - ranks[seat]) / 3)


def test_a_dead_agent_steps_only_with_none():
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


def test_turn_based_games_have_no_wait():
    assert sabbat.env("sortileges").wait_action is None
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
                own = env.encode(env.state, seat)
                own_mask = env.legal_mask(env.state, seat)
                for k in range(3):
                    twin = env.state.sample_hidden(seat, 100 * step + k)
                    assert np.array_equal(env.encode(twin, seat), own)
                    assert np.array_equal(env.legal_mask(twin, seat), own_mask)
                    checked += 1
        env.step(None if termination or truncation else
                 env.action_space(agent).sample(observation["action_mask"]))
    assert checked > 30


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
    for text in env._catalogue.texts:
        try:
            canonical = env.state.canonical(0, text)
        except sabbat.IllegalAction:
            continue
        assert canonical == text
        read += 1
    assert read > 0.9 * len(env._catalogue)


def test_docs_give_each_games_sizes():
    from conftest import ROOT

    text = (ROOT / "docs" / "python.md").read_text()
    for game_id in GAMES:
        env = sabbat.env(game_id)
        row = next(line for line in text.splitlines() if line.startswith(f"| `{game_id}` |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1].split()[0] == str(env.num_actions)
        assert cells[2] == str(env.observation_space("seat_0")["observation"].shape[0])
        assert ("(the last: wait)" in cells[1]) == env.real_time
