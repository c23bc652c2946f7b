"""A determinized world never contradicts what the seat saw.

Each seat keeps its own notes here, written only from the events it was shown (setup
events included) and its own views — the memory of an attentive player, built
independently of the engine's ``memory.py``. At every step, every seat's determinized
world must agree with those notes: what each player possesses (hand, face-down tiles,
Roulette tiles, discards), which tiles sit where in the draw pile, which face-down
Reward tiles the seat knows, and — through the view — the tiles it looked at and every
count it sees.
"""

from __future__ import annotations

from typing import Any

import pytest

from spyhouse.engine import Event, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import scale
from spyhouse.games.estoril import GAME, memory
from spyhouse.games.estoril.components import COLOURS, character
from spyhouse.games.estoril.locations import location_name
from spyhouse.games.estoril.state import EstorilState
from tests.games.estoril.helpers import BASE_LAYOUT, BLUE, GREEN, RED, act, lay_out, new_state, put


class Notes:
    """What one seat remembers, from its events and views only."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.holds: dict[str, set[str]] = {}  # colour -> labels that player possesses
        self.pile: list[str | None] | None = None  # top first; None: a tile not known
        self.rewards: dict[str, list[str | None]] = {}  # location -> reward labels known

    def read(self, events: list[Event], view: dict[str, Any]) -> None:
        for event in events:
            if event.visible_to(self.seat):
                getattr(self, "on_" + event.type, lambda d, v: None)(event.data, view)
        if self.pile is None:
            self.pile = [None] * view["pile_size"]
        assert len(self.pile) == view["pile_size"], "the notes lost count of the pile"

    def on_game_started(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        self.holds = {colour: set(labels) for colour, labels in d["networks"].items()}

    def on_round_started(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        self.rewards = {}
        for laid in d["grid"]:
            drawn: list[str | None] = []
            for label in laid["rewards"]:
                top = self.pile.pop(0) if self.pile else None
                drawn.append(label if label is not None else top)
            self.rewards[laid["location"]] = drawn

    def on_resolving(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        self.rewards[d["location"]] = list(d["rewards"])

    def on_reward(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        for label in d.get("roulette", []):
            for held in self.holds.values():
                held.discard(label)
        if d["winner"] is None:
            assert self.pile is not None
            self.pile.extend(d["rewards"])
        else:
            self.holds[d["winner"]] |= {*d["rewards"], *d.get("roulette", [])}
        self.rewards.pop(d["location"], None)

    def on_removed_from_game(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        self.holds[d["owner"]].discard(d["tile"])

    def on_conspiracy_look(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        assert self.pile is not None
        self.pile[0] = d["pile_top"]["name"]

    def on_conspiracy_kept(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        assert self.pile is not None
        self.pile.append(self.pile.pop(0))

    def on_conspiracy_swapped(self, d: dict[str, Any], view: dict[str, Any]) -> None:
        assert self.pile is not None
        self.pile.pop(0)
        before = self.rewards.get(d["location"], [])
        now = [
            t["tile"]["name"]
            for loc in view["grid"]["locations"]
            if loc["location"] == d["location"]
            for t in loc["reward"]["tiles"]
        ]
        gone = [label for label in before if label not in now]
        self.pile.append(gone[0] if len(gone) == 1 else None)
        self.rewards[d["location"]] = list(now)

    # -- the facts a determinized world must keep ---------------------------------------------

    def check(self, world: EstorilState, real: EstorilState) -> None:
        seat = self.seat
        assert GAME.view(world, seat) == GAME.view(real, seat)
        for s, colour in enumerate(COLOURS[: world.num_seats]):
            assert possessions(world, s) == self.holds[colour], f"{colour}'s tiles, seen by {seat}"
        assert self.pile is not None and len(self.pile) == len(world.pile)
        for label, tile in zip(self.pile, world.pile, strict=True):
            if label is not None:
                assert character(tile).label == label, f"seat {seat} knows this pile tile"
        for slot, loc in enumerate(world.grid):
            known = self.rewards.get(location_name(world, slot), [])
            for label, reward in zip(known, loc.rewards, strict=False):
                if label is not None:
                    assert character(reward.tile).label == label, "a Reward tile the seat knows"


def possessions(state: EstorilState, seat: int) -> set[str]:
    """Labels of every tile ``seat`` owns: hand, discards (pending too), on the board
    (under its own or another's marker), under the Roulette."""
    tiles = [*state.hands[seat], *state.discards[seat], *state.pending_discards[seat]]
    for loc in state.grid:
        tiles += [o.tile for o in loc.spaces if o is not None and o.owner == seat]
        tiles += [r.tile for r in loc.roulette if r.placer == seat]
    return {character(t).label for t in tiles}


CONFIGS = [
    pytest.param(4, {}, id="base"),
    pytest.param(3, {"promo": True}, id="enigma"),
    pytest.param(5, {"double_agent": True}, id="fifth_player"),
    pytest.param(4, {"vip": True, "roulette": True}, id="vip"),
    pytest.param(2, {"vip": True, "roulette": True, "promo": True}, id="two_all"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "options"), CONFIGS)
def test_a_determinized_world_keeps_every_fact_the_seat_saw(seats, options):
    for seed in range(scale(4)):
        rng = Rng(seed * 31 + 7)
        state = GAME.setup(seats, GAME.parse_options(options), seed)
        notes = [Notes(s) for s in range(seats)]
        for n in notes:
            n.read(GAME.setup_events(state), GAME.view(state, n.seat))
        while GAME.outcome(state) is None:
            for n in notes:
                n.check(GAME.determinize(state, n.seat, rng.fork()), state)
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, events = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
            for n in notes:
                n.read(events, GAME.view(state, n.seat))


def test_a_hand_is_known_until_a_tile_leaves_it_face_down():
    """At the start of a Round everyone knows every hand; after a Top Secret placement,
    only which tiles the hand and that face-down tile hold together."""
    state = new_state(3, seed=4)
    lay_out(state, BASE_LAYOUT)
    state.turn, state.placed = RED, False
    hand = sorted(state.hands[RED])
    for s in range(20):
        assert sorted(GAME.determinize(state, BLUE, Rng(s)).hands[RED]) == hand
    state, _ = act(
        state, RED, {"type": "place", "tile": "Araújo (red)", "location": "Museum", "space": "I"}
    )
    museum = state.slot_of("museum")
    assert museum is not None
    down = {GAME.determinize(state, BLUE, Rng(s)).grid[museum].spaces[0].tile for s in range(30)}
    assert len(down) > 1 and down <= set(hand), "any of Red's tiles, and only Red's"


def test_a_reward_nobody_won_is_known_in_the_pile():
    state = new_state(3, seed=2)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Otto M.", GREEN)
    bottom = state.pile[-1]
    memory.pile_under(state, state.pile.pop(), range(3))
    for s in range(10):
        assert GAME.determinize(state, BLUE, Rng(s)).pile[-1] == bottom
