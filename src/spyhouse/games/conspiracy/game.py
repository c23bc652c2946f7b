"""The Conspiracy game object: the engine contract, dispatching to the rule modules."""

from __future__ import annotations

from pydantic import BaseModel

from spyhouse.engine import Action, Event, Game, IllegalAction, Outcome, Rng
from spyhouse.games.conspiracy import abilities, challenges, parsing, setup, turn
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.endings import final_outcome
from spyhouse.games.conspiracy.hidden import determinize
from spyhouse.games.conspiracy.state import ConspiracyOptions, ConspiracyState, clone
from spyhouse.games.conspiracy.views import player_view

_DECISIONS = {
    "setup": ("setup_payoff",),
    "action": ("payoff", "move", "burn"),
    "challenge": ("pass", "challenge"),
    "duel": ("announce", "stop"),
    "briefcase": ("carry_briefcase", "leave_briefcase"),
    "ability": (
        "skip_ability",
        "beacon",
        "magician",
        "roulette",
        "spyglass",
        "tempest",
        "vagabond",
    ),
    "tempest": ("push",),
}


class Conspiracy(Game[ConspiracyState]):
    id = "conspiracy"
    title = "Conspiracy: The Solomon Gambit"
    description = (
        "Bribe six independent agents, move them across Europe and carry the briefcase to "
        "your HQ -- or out-pay everyone to Dr. Solomon before he recovers it. 2-4 players."
    )
    min_seats = 2
    max_seats = 4
    Options = ConspiracyOptions
    State = ConspiracyState

    def setup(self, seats: int, options: BaseModel, seed: int) -> ConspiracyState:
        if seats not in self.seat_range(options):
            raise ValueError(f"Conspiracy is for {self.min_seats}-{self.max_seats} players")
        return setup.new_game(seats, seed)

    def to_act(self, state: ConspiracyState) -> frozenset[int]:
        phase = state.phase
        if phase == "over":
            return frozenset()
        if phase == "setup":
            return frozenset(s for s, p in enumerate(state.setup_picks) if p is None)
        if phase == "challenge":
            return frozenset(state.offered[:1])
        if phase == "duel":
            assert state.duel is not None
            return frozenset([state.duel.to_speak])
        return frozenset([state.current])

    def legal_actions(self, state: ConspiracyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "setup":
            return [
                {"type": "setup_payoff", "agents": p} for p in setup.setup_pick_choices(state, seat)
            ]
        if phase == "action":
            return turn.legal_turn_actions(state, seat)
        if phase == "challenge":
            return challenges.legal_offer_actions(state, seat)
        if phase == "duel":
            return challenges.legal_duel_actions(state, seat)
        if phase == "briefcase":
            return abilities.legal_briefcase_actions()
        if phase == "ability":
            return abilities.ability_uses(state)
        return abilities.legal_pushes(state)

    def apply_action(self, state: ConspiracyState, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        allowed = _DECISIONS[state.phase]
        if kind not in allowed:
            raise IllegalAction("not_now", f"Now you may only: {', '.join(allowed)}.")
        box = components()
        if kind == "setup_payoff":
            return setup.choose_setup_payoffs(state, seat, action.get("agents"))
        if kind == "payoff":
            recipient = parsing.name(action, "to", box.payoff_spaces, "recipient")
            return turn.make_a_payoff(state, seat, recipient, parsing.number(action, "amount"))
        if kind == "move":
            agent = parsing.name(action, "agent", box.agent_names, "agent")
            city = parsing.name(action, "to", box.cities, "city")
            return turn.move_an_agent(state, seat, agent, city)
        if kind == "burn":
            agent = parsing.name(action, "agent", box.agent_names, "agent")
            target = parsing.name(action, "target", box.agent_names, "agent")
            return turn.burn_an_agent(state, seat, agent, target)
        if kind == "pass":
            return challenges.pass_challenge(state, seat)
        if kind == "challenge":
            return challenges.challenge(state, seat, parsing.number(action, "announce"))
        if kind == "announce":
            return challenges.announce(state, seat, parsing.number(action, "amount"))
        if kind == "stop":
            return challenges.stop_announcing(state, seat)
        if kind in ("carry_briefcase", "leave_briefcase"):
            return abilities.carry_the_briefcase(state, seat, kind == "carry_briefcase")
        if kind == "push":
            return abilities.push(state, seat, action)
        return abilities.use_ability(state, seat, action)

    def view(self, state: ConspiracyState, seat: int | None) -> dict[str, object]:
        return player_view(state, seat, self.to_act(state))

    def outcome(self, state: ConspiracyState) -> Outcome | None:
        return final_outcome(state)

    def copy(self, state: ConspiracyState) -> ConspiracyState:
        return clone(state)

    def determinize(self, state: ConspiracyState, seat: int, rng: Rng) -> ConspiracyState:
        return determinize(state, seat, rng, self.copy(state))
