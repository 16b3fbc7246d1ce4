"""A random agent and the engine's IS-MCTS bot (`mcts:N`, src/bots/is_mcts.hpp) playing through
the multi-agent environment; nothing is trained. Seat 0 is the search, the other seats play
uniformly among the actions their masks allow.

    PYTHONPATH=build/python /usr/bin/python3 examples/agents_in_env.py [GAME] [GAMES] [ITERATIONS]
"""

import sys

import sabbat

game = sys.argv[1] if len(sys.argv) > 1 else "sortileges"
games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 200

env = sabbat.env(game)
print(f"{game}: {env.players} seats, {env.num_actions} actions, observations of "
      f"{env.observation_space('seat_0')['observation'].shape[0]} numbers")
wins = {agent: 0.0 for agent in env.possible_agents}
for g in range(games):
    env.reset(seed=g)
    # A new bot for every game: a bot remembers what it saw in one game only.
    search = sabbat.Bot(game, f"mcts:{iterations}", seed=g)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        wins[agent] += reward
        if termination or truncation:
            action = None
        elif agent == "seat_0":
            action = env.bot_action(agent, search)  # sees only what seat 0 sees
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    print(f"game {g}: scores {info['scores']}, ranks {info['ranks']}")

print("reward per seat ((players - rank) / (players - 1), summed over games):")
for agent, total in wins.items():
    who = f"mcts:{iterations}" if agent == "seat_0" else "random"
    print(f"  {agent} ({who}): {total:.2f} of {games}")
