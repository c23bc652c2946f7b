"""A determinized world never contradicts a fact the seat saw.

A player with perfect memory of the events shown to them knows, about each other
player: every number they announced (at least that much on the acting agent then), every
burn they announced (at least 5 on the acting agent then), what their own Spyglass saw
(exactly that much then), each burn's 5 coins removed, that no payoff reaches an agent
after it was burned, the 3 + 1 + 1 setup, at most one coin to Dr. Solomon per payoff,
and 30 coins in all. The facts here are gathered from the *events* the seat was shown,
independently of the engine's own bookkeeping, and checked on many determinized worlds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from spyhouse.engine import Event, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import scale
from spyhouse.games.conspiracy.state import ConspiracyState
from tests.games.conspiracy.helpers import BOX, DR_SOLOMON, GAME


@dataclass
class Fact:
    player: int
    space: str
    amount: int
    exact: bool
    payoffs_then: int
    burns_then: int  # the player's burns with ``space`` so far


@dataclass
class Memory:
    """What one seat remembers of the events it was shown."""

    seat: int
    seats: int
    payoffs: list[int] = field(default_factory=list)
    burns: list[list[str]] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    burned_at: dict[str, list[int]] = field(default_factory=dict)
    """Burned agent -> each player's payoff count when it was burned."""
    acting_agent: str | None = None

    def __post_init__(self) -> None:
        self.payoffs = [0] * self.seats
        self.burns = [[] for _ in range(self.seats)]

    def fact(self, player: int, space: str, amount: int, exact: bool) -> None:
        self.facts.append(
            Fact(
                player,
                space,
                amount,
                exact,
                self.payoffs[player],
                self.burns[player].count(space),
            )
        )

    def see(self, events: list[Event]) -> None:
        for event in events:
            if not event.visible_to(self.seat):
                continue
            data = event.data
            if event.type == "payoff_made":
                self.payoffs[data["player"]] += 1
            elif event.type in ("move_announced", "burn_announced"):
                self.acting_agent = data["agent"]
                if event.type == "burn_announced":
                    self.fact(data["player"], data["agent"], BOX.burn_cost, exact=False)
            elif event.type in ("challenged", "announced"):
                assert self.acting_agent is not None
                self.fact(data["player"], self.acting_agent, data["announced"], exact=False)
            elif event.type == "agent_burned":
                self.burns[data["player"]].append(data["agent"])
                self.burned_at[data["target"]] = list(self.payoffs)
            elif event.type == "spyglass_saw":
                self.fact(data["at"], data["on"], data["amount"], exact=True)

    def check(self, world: ConspiracyState) -> None:
        """``world`` agrees with every remembered fact about the other players."""
        mine = world.starting_agent[self.seat]
        tiles = [world.starting_agent[s] for s in range(self.seats)]
        assert len(set(tiles)) == self.seats and tiles[self.seat] == mine
        for s in range(self.seats):
            if s == self.seat:
                continue
            board = world.payoffs[s]
            removed = BOX.burn_cost * len(self.burns[s])
            assert world.reserve[s] + sum(board.values()) + removed == 30
            assert world.reserve[s] >= 0 and min(board.values()) >= 0
            assert board[DR_SOLOMON] <= self.payoffs[s]
            if world.phase != "setup":
                picks = world.setup_picks[s]
                assert picks is not None and tiles[s] not in picks
                if self.payoffs[s] == 0:
                    for space in BOX.payoff_spaces:
                        base = (3 if space == tiles[s] else 0) + (space in picks)
                        burned = BOX.burn_cost * self.burns[s].count(space)
                        assert board[space] == base - burned, (s, space)
        for fact in self.facts:
            if fact.player == self.seat:
                continue
            burns_since = self.burns[fact.player].count(fact.space) - fact.burns_then
            least = fact.amount - BOX.burn_cost * burns_since
            value = world.payoffs[fact.player][fact.space]
            assert value >= least, fact
            if fact.exact and self.payoffs[fact.player] == fact.payoffs_then:
                assert value == least, ("no payoff since the Spyglass saw it", fact)
        for agent, counts in self.burned_at.items():
            for fact in self.facts:
                if fact.space == agent and fact.exact and fact.payoffs_then >= counts[fact.player]:
                    # Seen after the burn: nothing can have been added since.
                    burns_since = self.burns[fact.player].count(agent) - fact.burns_then
                    expected = fact.amount - BOX.burn_cost * burns_since
                    assert world.payoffs[fact.player][agent] == expected, ("burned", fact)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_determinized_worlds_agree_with_everything_the_seat_saw(seats: int) -> None:
    rng = Rng(seats * 1_000 + 1)
    checked = 0
    for game_seed in range(scale(25)):
        state = GAME.setup(seats, GAME.parse_options({}), 4_000 + game_seed)
        memories = [Memory(seat, seats) for seat in range(seats)]
        while GAME.outcome(state) is None:
            if rng.below(3) == 0:
                for memory in memories:
                    memory.check(GAME.determinize(state, memory.seat, rng.fork()))
                    checked += 1
            actor = rng.choice(sorted(GAME.to_act(state)))
            action = random_action(GAME, state, actor, rng)
            state, events = GAME.apply(state, actor, action)
            for memory in memories:
                memory.see(events)
    assert checked > 200


def test_the_fallback_world_never_reads_the_true_shields(monkeypatch):
    """When no redraw keeps every fact, the world is built from public facts alone: two
    tables that differ only in another player's hidden shield give the same world."""
    from spyhouse.games.conspiracy import hidden

    monkeypatch.setattr(hidden, "_redraw_shields", lambda *_args: None)
    rng = Rng(11)
    state = GAME.setup(3, GAME.parse_options({}), 5)
    for _ in range(40):  # into the game: setup done, some payoffs and challenges
        seat = min(GAME.to_act(state))
        state, _events = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
        if GAME.outcome(state) is not None:
            break
    assert state.phase != "setup"
    twin = state.copy()
    board = dict(twin.payoffs[1])
    richest = max((a for a in board if a != DR_SOLOMON), key=board.__getitem__)
    poorest = min((a for a in board if a != DR_SOLOMON), key=board.__getitem__)
    board[richest], board[poorest] = board[poorest], board[richest]
    twin.payoffs[1] = board
    twin.reserve[1] += 1
    twin.payoffs[1][richest] = max(0, twin.payoffs[1][richest] - 1)
    assert twin.payoffs[1] != state.payoffs[1]
    for k in range(20):
        seen = GAME.determinize(state, 0, Rng(k))
        again = GAME.determinize(twin, 0, Rng(k))
        for s in (1, 2):
            shield = (seen.starting_agent[s], seen.setup_picks[s], seen.reserve[s], seen.payoffs[s])
            assert shield == (
                again.starting_agent[s],
                again.setup_picks[s],
                again.reserve[s],
                again.payoffs[s],
            )
            assert sum(seen.payoffs[s].values()) + seen.reserve[s] <= BOX.sovereigns_per_player
            assert min(seen.payoffs[s].values()) >= 0 and seen.reserve[s] >= 0
