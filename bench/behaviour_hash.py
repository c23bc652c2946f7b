"""One hash of everything a game does, to show an engine change plays every game the same.

Plays seeded random games through ``Game.apply`` for every seat count and hashes, at
every step: the state's JSON, whose turn it is, every seat's (and a spectator's) view,
every seat's legal actions and the events with their audiences; every 7 steps each
seat's determinized world under a fixed RNG; every 11 steps the game goes on from a JSON
round-trip of its state. Run it before and after a change: the hashes must be equal.

    python bench/behaviour_hash.py --game agencia --seeds 40

Saved states must load too: ``--save FILE`` writes mid-game states (run it on the old
code), ``--replay FILE`` loads them, plays each on and hashes (run it on both).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

from spyhouse.engine import Game, Rng, all_games, load_builtin_games
from spyhouse.engine.bots import random_action


def behaviour_hash(game: Game[Any], seeds: int) -> str:
    digest = hashlib.sha256()

    def put(value: Any) -> None:
        digest.update(json.dumps(value, default=str).encode())

    options = game.parse_options({})
    for seats in game.seat_range(options):  # Estoril's fifth seat needs an option
        for seed in range(seeds):
            state = game.setup(seats, options, seed * 7919 + seats)
            put([event.to_json() for event in game.setup_events(state)])
            rng = Rng(seed + 1000 * seats)
            step = 0
            while True:
                put(game.dump(state))
                put(sorted(game.to_act(state)))
                for viewer in [None, *range(seats)]:
                    put(game.view(state, viewer))
                for seat in range(seats):
                    put(game.legal_actions(state, seat))
                if step % 7 == 3:
                    for seat in range(seats):
                        put(game.dump(game.determinize(state, seat, Rng(step * 31 + seat))))
                if step % 11 == 5:
                    state = game.load(json.loads(json.dumps(game.dump(state))))
                outcome = game.outcome(state)
                if outcome is not None:
                    put(outcome.to_json())
                    break
                seat = rng.choice(sorted(game.to_act(state)))
                before = json.dumps(game.dump(state))
                state_after, events = game.apply(state, seat, random_action(game, state, seat, rng))
                assert json.dumps(game.dump(state)) == before, "apply changed its input state"
                put([event.to_json() for event in events])
                state, step = state_after, step + 1
    return digest.hexdigest()


def save_states(game: Game[Any], path: str, seeds: int = 8) -> int:
    """Mid-game states of seeded games (every 9th step), as the server stores them."""
    saved = []
    options = game.parse_options({})
    for seats in game.seat_range(options):
        for seed in range(seeds):
            state = game.setup(seats, options, seed)
            rng = Rng(seed)
            step = 0
            while game.outcome(state) is None:
                if step % 9 == 4:
                    saved.append(game.dump(state))
                seat = rng.choice(sorted(game.to_act(state)))
                state, _ = game.apply(state, seat, random_action(game, state, seat, rng))
                step += 1
    with open(path, "w") as file:
        json.dump(saved, file)
    return len(saved)


def replay_hash(game: Game[Any], path: str) -> str:
    """Load each saved state, play it on to the end, hash every state and event."""
    digest = hashlib.sha256()
    with open(path) as file:
        saved = json.load(file)
    for index, data in enumerate(saved):
        state = game.load(data)
        rng = Rng(index)
        while game.outcome(state) is None:
            digest.update(json.dumps(game.dump(state)).encode())
            seat = rng.choice(sorted(game.to_act(state)))
            state, events = game.apply(state, seat, random_action(game, state, seat, rng))
            digest.update(json.dumps([event.to_json() for event in events]).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=[], help="only this game (repeat)")
    parser.add_argument("--seeds", type=int, default=40, help="games per seat count")
    parser.add_argument("--save", metavar="FILE", help="write mid-game states (one game)")
    parser.add_argument("--replay", metavar="FILE", help="load saved states, play on, hash")
    args = parser.parse_args()
    load_builtin_games()
    games = [game for game in all_games() if not args.game or game.id in args.game]
    for game in games:
        if args.save:
            print(game.id, save_states(game, args.save), "states saved")
        elif args.replay:
            print(game.id, "replay", replay_hash(game, args.replay))
        else:
            print(game.id, behaviour_hash(game, args.seeds))


if __name__ == "__main__":
    main()
