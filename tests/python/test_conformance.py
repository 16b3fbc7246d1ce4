"""The environments against the contracts PettingZoo and Gymnasium document (PettingZoo's AEC
and parallel APIs and their api_test, seed_test and render_test; Gymnasium's spaces and its
checks of spaces and observations), written here from those documents so that they run
without either package: with them installed, test_real_suites.py runs their own suites too.
docs/python.md names the versions followed."""

import io
import warnings
from collections import defaultdict
from contextlib import redirect_stdout

import numpy as np
import pytest

import sabbat
from sabbat import spaces as own
from conftest import GAMES

REAL_TIME = [g["id"] for g in sabbat.games() if g["facts"]["real_time"]]
TURN_BASED = [g for g in GAMES if g not in REAL_TIME]


def masked_action(env, agent, observation):
    return env.action_space(agent).sample(observation["action_mask"])


# --- spaces (Gymnasium: Space, Discrete, Box, Dict; check_space, check_obs) ---


def check_space(space):
    """Gymnasium's check of a space: a Box's low and high have its shape and low <= high; a
    Discrete has n > 0 and shape (); a Dict is not empty and its subspaces pass."""
    assert hasattr(space, "seed") and hasattr(space, "sample") and hasattr(space, "contains")
    if hasattr(space, "spaces"):
        assert len(space.spaces) > 0
        for sub in space.spaces.values():
            check_space(sub)
    elif hasattr(space, "n"):
        assert space.n > 0 and space.shape == ()
    else:
        assert space.low.shape == space.shape and space.high.shape == space.shape
        assert np.all(space.low <= space.high)
        assert not np.any(space.low == space.high)


def check_obs(observation, space):
    """Gymnasium's check_obs for a Dict: exactly its keys, each value an array of its Box's
    dtype, and the whole a member of the space."""
    assert isinstance(observation, dict)
    assert observation.keys() == space.spaces.keys()
    for key, sub in space.spaces.items():
        assert isinstance(observation[key], np.ndarray)
        assert observation[key].dtype == sub.dtype, key
    assert space.contains(observation) and observation in space


@pytest.mark.parametrize("game_id", GAMES)
def test_spaces_are_well_formed_and_the_same_objects(game_id):
    env = sabbat.env(game_id)
    env.reset(seed=1)
    for agent in env.agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.observation_space(agent) is env.observation_spaces[agent]
        check_space(env.observation_space(agent))
        check_space(env.action_space(agent))
        assert env.observation_space(agent)["observation"].dtype == np.float32
        assert env.observation_space(agent)["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == env.num_actions
    check_space(env.state_space)
    assert env.state_space.contains(env.state())


def test_own_discrete_samples_only_what_the_mask_allows_and_repeats_with_a_seed():
    space = own.Discrete(10)
    mask = np.zeros(10, dtype=np.int8)
    mask[[2, 7]] = 1
    space.seed(5)
    first = [int(space.sample(mask)) for _ in range(50)]
    assert set(first) == {2, 7}
    space.seed(5)
    assert [int(space.sample(mask)) for _ in range(50)] == first
    assert all(space.contains(space.sample()) for _ in range(50))
    # As gymnasium's: a mask allowing nothing gives the start, 0.
    assert space.sample(np.zeros(10, dtype=np.int8)) == 0
    assert space.contains(3) and space.contains(np.int32(9)) and 9 in space
    assert not space.contains(10) and not space.contains(-1) and not space.contains(2.0)
    for bad in (np.ones(10, dtype=np.int64), np.ones(9, dtype=np.int8), [1] * 10,
                np.full(10, 2, dtype=np.int8)):
        with pytest.raises(ValueError, match="mask"):
            space.sample(bad)


def test_own_box_and_dict_contain_exactly_their_members():
    box = own.Box(np.array([0.0, -2.0], np.float32), np.array([1.0, np.inf], np.float32))
    assert box.shape == (2,) and box.dtype == np.float32
    assert box.contains(np.array([0.5, 100.0], np.float32))
    assert not box.contains(np.array([1.5, 0.0], np.float32))  # above high
    assert not box.contains(np.array([0.5, -3.0], np.float32))  # below low
    assert not box.contains(np.array([0.5], np.float32))  # shape
    assert not box.contains(np.array([0.5, 0.0], np.float64))  # a dtype it does not cast to
    box.seed(3)
    samples = [box.sample() for _ in range(20)]
    assert all(box.contains(x) for x in samples)
    box.seed(3)
    assert all(np.array_equal(x, box.sample()) for x in samples)
    mask = own.Box(np.zeros(3, np.int8), np.ones(3, np.int8), dtype=np.int8)
    space = own.Dict({"observation": box, "action_mask": mask})
    member = {"observation": np.zeros(2, np.float32), "action_mask": np.ones(3, np.int8)}
    assert space.contains(member) and member in space
    assert not space.contains({**member, "view": {}})  # exactly its keys
    assert not space.contains({"observation": member["observation"]})
    space.seed(4)
    assert space.contains(space.sample())
    with pytest.raises(ValueError, match="low is above"):
        own.Box(np.ones(2, np.float32), np.zeros(2, np.float32))


def test_the_spaces_are_gymnasiums_when_it_is_importable():
    env = sabbat.env("sortileges")
    try:
        import gymnasium
    except ImportError:
        assert isinstance(env.action_space("seat_0"), own.Discrete)
        assert isinstance(env.observation_space("seat_0"), own.Dict)
        return
    assert isinstance(env.action_space("seat_0"), gymnasium.spaces.Discrete)
    assert isinstance(env.observation_space("seat_0"), gymnasium.spaces.Dict)


# --- the AEC API (PettingZoo: AECEnv, api_test) ---


def test_reset_takes_seed_and_options_and_starts_every_agent():
    env = sabbat.env("sortileges")
    assert env.reset(seed=0, options={"options": 1}) is None
    env.reset()
    assert env.agents == env.possible_agents and env.num_agents == env.max_num_agents > 0
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    for table in (env.rewards, env.terminations, env.truncations, env.infos):
        assert isinstance(table, dict) and set(table) == set(env.agents)
    assert env.last(observe=False)[0] is None
    assert env.agent_selection in env.agents
    assert env.unwrapped is env and str(env) == env.metadata["name"] == "sabbat_sortileges_v1"
    assert all(a.startswith("seat_") for a in env.possible_agents)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_aec_game_played_to_its_end_keeps_the_api_contract(game_id):
    """api_test's play test, to the end of whole games: last() gives the rewards accumulated
    since the agent last acted; agents leave once finished (stepped with None) and never come
    back; rewards, terminations, truncations and infos are keyed by the agents in play; every
    observation is a member of its space with its space's dtypes; step() returns nothing."""
    env = sabbat.env(game_id)
    for seed in (11, 12):
        env.reset(seed=seed)
        accumulated = defaultdict(float)
        finished, seen = set(), set()
        for agent in env.agent_iter():
            seen.add(agent)
            assert agent not in finished, "an agent came back"
            observation, reward, termination, truncation, info = env.last()
            assert isinstance(termination, bool) and isinstance(truncation, bool)
            assert termination == env.terminations[agent]
            assert truncation == env.truncations[agent]
            assert info == env.infos[agent] and isinstance(info, dict)
            assert reward == accumulated[agent]
            accumulated[agent] = 0.0
            check_obs(observation, env.observation_space(agent))
            if termination or truncation:
                finished.add(agent)
                action = None
            else:
                assert observation["action_mask"].any()
                action = masked_action(env, agent, observation)
            assert env.step(action) is None
            for a, r in env.rewards.items():
                assert isinstance(r, float) and np.isfinite(r)
                accumulated[a] += r
            assert env.num_agents == len(env.agents)
            for table in (env.rewards, env.terminations, env.truncations, env.infos):
                assert set(table) == set(env.agents)
            assert set(env.agents) <= set(env.possible_agents)
        assert env.agents == [] and finished == seen == set(env.possible_agents)


@pytest.mark.parametrize("game_id", GAMES)
def test_any_integer_index_is_an_action_and_nothing_else_is(game_id):
    """api_test's action flexibility: an action is an index of any integer type; a refused
    action raises ValueError naming what is allowed, and changes nothing."""
    env = sabbat.env(game_id)
    env.reset(seed=0)
    agent = env.agent_selection
    action = masked_action(env, agent, env.observe(agent))
    env.step(action)
    after = env.game_state.record()
    env.reset(seed=0)
    assert env.agent_selection == agent
    for bad in (True, 1.0, "0", env.num_actions, -1, None):
        before = env.game_state.clone()
        with pytest.raises(ValueError, match="not allowed .* allows"):
            env.step(bad)
        assert env.game_state.same_as(before) and env.agent_selection == agent
    env.step(np.int32(action))
    assert env.game_state.record() == after


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_environments_run_identically(game_id):
    """seed_test: two environments reset with one seed, their spaces seeded alike, give the same
    agents, observations, rewards, terminations, truncations, infos and sampled actions."""
    envs = [sabbat.env(game_id), sabbat.env(game_id)]
    for env in envs:
        env.reset(seed=42)
        for i, agent in enumerate(env.agents):
            env.action_space(agent).seed(42 + i)
            env.observation_space(agent).seed(42 + i)
    for step, (a, b) in enumerate(zip(envs[0].agent_iter(), envs[1].agent_iter())):
        assert a == b
        first, second = envs[0].last(), envs[1].last()
        assert np.array_equal(first[0]["observation"], second[0]["observation"])
        assert np.array_equal(first[0]["action_mask"], second[0]["action_mask"])
        assert first[1:] == second[1:]
        if first[2] or first[3]:
            break
        actions = [env.action_space(a).sample(obs[0]["action_mask"])
                   for env, obs in zip(envs, (first, second))]
        assert actions[0] == actions[1]
        for env, action in zip(envs, actions):
            env.step(action)
    assert step > 20


def test_reset_without_a_seed_deals_afresh():
    """An unseeded reset is a new deal each time (not seed 0 again); after a seeded reset the
    unseeded ones that follow repeat with the seed."""
    env = sabbat.env("sortileges")
    starts = set()
    for _ in range(4):
        env.reset()
        starts.add(env.game_state.record().splitlines()[0])
        assert env.observe(env.agent_selection)["observation"].shape[0] > 0
    assert len(starts) == 4
    runs = []
    for _ in range(2):
        env.reset(seed=9)
        run = []
        for _ in range(3):
            env.reset()
            run.append(env.seed_used)
        runs.append(run)
    assert runs[0] == runs[1] and len(set(runs[0])) == 3
    with pytest.raises(ValueError, match="seed is None or an integer"):
        env.reset(seed=-1)


@pytest.mark.parametrize("game_id", ["sortileges", "bal-des-sorcieres"])
def test_max_cycles_truncates_after_that_many_cycles(game_id):
    """max_cycles, as PettingZoo names it: after that many cycles (a cycle is as many steps as
    there are seats) every agent is truncated, and each is then stepped with None."""
    env = sabbat.env(game_id, max_cycles=3)
    env.reset(seed=2)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if truncation:
            break
        env.step(masked_action(env, agent, observation))
        steps += 1
    assert steps == 3 * env.players
    assert all(env.truncations.values()) and not any(env.terminations.values())
    while env.agents:
        env.step(None)
    with pytest.raises(ValueError, match="max_cycles is None or an integer"):
        sabbat.env(game_id, max_cycles=-1)


def test_the_observation_holds_only_its_space_and_the_view_is_a_method():
    env = sabbat.env("bal-des-sorcieres")
    env.reset(seed=1)
    observation = env.observe("seat_2")
    assert set(observation) == {"observation", "action_mask"}
    assert env.view("seat_2") == env.game_state.view(2)
    # PettingZoo's state() is the environment's, not the game's.
    assert callable(env.state) and env.state().shape == env.state_space.shape
    assert env.state().shape[0] == env.players * observation["observation"].shape[0]


# --- rendering (PettingZoo's render_test; Gymnasium's render modes) ---


@pytest.mark.parametrize("game_id", GAMES)
def test_render_modes_ansi_returns_text_and_human_prints_it(game_id):
    assert sabbat.env(game_id).metadata["render_modes"] == ["ansi", "human"]
    for mode in ("ansi", "human"):
        env = sabbat.env(game_id, render_mode=mode)
        printed = io.StringIO()
        with redirect_stdout(printed):
            env.reset(seed=3)
            for _ in range(5):
                for agent in env.agent_iter(env.num_agents // 2 + 1):
                    observation, reward, termination, truncation, info = env.last()
                    env.step(None if termination or truncation else
                             masked_action(env, agent, observation))
                result = env.render()
                if mode == "ansi":
                    assert isinstance(result, str) and result.strip()
                    assert result == env.game_state.render(sabbat.SPECTATOR)
                else:
                    assert result is None
        env.close()
        assert bool(printed.getvalue()) == (mode == "human")
    env = sabbat.env(game_id)
    env.reset(seed=3)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


def test_an_unknown_render_mode_is_refused_naming_the_allowed_ones():
    with pytest.raises(ValueError, match="render_mode is None or one of 'ansi', 'human'"):
        sabbat.env("sortileges", render_mode="rgb_array")
    with pytest.raises(ValueError, match="parallel environment plays the real-time games"):
        sabbat.parallel_env("sortileges")


# --- the parallel API (PettingZoo: ParallelEnv, parallel_api_test) ---


def test_only_the_real_time_games_are_parallel():
    assert REAL_TIME == ["du-balai", "baba-yaga"]
    for game_id in TURN_BASED:
        with pytest.raises(ValueError, match="du-balai, baba-yaga"):
            sabbat.parallel_env(game_id)


def sample_all(env, observations):
    return {a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents}


@pytest.mark.parametrize("game_id", REAL_TIME)
def test_a_parallel_game_played_to_its_end_keeps_the_api_contract(game_id):
    """parallel_api_test, to the end of whole games: reset gives (observations, infos) for every
    agent; each step takes an action of every live agent and returns five dicts keyed by them;
    finished agents leave and never come back; every observation is a member of its space, and
    every agent always has an action (wait at least)."""
    env = sabbat.parallel_env(game_id)
    assert env.unwrapped is env and env.max_num_agents == env.players
    env.reset(seed=0, options={"options": 1})
    for seed in (3, 4):
        observations, infos = env.reset(seed=seed)
        assert set(observations) == set(infos) == set(env.agents) == set(env.possible_agents)
        live, finished, steps = set(env.agents), set(), 0
        while env.agents:
            for a in env.agents:
                check_obs(observations[a], env.observation_space(a))
                assert observations[a]["action_mask"].any()
                assert env.observation_space(a) is env.observation_space(a)
                assert env.action_space(a) is env.action_space(a)
            observations, rewards, terminations, truncations, infos = \
                env.step(sample_all(env, observations))
            steps += 1
            for table in (observations, rewards, terminations, truncations, infos):
                assert isinstance(table, dict) and set(table) == live
            assert all(isinstance(r, float) for r in rewards.values())
            finished |= {a for a in live if terminations[a] or truncations[a]}
            assert not finished & set(env.agents), "an agent came back"
            live -= finished
            assert set(env.agents) == live
        assert finished == set(env.possible_agents) and steps > 10
        assert all(terminations.values()) and sorted(rewards.values())[-1] == 1.0
        assert infos["seat_0"]["ranks"] == env.game_state.ranks()


@pytest.mark.parametrize("game_id", REAL_TIME)
def test_a_parallel_step_refuses_what_is_not_one_allowed_action_per_agent(game_id):
    env = sabbat.parallel_env(game_id, players=3)
    observations, _ = env.reset(seed=5)
    actions = sample_all(env, observations)
    before = env.game_state.clone()
    with pytest.raises(ValueError, match="missing: seat_1"):
        env.step({a: x for a, x in actions.items() if a != "seat_1"})
    with pytest.raises(ValueError, match="not in the game: seat_7"):
        env.step({**actions, "seat_7": 0})
    forbidden = int(np.flatnonzero(observations["seat_0"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not allowed for seat_0"):
        env.step({**actions, "seat_0": forbidden})
    assert env.game_state.same_as(before)
    env.step(actions)


@pytest.mark.parametrize("game_id", REAL_TIME)
def test_seeded_parallel_environments_run_identically(game_id):
    """The parallel seed test, with masks: one seed, spaces seeded alike, the same steps."""
    envs = [sabbat.parallel_env(game_id), sabbat.parallel_env(game_id)]
    results = []
    for env in envs:
        observations, _ = env.reset(seed=42)
        for i, agent in enumerate(env.agents):
            env.action_space(agent).seed(42 + i)
        run = []
        while env.agents:
            actions = sample_all(env, observations)
            observations, rewards, terminations, truncations, infos = env.step(actions)
            run.append((sorted(actions.items()), sorted(rewards.items()),
                        sorted(terminations.items()), repr(sorted(infos.items())),
                        b"".join(o["observation"].tobytes() for o in observations.values())))
        results.append(run)
    assert results[0] == results[1]


def test_parallel_max_cycles_set_on_the_environment_truncates():
    """parallel_api_test sets max_cycles on the environment: it counts steps from then on."""
    env = sabbat.parallel_env("baba-yaga")
    env.max_cycles = 4
    observations, _ = env.reset(seed=1)
    for step in range(4):
        observations, rewards, terminations, truncations, infos = \
            env.step(sample_all(env, observations))
    assert all(truncations.values()) and env.agents == []


def test_every_parallel_agent_acts_at_once_and_a_late_action_is_refused_not_lost():
    """At a reaction or a race, actions of one step are applied in a random order: one that an
    earlier one made illegal is refused, and its agent is told why."""
    env = sabbat.parallel_env("du-balai", players=4)
    observations, _ = env.reset(seed=0)
    refused = 0
    for _ in range(300):
        if not env.agents:
            break
        observations, rewards, terminations, truncations, infos = \
            env.step(sample_all(env, observations))
        refused += sum("refused" in info for info in infos.values())
    assert refused > 0


def test_the_classes_are_pettingzoos_when_it_is_importable():
    try:
        import pettingzoo
    except ImportError:
        pytest.skip("PettingZoo is not installed: the environments stand alone")
    assert isinstance(sabbat.env("sortileges"), pettingzoo.AECEnv)
    assert isinstance(sabbat.parallel_env("baba-yaga"), pettingzoo.ParallelEnv)


def test_every_public_method_says_what_it_does():
    from sabbat.environment import SabbatEnv
    from sabbat.parallel import SabbatParallelEnv

    for cls in (SabbatEnv, SabbatParallelEnv):
        for name in dir(cls):
            if name.startswith("_"):
                continue
            member = getattr(cls, name)
            if callable(member) or isinstance(member, property):
                assert (member.__doc__ or "").strip(), f"{cls.__name__}.{name}"


def test_no_warning_in_a_plain_episode():
    env = sabbat.env("sortileges")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            env.step(None if termination or truncation else
                     masked_action(env, agent, observation))
