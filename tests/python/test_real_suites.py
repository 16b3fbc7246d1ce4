"""PettingZoo's and Gymnasium's own test suites over every game, when both packages are
importable (CI has neither: test_conformance.py checks the same contracts without them). The
AEC api_test plays whole games to their end; docs/python.md names the versions checked."""

import warnings

import pytest

import sabbat
from conftest import GAMES

pettingzoo_test = pytest.importorskip("pettingzoo.test")
passive = pytest.importorskip("gymnasium.utils.passive_env_checker")

REAL_TIME = [g["id"] for g in sabbat.games() if g["facts"]["real_time"]]
WHOLE_GAMES = 100000  # cycles: more than any game lasts, so api_test plays to the end


@pytest.fixture(autouse=True)
def quiet():
    # The suites warn that a dict observation with an action mask is not a plain Box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_to_the_end_of_a_game(game_id):
    env = sabbat.env(game_id)
    pettingzoo_test.api_test(env, num_cycles=WHOLE_GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id):
    pettingzoo_test.seed_test(lambda: sabbat.env(game_id), num_cycles=WHOLE_GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_render_test(game_id, capsys):
    pettingzoo_test.render_test(
        lambda render_mode=None: sabbat.env(game_id, render_mode=render_mode))
    assert capsys.readouterr().out


@pytest.mark.parametrize("game_id", REAL_TIME)
def test_pettingzoo_parallel_api_test(game_id):
    env = sabbat.parallel_env(game_id)
    pettingzoo_test.parallel_api_test(env, num_cycles=WHOLE_GAMES)
    assert env.agents == []


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_checks_the_spaces_and_every_observation(game_id):
    env = sabbat.env(game_id)
    env.reset(seed=4)
    for agent in env.possible_agents:
        passive.check_observation_space(env.observation_space(agent))
        passive.check_action_space(env.action_space(agent))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_obs only warns: make a warning fail the test
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            passive.check_obs(observation, env.observation_space(agent), "observe")
            env.step(None if termination or truncation else
                     env.action_space(agent).sample(observation["action_mask"]))
