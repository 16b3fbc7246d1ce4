"""The multi-agent environments over every game (docs/python.md): `SabbatEnv`, PettingZoo's AEC
API (agents act one at a time), and, in parallel.py, `SabbatParallelEnv` for the real-time
games (every agent acts at each step). With PettingZoo importable, `SabbatEnv` is a
`pettingzoo.AECEnv` and its spaces are gymnasium's; without it, the same class stands alone
with the spaces of sabbat.spaces.

    env = sabbat.env("sortileges", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
"""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np

from . import _sabbat
from . import game_baba_yaga, game_bal_des_sorcieres, game_du_balai, game_sortileges
from . import spaces as _spaces

try:  # PettingZoo is optional: its base classes when it is there
    from pettingzoo import AECEnv as _AECBase
except ImportError:  # pragma: no cover - depends on what is installed
    _AECBase = object

PETTINGZOO = _AECBase is not object

CODECS: dict[str, ModuleType] = {
    "sortileges": game_sortileges,
    "du-balai": game_du_balai,
    "baba-yaga": game_baba_yaga,
    "bal-des-sorcieres": game_bal_des_sorcieres,
}

# The game time that passes with every action of a real-time game, by default (ms).
DEFAULT_TICK_MS = 1000
RENDER_MODES = ("ansi", "human")
REWARDS = ("rank", "score")

_built: dict[str, tuple[ModuleType, _spaces.Catalogue, _spaces.Layout]] = {}


def codec(game_id: str) -> tuple[ModuleType, _spaces.Catalogue, _spaces.Layout]:
    """(module, catalogue, layout) of a game's encoding, built once per process."""
    game_id = _sabbat.game_id(game_id)
    if game_id not in CODECS:
        raise ValueError(f"the environment has no encoding of {game_id} yet; it encodes "
                         + ", ".join(CODECS))
    if game_id not in _built:
        module = CODECS[game_id]
        _built[game_id] = (module, module.catalogue(), module.layout())
    return _built[game_id]


def _game_info(game_id: str) -> dict:
    return next(g for g in _sabbat.games() if g["id"] == game_id)


def _as_action(action: Any) -> int | None:
    """An action index from an int, a numpy integer or a 0-d integer array; None otherwise."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    return None


class _Table:
    """What both environments share: the settings, the encodings and spaces, the game clock,
    who is asked (by what everyone knows), masks, seeds, rendering and the end of a game."""

    def _setup(self, game_id: str, players: int | None, params: dict | None, reward: str,
               tick_ms: int | None, max_cycles: int | None, max_steps: int | None,
               render_mode: str | None) -> None:
        self.game_id: str = _sabbat.game_id(game_id)
        self._module, self._catalogue, self._layout = codec(self.game_id)
        info = _game_info(self.game_id)
        self.real_time: bool = bool(info["facts"]["real_time"])
        self.players: int = int(players if players is not None else info["players"]["default"])
        self.params: dict = dict(params or {})
        if self.game_id == "bal-des-sorcieres" and str(self.params.get("incantation", "false")) \
                .lower() in ("true", "1"):
            raise ValueError("the incantation mode's typed formulas have no place in the "
                             "environment's action space; play it with sabbat.new_game")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is None or one of {', '.join(map(repr, RENDER_MODES))}"
                             f", not {render_mode!r}")
        for name, value in (("max_cycles", max_cycles), ("max_steps", max_steps),
                            ("tick_ms", tick_ms)):
            if value is not None and (_as_action(value) is None or value < 0):
                raise ValueError(f"{name} is None or an integer from 0, not {value!r}")
        self.reward_kind: str = reward
        self.tick_ms: int = int(tick_ms if tick_ms is not None else
                                (DEFAULT_TICK_MS if self.real_time else 0))
        self.max_cycles: int | None = max_cycles
        self.max_steps: int | None = max_steps
        self.render_mode: str | None = render_mode
        name = "sabbat_" + self.game_id.replace("-", "_") + "_v1"
        self.metadata: dict[str, Any] = {"name": name, "render_modes": list(RENDER_MODES),
                                         "is_parallelizable": False}
        # Games with deadlines have one more action, the last: wait (let game time pass).
        self.wait_action: int | None = len(self._catalogue) if self._module.HAS_WAIT else None
        self.num_actions: int = len(self._catalogue) + (self.wait_action is not None)
        self.possible_agents: list[str] = [f"seat_{s}" for s in range(self.players)]
        self.agent_name_mapping: dict[str, int] = {a: s for s, a in
                                                   enumerate(self.possible_agents)}
        low, high = self._layout.bounds()
        self.observation_spaces: dict[str, Any] = {
            a: _spaces.dict_space({
                "observation": _spaces.box(low, high, np.float32),
                "action_mask": _spaces.box(np.zeros(self.num_actions, np.int8),
                                           np.ones(self.num_actions, np.int8), np.int8)})
            for a in self.possible_agents}
        self.action_spaces: dict[str, Any] = {a: _spaces.discrete(self.num_actions)
                                              for a in self.possible_agents}
        self.state_space = _spaces.box(np.tile(low, self.players), np.tile(high, self.players),
                                       np.float32)
        self.agents: list[str] = []
        self.game_state: _sabbat.State | None = None
        self._seeder: np.random.Generator | None = None
        # Checks the settings now rather than at the first reset.
        _sabbat.new_game(self.game_id, self.players, 0, self.params)

    # --- spaces and encodings ---

    def observation_space(self, agent: str) -> Any:
        """The observation space of `agent`: a Dict of `observation` (a float32 Box of the
        game's vector, docs/python.md) and `action_mask` (an int8 Box of num_actions zeros and
        ones). The same object at every call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of `agent`: Discrete(num_actions). The same object at every call."""
        return self.action_spaces[agent]

    def action_text(self, action: int) -> str:
        """The canonical text of an action index ("wait" for the waiting action)."""
        if action == self.wait_action:
            return "wait"
        return self._catalogue.texts[action]

    def action_index(self, text: str) -> int:
        """The index of a canonical action text ("wait" too, in a game that has it)."""
        if text == "wait" and self.wait_action is not None:
            return self.wait_action
        return self._catalogue.index_of(text)

    def observation_layout(self) -> list[dict]:
        """The segments of the observation vector: name, offset, size, meaning, bounds."""
        return self._layout.table()

    def encode(self, state: _sabbat.State, seat: int) -> np.ndarray:
        """The observation vector of `seat` in any State of this game (its view, encoded)."""
        return self._module.encode(self._layout, state.view(seat), seat, state.players)

    def legal_mask(self, state: _sabbat.State, seat: int,
                   texts: list[str] | None = None) -> np.ndarray:
        """1 at the index of every legal action of `seat` in `state` (wait excluded): what the
        engine offers the seat, before the environment's turns."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        index = self._catalogue.index
        try:
            mask[[index[t] for t in (state.legal_actions(seat) if texts is None else texts)]] = 1
        except KeyError as e:
            raise KeyError(f"the action {e} of {self.game_id} has no index in the action "
                           "space") from None
        return mask

    def view(self, agent: str) -> dict:
        """What `agent`'s seat may know now, as the engine's view (a dict): the observation
        vector is encoded from it, and it holds what the vector leaves out."""
        return self.game_state.view(self.agent_name_mapping[agent])

    def state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0 first: what the seats know between them, for
        centralised training (never hand it to an agent). Its space is `state_space`."""
        return np.concatenate([self.encode(self.game_state, s) for s in range(self.players)])

    # --- who is asked, by what everyone knows ---

    def asked(self, state: _sabbat.State | None = None) -> list[int]:
        """The seats the environment may ask to act in `state` (default: the current one), by
        what everyone knows: the actors as a spectator sees them (a witch whose forced move the
        table plays looks asked), and, in a Le Bal des Sorcières reaction window, every living
        witch, whether or not she holds an answer. A seat the engine does not ask is offered
        only its stand-by actions (wait, or pass in a window), which change nothing."""
        state = self.game_state if state is None else state
        public = getattr(self._module, "public_asked", None)
        if public is not None:
            return public(state)
        return state.actors_seen_by(_sabbat.SPECTATOR)

    def _mask_of(self, seat: int) -> np.ndarray:
        """The mask of a seat now, before game over: its legal actions (and wait while a
        deadline is pending) if it is asked; its stand-by actions if only everyone thinks so;
        none otherwise."""
        if seat in self._mask_cache:
            return self._mask_cache[seat]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if seat in self._asked_now():
            legal = self._legal(seat) if seat in self._engine_actors() else []
            if legal:
                mask = self.legal_mask(self.game_state, seat, legal)
                if self.wait_action is not None and self.game_state.deadline() is not None:
                    mask[self.wait_action] = 1
            else:
                for text in getattr(self._module, "standby", lambda state, seat: [])(
                        self.game_state, seat):
                    mask[self._catalogue.index_of(text)] = 1
                if self.wait_action is not None:
                    mask[self.wait_action] = 1
                if not mask.any():
                    raise RuntimeError(f"seat {seat} of {self.game_id} looks asked to everyone "
                                       "but has no action, and the game has no wait")
        self._mask_cache[seat] = mask
        return mask

    def _asked_now(self) -> list[int]:
        if self._asked_cache is None:
            self._asked_cache = self.asked()
        return self._asked_cache

    def _engine_actors(self) -> list[int]:
        if self._actors_cache is None:
            self._actors_cache = self.game_state.actors()
        return self._actors_cache

    def _legal(self, seat: int) -> list[str]:
        """The legal texts of `seat` in the current state, listed once per state."""
        if seat not in self._legal_cache:
            self._legal_cache[seat] = self.game_state.legal_actions(seat)
        return self._legal_cache[seat]

    def _changed(self) -> None:
        self._legal_cache: dict[int, list[str]] = {}
        self._mask_cache: dict[int, np.ndarray] = {}
        self._asked_cache: list[int] | None = None
        self._actors_cache: list[int] | None = None

    def _engine_acts(self, seat: int, action: int) -> bool:
        """Whether `seat`'s action is one for the engine (else a stand-by: nothing changes)."""
        return action != self.wait_action and seat in self._engine_actors() and \
            bool(self._legal(seat))

    def _public_change(self) -> bool:
        """Whether the last change shows to a spectator (a secret answer does not)."""
        text = self.game_state.view_json(_sabbat.SPECTATOR)
        changed = text != self._public
        self._public = text
        return changed

    # --- time ---

    def _clock(self, deadline: dict) -> None:
        """The clock applies its action exactly at the deadline (the engine refuses a late
        clock: the game's time may only be ahead of it), and time moves at least there."""
        at = max(deadline["at"], self.game_state.now())
        self.now = max(self.now, at)
        self.game_state.apply(_sabbat.CLOCK, deadline["action"], at)
        self._changed()
        self._public_change()

    def _due(self) -> None:
        """Applies the deadlines that game time has reached."""
        while not self.game_state.is_over():
            deadline = self.game_state.deadline()
            if deadline is None or self.now < deadline["at"]:
                return
            self._clock(deadline)
            self._after_clock()

    def _after_clock(self) -> None:
        pass

    # --- seeds, the end, rendering ---

    def _new_game(self, seed: int | None) -> None:
        """Starts a game: with `seed`, that seed's deal (and the spaces seeded from it); without,
        the next seed of the environment's own generator (seeded from the operating system the
        first time), so that every unseeded episode is a fresh deal."""
        if seed is not None:
            if _as_action(seed) is None or seed < 0:
                raise ValueError(f"a seed is None or an integer from 0, not {seed!r}")
            seed = int(seed)
            self._seeder = np.random.default_rng(seed)
            for s, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed * 1000 + s)
                self.observation_spaces[agent].seed(seed * 1000 + s)
        else:
            if self._seeder is None:
                self._seeder = np.random.default_rng()
            seed = int(self._seeder.integers(2 ** 63))
        self.seed_used: int = seed
        self.game_state = _sabbat.new_game(self.game_id, self.players, seed, self.params)
        self.agents = list(self.possible_agents)
        self.now: int = 0  # the environment's game clock, ms
        self.steps: int = 0
        self._changed()
        self._public = self.game_state.view_json(_sabbat.SPECTATOR)

    def _limit_reached(self, cycles_done: int) -> bool:
        return (self.max_steps is not None and self.steps >= self.max_steps) or \
            (self.max_cycles is not None and cycles_done >= self.max_cycles)

    def _final_rewards(self) -> dict[str, float]:
        scores = self.game_state.scores()
        ranks = self.game_state.ranks()
        if self.reward_kind == "score":
            return {a: float(scores[s]) for s, a in enumerate(self.possible_agents)}
        return {a: (self.players - ranks[s]) / max(self.players - 1, 1)
                for s, a in enumerate(self.possible_agents)}

    def _final_info(self) -> dict[str, Any]:
        return {"scores": self.game_state.scores(), "ranks": self.game_state.ranks(),
                "now": self.now}

    def render(self) -> str | None:
        """The table as a spectator sees it, as the terminal draws it: returned as text with
        render_mode "ansi", printed with "human" (which also prints it after every reset and
        step); None, with a warning, without a render mode."""
        if self.render_mode is None:
            warnings.warn("render() was called without a render_mode; make the environment "
                          "with render_mode='ansi' (text) or 'human' (printed)", stacklevel=2)
            return None
        if self.game_state is None:
            raise RuntimeError("render() before reset(): there is no game yet")
        text = self.game_state.render(_sabbat.SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Releases nothing: the environment holds no window, process or file."""

    # --- bots ---

    def bot_action(self, agent: str, bot: _sabbat.Bot) -> int:
        """The action index `bot` (a sabbat.Bot of this game) chooses for `agent` now. It sees
        only what the agent's seat sees. A bot that would rather wait, or act later than now,
        waits where waiting is allowed."""
        seat = self.agent_name_mapping[agent]
        mask = self.action_mask(agent)
        can_wait = self.wait_action is not None and bool(mask[self.wait_action])
        if seat not in self._engine_actors() or not self._legal(seat):
            if can_wait:
                return self.wait_action
            return int(np.flatnonzero(mask)[0])
        proposal = bot.propose(self.game_state, seat)
        if proposal is None or (can_wait and proposal["at"] > self.now):
            if can_wait:
                return self.wait_action
            if proposal is None:
                raise RuntimeError(f"{bot.name} proposes nothing for {agent}")
        return self._catalogue.index_of(proposal["action"])

    @property
    def num_agents(self) -> int:
        """How many agents are still in the episode."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """How many agents an episode starts with: one per seat."""
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> _Table:
        """The environment itself (it wraps nothing), as PettingZoo's wrappers answer."""
        return self

    def __str__(self) -> str:
        return self.metadata["name"]


class SabbatEnv(_Table, _AECBase):
    """One game of `game_id` at a time in PettingZoo's AEC API, its seats the agents "seat_0",
    "seat_1"... (docs/python.md).

    players, params: as for sabbat.new_game. reward: "rank" (at the end, (players - rank) /
    (players - 1): 1 for the winners, 0 for the last) or "score" (the final score). tick_ms:
    the game time each applied action takes (default 1000 in a real-time game, 0 otherwise).
    max_cycles: truncates a game after that many cycles (a cycle is as many steps as there are
    seats); max_steps: after that many steps (None: never). render_mode: None, "ansi" or
    "human"."""

    def __init__(self, game_id: str, players: int | None = None, params: dict | None = None,
                 reward: str = "rank", tick_ms: int | None = None, max_cycles: int | None = None,
                 max_steps: int | None = None, render_mode: str | None = None) -> None:
        self._setup(game_id, players, params, reward, tick_ms, max_cycles, max_steps,
                    render_mode)
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict] = {}
        self.agent_selection: str = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Starts a new game: with `seed`, the game of that seed (as sabbat.new_game deals it)
        and every agent's spaces seeded from it, so that a seeded run of random agents repeats
        exactly; without, a fresh deal from the environment's own generator. `options` is
        accepted and unused."""
        self._new_game(seed)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._done: set[int] = set()  # seats that stepped since the last public change
        self._last_seat = -1
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent` observes now: {"observation": its view encoded (float32), "action_mask":
        int8, 1 for the actions it may choose now}. Any agent may be observed at any time."""
        seat = self.agent_name_mapping[agent]
        return {"observation": self.encode(self.game_state, seat),
                "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """int8, 1 for the actions `agent` may choose now: its legal actions when it is asked
        (and wait while a deadline is pending), only its stand-by actions when everyone but it
        thinks it is asked, none when it is not asked or its game is over."""
        if agent not in self.agents or self.terminations.get(agent) or \
                self.truncations.get(agent):
            return np.zeros(self.num_actions, dtype=np.int8)
        return self._mask_of(self.agent_name_mapping[agent]).copy()

    def last(self, observe: bool = True) -> tuple[dict | None, float, bool, bool, dict]:
        """(observation, cumulative reward, termination, truncation, info) of the agent to act;
        the observation is None with observe=False."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """The agent to act, again after every step, until no agent is left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        """Plays `action` (an index its mask allows) for the agent to act, then selects the next
        agent. An agent whose game is over is stepped with None, which removes it. A refused
        action raises ValueError and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s game is over: step(None) removes it, not "
                                 f"step({action!r})")
            self._remove(agent)
            return
        seat = self.agent_name_mapping[agent]
        index = _as_action(action)
        mask = self._mask_of(seat)
        if index is None or not 0 <= index < self.num_actions or not mask[index]:
            allowed = ", ".join(f"{i} ({self.action_text(int(i))})"
                                for i in np.flatnonzero(mask)[:8])
            raise ValueError(f"action {action!r} is not allowed for {agent} now; its "
                             f"action_mask allows {allowed}{'...' if mask.sum() > 8 else ''}")
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self._done.add(seat)
        if self._engine_acts(seat, index):
            self.game_state.apply(seat, self._catalogue.texts[index], self.now)
            self._changed()
            if self._public_change():
                self._done.clear()
            self.now += self.tick_ms
        self._last_seat = seat
        self.steps += 1
        self._select()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if self.render_mode == "human":
            self.render()

    def sample_hidden(self, agent: str, seed: int) -> SabbatEnv:
        """An environment `agent` cannot tell from this one: a copy whose game has everything
        its seat cannot see redrawn from `seed` (State.sample_hidden), the same agents, turns,
        clock and rewards, and the agent to act chosen again. The tests check that it selects
        the same agent and asks the same seats. It has no record; its spaces are this
        environment's."""
        twin = copy.copy(self)
        twin.game_state = self.game_state.sample_hidden(self.agent_name_mapping[agent], seed)
        twin.agents = list(self.agents)
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            setattr(twin, name, dict(getattr(self, name)))
        twin.infos = copy.deepcopy(self.infos)
        twin._done = set(self._done)
        twin._changed()
        twin._public = twin.game_state.view_json(_sabbat.SPECTATOR)
        if twin.agents and not any(twin.terminations.values()) and \
                not any(twin.truncations.values()):
            twin._select()
        return twin

    # --- turns ---

    def _after_clock(self) -> None:
        self._done.clear()

    def _select(self) -> None:
        """Applies the clock's actions that are due and picks the next agent to act, by what
        everyone knows: the first seat after the last one to step that everyone sees asked and
        that has not stepped since the last change a spectator saw. When every such seat has
        stepped, or none is asked, time moves to the deadline."""
        while True:
            if self.game_state.is_over():
                return self._finish(truncated=False)
            if self._limit_reached(self.steps // self.players):
                return self._finish(truncated=True)
            deadline = self.game_state.deadline()
            if deadline is not None and self.now >= deadline["at"]:
                self._clock(deadline)
                self._after_clock()
                continue
            ready = [s for s in self._asked_now() if s not in self._done]
            if ready:
                after = [s for s in ready if s > self._last_seat]
                self.agent_selection = self.possible_agents[(after or ready)[0]]
                return None
            if deadline is None:
                raise RuntimeError(f"nobody can act in {self.game_id} and no deadline is set "
                                   f"(after {self.steps} steps)")
            self._clock(deadline)
            self._after_clock()

    def _finish(self, truncated: bool) -> None:
        final = self._final_rewards()
        info = self._final_info()
        for a in self.agents:
            if truncated:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
                self.rewards[a] = final[a]
            self.infos[a] = dict(info)
        self.agent_selection = self.agents[0]

    def _remove(self, agent: str) -> None:
        """A finished agent's step(None): it leaves, and the rewards of that step are nothing
        (each final reward is in `rewards` once, after the step that ended the game)."""
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            table.pop(agent, None)
        for a in self.rewards:
            self.rewards[a] = 0.0
        if self.agents:
            self.agent_selection = self.agents[0]


def public_view(state: _sabbat.State) -> dict:
    """A spectator's view of a state, as a dict."""
    return json.loads(state.view_json(_sabbat.SPECTATOR))
