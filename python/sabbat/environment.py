"""A multi-agent environment over every game, in the shape of PettingZoo's AEC API (agents act
one at a time, in turn; see docs/python.md for the encodings and the handling of time).

    env = sabbat.env("sortileges", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
"""

import numpy as np

from . import _sabbat
from . import game_baba_yaga, game_bal_des_sorcieres, game_du_balai, game_sortileges
from .spaces import Box, Dict, Discrete

CODECS = {
    "sortileges": game_sortileges,
    "du-balai": game_du_balai,
    "baba-yaga": game_baba_yaga,
    "bal-des-sorcieres": game_bal_des_sorcieres,
}

# The game time that passes with every action of a real-time game, by default (ms).
DEFAULT_TICK_MS = 1000

_built = {}


def codec(game_id):
    """(module, catalogue, layout) of a game, built once per process."""
    game_id = _sabbat.game_id(game_id)
    if game_id not in CODECS:
        raise ValueError(f"the environment has no encoding of {game_id} yet; it encodes "
                         + ", ".join(CODECS))
    if game_id not in _built:
        module = CODECS[game_id]
        _built[game_id] = (module, module.catalogue(), module.layout())
    return _built[game_id]


def _game_info(game_id):
    return next(g for g in _sabbat.games() if g["id"] == game_id)


class SabbatEnv:
    """One game of `game_id` at a time, its seats the agents "seat_0", "seat_1"...

    players, params: as for sabbat.new_game. reward: "rank" (at the end, (players - rank) /
    (players - 1): 1 for the winners, 0 for the last) or "score" (the final score).
    tick_ms: the game time each action takes in a real-time game (0 in a turn-based one).
    max_steps: truncates a game after that many steps (None: never)."""

    metadata = {"name": "sabbat_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id, players=None, params=None, reward="rank", tick_ms=None,
                 max_steps=None, render_mode=None):
        self.game_id = _sabbat.game_id(game_id)
        self._module, self._catalogue, self._layout = codec(self.game_id)
        info = _game_info(self.game_id)
        self.real_time = bool(info["facts"]["real_time"])
        self.players = int(players if players is not None else info["players"]["default"])
        self.params = dict(params or {})
        if self.game_id == "bal-des-sorcieres" and str(self.params.get("incantation", "false")) \
                .lower() in ("true", "1"):
            raise ValueError("the incantation mode's typed formulas have no place in the "
                             "environment's action space; play it with sabbat.new_game")
        if reward not in ("rank", "score"):
            raise ValueError("reward is 'rank' or 'score'")
        self.reward_kind = reward
        self.tick_ms = int(tick_ms if tick_ms is not None else
                           (DEFAULT_TICK_MS if self.real_time else 0))
        self.max_steps = max_steps
        self.render_mode = render_mode
        # Real-time games have one more action, the last: wait (let game time pass).
        self.wait_action = len(self._catalogue) if self.real_time else None
        self.num_actions = len(self._catalogue) + (1 if self.real_time else 0)
        self.possible_agents = [f"seat_{s}" for s in range(self.players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: Dict({"observation": Box(-np.inf, np.inf, (self._layout.size,)),
                     "action_mask": Box(0, 1, (self.num_actions,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: Discrete(self.num_actions) for a in self.possible_agents}
        self.agents = []
        self.state = None
        # Checks the settings now rather than at the first reset.
        _sabbat.new_game(self.game_id, self.players, 0, self.params)

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    # --- spaces and encodings ---

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def action_text(self, action):
        """The canonical text of an action index ("wait" for the waiting action)."""
        if action == self.wait_action:
            return "wait"
        return self._catalogue.texts[action]

    def action_index(self, text):
        if text == "wait" and self.wait_action is not None:
            return self.wait_action
        return self._catalogue.index_of(text)

    def observation_layout(self):
        """The segments of the observation vector: name, offset, size, meaning."""
        return self._layout.table()

    def encode(self, state, seat):
        """The observation vector of `seat` in any State of this game (its view, encoded)."""
        return self._module.encode(self._layout, state.view(seat), seat, state.players)

    def legal_mask(self, state, seat, texts=None):
        """1 at the index of every legal action of `seat` in `state` (wait excluded)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        index = self._catalogue.index
        try:
            mask[[index[t] for t in (state.legal_actions(seat) if texts is None else texts)]] = 1
        except KeyError as e:
            raise KeyError(f"the action {e} of {self.game_id} has no index in the action "
                           "space") from None
        return mask

    def _legal(self, seat):
        """The legal texts of `seat` in the current state, listed once per state."""
        if seat not in self._legal_cache:
            self._legal_cache[seat] = self.state.legal_actions(seat)
        return self._legal_cache[seat]

    # --- the AEC API ---

    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else int(seed)
        self.state = _sabbat.new_game(self.game_id, self.players, seed, self.params)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        for s, a in enumerate(self.possible_agents):
            self.action_spaces[a].seed(seed * 1000 + s)
        self.now = 0  # the environment's game clock, ms
        self.steps = 0
        self._waited = set()
        self._last_seat = -1
        self._changed()
        self._select()

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        view = self.state.view(seat)
        vec = self._module.encode(self._layout, view, seat, self.players)
        return {"observation": vec, "action_mask": self.action_mask(agent), "view": view}

    def action_mask(self, agent):
        """int8, 1 for the actions `agent` may choose now; none once its game is over."""
        seat = self.agent_name_mapping[agent]
        if self.terminations.get(agent) or self.truncations.get(agent):
            return np.zeros(self.num_actions, dtype=np.int8)
        if seat not in self._mask_cache:
            mask = self.legal_mask(self.state, seat, self._legal(seat))
            if self.real_time and mask.any() and self.state.deadline() is not None:
                mask[self.wait_action] = 1
            self._mask_cache[seat] = mask
        return self._mask_cache[seat].copy()

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s game is over: step(None) removes it")
            self._remove(agent)
            return
        seat = self.agent_name_mapping[agent]
        mask = self.action_mask(agent)
        if action is None or not 0 <= int(action) < self.num_actions or not mask[int(action)]:
            raise ValueError(f"action {action} is not allowed for {agent} now (see its "
                             "action_mask)")
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        if action == self.wait_action:
            self._waited.add(seat)
        else:
            self.state.apply(seat, self._catalogue.texts[action], self.now)
            self._changed()
            self._waited.clear()
            self.now += self.tick_ms
        self._last_seat = seat
        self.steps += 1
        self._select()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def render(self):
        """The spectator's view as JSON text."""
        return None if self.state is None else self.state.view_json(_sabbat.SPECTATOR)

    def close(self):
        pass

    # --- time and turns ---

    def _clock(self, deadline):
        """The clock applies its action at the deadline, and time moves there."""
        self.now = max(self.now, deadline["at"])
        self.state.apply(_sabbat.CLOCK, deadline["action"], self.now)
        self._changed()
        self._waited.clear()

    def _changed(self):
        self._legal_cache = {}
        self._mask_cache = {}

    def _select(self):
        """Applies the clock's actions that are due and picks the next agent to act: the first
        seat after the last one to act that may act, has a legal action and has not waited
        since the last action. When every such seat has waited, or none may act, time moves to
        the deadline."""
        while True:
            if self.state.is_over():
                return self._finish(truncated=False)
            if self.max_steps is not None and self.steps >= self.max_steps:
                return self._finish(truncated=True)
            deadline = self.state.deadline()
            if deadline is not None and self.now >= deadline["at"]:
                self._clock(deadline)
                continue
            ready = [s for s in self.state.actors()
                     if s not in self._waited and self.state.legal_count(s)]
            if ready:
                after = [s for s in ready if s > self._last_seat]
                seat = (after or ready)[0]
                self.agent_selection = self.possible_agents[seat]
                return None
            if deadline is None:
                raise RuntimeError(f"nobody can act in {self.game_id} and no deadline is set "
                                   f"(after {self.steps} steps)")
            self._clock(deadline)

    def _finish(self, truncated):
        scores = self.state.scores()
        ranks = self.state.ranks()
        for s, a in enumerate(self.possible_agents):
            if a not in self.agents:
                continue
            if truncated:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
                if self.reward_kind == "score":
                    self.rewards[a] = float(scores[s])
                else:
                    self.rewards[a] = (self.players - ranks[s]) / max(self.players - 1, 1)
            self.infos[a] = {"scores": scores, "ranks": ranks, "now": self.now}
        self.agent_selection = self.agents[0]

    def _remove(self, agent):
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            table.pop(agent, None)
        if self.agents:
            self.agent_selection = self.agents[0]

    # --- bots ---

    def bot_action(self, agent, bot):
        """The action index `bot` (a sabbat.Bot of this game) chooses for `agent` now. It sees
        only what the agent's seat sees. A bot that would rather wait, or act later than now,
        waits in a real-time game."""
        seat = self.agent_name_mapping[agent]
        proposal = bot.propose(self.state, seat)
        can_wait = self.action_mask(agent)[self.wait_action] if self.real_time else False
        if proposal is None or (can_wait and proposal["at"] > self.now):
            if can_wait:
                return self.wait_action
            if proposal is None:
                raise RuntimeError(f"{bot.name} proposes nothing for {agent}")
        return self._catalogue.index_of(proposal["action"])
