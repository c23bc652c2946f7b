"""High Card: a tiny hidden-information game used only by the platform's tests.

Each player is dealt a secret card (1-9). Everyone then secretly and simultaneously
chooses to keep it or swap it for the top of the deck; nothing is revealed until all
have chosen. Then, in seat order, each player shows or folds. The highest shown card
wins; if everyone folds, nobody wins.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from spyhouse.engine import (
    Event,
    Game,
    GameOptions,
    Hidden,
    IllegalAction,
    Outcome,
    Part,
    Private,
    Public,
    Rng,
    require_keys,
    slotted,
)


class HighCardOptions(GameOptions):
    top_card: int = Field(9, ge=3, le=20, description="Highest card in the deck")


@slotted
class HighCardState(Part):
    num_seats: Public[int]
    rng: Hidden[int]
    deck: Hidden[list[int]]
    hands: Private[list[int]]
    phase: Public[Literal["swap", "show", "over"]] = "swap"
    swap_choice: Private[list[bool | None]]
    shown: Public[list[int | None]]
    folded: Public[list[bool]]
    turn: Public[int] = 0


class HighCard(Game[HighCardState]):
    id = "highcard"
    title = "High Card (test game)"
    description = "A test-only game: keep or swap a secret card, then show or fold."
    min_seats = 2
    max_seats = 3
    Options = HighCardOptions
    State = HighCardState

    def setup(self, seats: int, options: BaseModel, seed: int) -> HighCardState:
        assert isinstance(options, HighCardOptions)
        rng = Rng(seed)
        deck = list(range(1, options.top_card + 1))
        rng.shuffle(deck)
        hands = [deck.pop() for _ in range(seats)]
        return HighCardState(
            num_seats=seats,
            rng=rng.state,
            deck=deck,
            hands=hands,
            swap_choice=[None] * seats,
            shown=[None] * seats,
            folded=[False] * seats,
        )

    def setup_events(self, state: HighCardState) -> list[Event]:
        return [Event.private(s, "dealt", card=card) for s, card in enumerate(state.hands)]

    def to_act(self, state: HighCardState) -> frozenset[int]:
        if state.phase == "swap":
            return frozenset(i for i, c in enumerate(state.swap_choice) if c is None)
        if state.phase == "show":
            return frozenset([state.turn])
        return frozenset()

    def legal_actions(self, state: HighCardState, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "swap":
            return [{"type": "keep"}, {"type": "swap"}]
        return [{"type": "show"}, {"type": "fold"}]

    def apply_action(self, state: HighCardState, seat: int, action: dict) -> list[Event]:
        kind = action["type"]
        require_keys(action, ())
        if state.phase == "swap":
            if kind not in ("keep", "swap"):
                raise IllegalAction("wrong_decision", "Choose keep or swap.")
            state.swap_choice[seat] = kind == "swap"
            events = [Event.public("decided", seat=seat)]
            if all(c is not None for c in state.swap_choice):
                for s, swap in enumerate(state.swap_choice):
                    if swap:
                        state.hands[s] = state.deck.pop()
                        events.append(Event.public("swapped", seat=s))
                        events.append(Event.private(s, "drew", card=state.hands[s]))
                state.phase = "show"
            return events
        if kind not in ("show", "fold"):
            raise IllegalAction("wrong_decision", "Choose show or fold.")
        if kind == "show":
            state.shown[seat] = state.hands[seat]
            events = [Event.public("shown", seat=seat, card=state.hands[seat])]
        else:
            state.folded[seat] = True
            events = [Event.public("folded", seat=seat)]
        state.turn += 1
        if state.turn == state.num_seats:
            state.phase = "over"
        return events

    def view(self, state: HighCardState, seat: int | None) -> dict:
        return {
            "phase": state.phase,
            "deck_size": len(state.deck),
            "my_card": None if seat is None else state.hands[seat],
            "players": [
                {
                    "seat": s,
                    "decided": state.swap_choice[s] is not None,
                    "swapped": state.swap_choice[s] if state.phase != "swap" else None,
                    "shown": state.shown[s],
                    "folded": state.folded[s],
                }
                for s in range(state.num_seats)
            ],
            "turn": state.turn if state.phase == "show" else None,
        }

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(float(c or 0) for c in state.shown)
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best and v > 0)
        return Outcome(winners, scores, {"shown": list(state.shown), "hands": list(state.hands)})

    def determinize(self, state: HighCardState, seat: int, rng: Rng) -> HighCardState:
        new = self.copy(state)
        known = {state.hands[seat]} | {c for c in state.shown if c is not None}
        unknown_slots = [s for s in range(state.num_seats) if s != seat and state.shown[s] is None]
        pool = [c for c in [*state.deck, *state.hands] if c not in known]
        rng.shuffle(pool)
        for s in unknown_slots:
            new.hands[s] = pool.pop()
        new.deck = pool
        new.rng = rng.next64()
        return new


GAME = HighCard()
