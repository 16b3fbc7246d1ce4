"""The parallel environment of the real-time games (Du Balai !, Baba Yaga), in PettingZoo's
parallel API: every seat acts at each step, as at the table, where they all race at once
(docs/python.md). With PettingZoo importable it is a `pettingzoo.ParallelEnv`.

    env = sabbat.parallel_env("baba-yaga", players=3)
    observations, infos = env.reset(seed=42)
    while env.agents:
        actions = {agent: env.action_space(agent).sample(observations[agent]["action_mask"])
                   for agent in env.agents}
        observations, rewards, terminations, truncations, infos = env.step(actions)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _sabbat
from .environment import _Table, _as_action

try:  # PettingZoo is optional: its base class when it is there
    from pettingzoo import ParallelEnv as _ParallelBase
except ImportError:  # pragma: no cover - depends on what is installed
    _ParallelBase = object


def real_time_games() -> list[str]:
    """The games the parallel environment plays: the real-time ones."""
    return [g["id"] for g in _sabbat.games() if g["facts"]["real_time"]]


class SabbatParallelEnv(_Table, _ParallelBase):
    """One game of a real-time game at a time, every seat acting at each step.

    At each step every agent sends an action its mask allows: its legal actions when the game
    asks it (wait too, while a deadline is pending), else wait. The actions that are not wait
    are applied at the environment's game time in an order drawn at random (by the seed of
    reset), as a race within one tick: an action that an earlier one made illegal is refused,
    and that agent's info says why under "refused". Then game time moves on by tick_ms; when
    every agent waited, it moves straight to the pending deadline, and the clock applies its
    action. The settings are SabbatEnv's; max_cycles (and max_steps) count steps here."""

    def __init__(self, game_id: str, players: int | None = None, params: dict | None = None,
                 reward: str = "rank", tick_ms: int | None = None, max_cycles: int | None = None,
                 max_steps: int | None = None, render_mode: str | None = None) -> None:
        self._setup(game_id, players, params, reward, tick_ms, max_cycles, max_steps,
                    render_mode)
        if not self.real_time:
            raise ValueError(f"the parallel environment plays the real-time games ("
                             f"{', '.join(real_time_games())}); {self.game_id} is turn-based: "
                             "play it with sabbat.env")
        self.metadata["is_parallelizable"] = True
        self._order = np.random.default_rng(0)

    def reset(self, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, dict], dict[str, dict]]:
        """Starts a new game (seeds as SabbatEnv.reset) and returns (observations, infos), one
        entry per agent. `options` is accepted and unused."""
        self._new_game(seed)
        self._order = np.random.default_rng([self.seed_used, 1])
        self._due()
        if self.render_mode == "human":
            self.render()
        return ({a: self.observe(a) for a in self.agents}, {a: {} for a in self.agents})

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent` observes now: {"observation": float32, "action_mask": int8}."""
        seat = self.agent_name_mapping[agent]
        return {"observation": self.encode(self.game_state, seat),
                "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """int8, 1 for the actions `agent` may send now: its legal actions when the game asks it
        (and wait while a deadline is pending), else wait alone; none once its game is over."""
        if agent not in self.agents:
            return np.zeros(self.num_actions, dtype=np.int8)
        return self._parallel_mask(self.agent_name_mapping[agent]).copy()

    def _parallel_mask(self, seat: int) -> np.ndarray:
        mask = self._mask_of(seat)
        if not mask.any():  # not asked at all: it may only wait
            mask = mask.copy()
            mask[self.wait_action] = 1
            self._mask_cache[seat] = mask
        return mask

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, dict], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, dict]]:
        """Plays one action of every agent at once (a dict agent -> action index) and returns
        (observations, rewards, terminations, truncations, infos), each keyed by the agents
        that were in the game at this step. Rewards are zero until the end. A missing agent, an
        unknown one or an action its mask forbids raises ValueError and changes nothing."""
        if not self.agents:
            raise ValueError("the game is over: reset() starts another")
        missing = [a for a in self.agents if a not in actions]
        unknown = [a for a in actions if a not in self.agents]
        if missing or unknown:
            raise ValueError("step() takes one action for every agent in the game ("
                             + ", ".join(self.agents) + ")"
                             + (f"; missing: {', '.join(missing)}" if missing else "")
                             + (f"; not in the game: {', '.join(map(str, unknown))}"
                                if unknown else ""))
        chosen = {}
        for agent in self.agents:
            seat = self.agent_name_mapping[agent]
            index = _as_action(actions[agent])
            mask = self._parallel_mask(seat)
            if index is None or not 0 <= index < self.num_actions or not mask[index]:
                raise ValueError(f"action {actions[agent]!r} is not allowed for {agent} now "
                                 "(see its action_mask)")
            chosen[agent] = index
        movers = [(a, i) for a, i in chosen.items()
                  if self._engine_acts(self.agent_name_mapping[a], i)]
        infos: dict[str, dict] = {a: {} for a in self.agents}
        applied = False
        for k in self._order.permutation(len(movers)):
            agent, index = movers[k]
            text = self._catalogue.texts[index]
            if self.game_state.is_over():
                infos[agent]["refused"] = f"{text}: the game was over first"
                continue
            try:
                self.game_state.apply(self.agent_name_mapping[agent], text, self.now)
            except _sabbat.IllegalAction as refusal:
                infos[agent]["refused"] = f"{text}: {refusal}"
                continue
            applied = True
            self._changed()
        if applied:
            self._public_change()
            self.now += self.tick_ms
        elif not self.game_state.is_over():
            deadline = self.game_state.deadline()
            if deadline is None:
                raise RuntimeError(f"every agent waited in {self.game_id} and no deadline is "
                                   f"set (after {self.steps} steps)")
            self._clock(deadline)
        self._due()
        self.steps += 1
        live = list(self.agents)
        rewards = {a: 0.0 for a in live}
        terminations = {a: False for a in live}
        truncations = {a: False for a in live}
        if self.game_state.is_over():
            final, info = self._final_rewards(), self._final_info()
            for a in live:
                rewards[a] = final[a]
                terminations[a] = True
                infos[a].update(info)
            self.agents = []
        elif self._limit_reached(self.steps):
            for a in live:
                truncations[a] = True
                infos[a].update(self._final_info())
            self.agents = []
        observations = {a: self.observe(a) for a in live}
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
