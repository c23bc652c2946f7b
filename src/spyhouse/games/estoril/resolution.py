"""End of Each Round, #1-#2: resolve each Location and award its Reward tile.

Locations resolve in the order of their central numbers. At each: turn all its tiles
face up; in Roman-numeral order each tile's controller may use its abilities; then the
board's after-abilities rule (Casino dice, Hell's mouth); then the strongest player
takes the Reward. :func:`resolve_locations` runs until a player must decide something.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event, IllegalAction, Rng, fast_copy
from spyhouse.engine.matching import require_keys
from spyhouse.games.estoril import abilities, memory
from spyhouse.games.estoril.components import COLOURS, NUMERALS, character
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.locations import (
    BOARD_BONUSES,
    location_name,
    resolution_order,
    roll_casino_dice,
)
from spyhouse.games.estoril.spaces import Space, where
from spyhouse.games.estoril.state import BoardResult, EstorilState, Pending, Phase


def start_resolution(state: EstorilState) -> None:
    """The Round ends when all players have placed all their Tile markers."""
    state.phase = Phase.RESOLVE
    state.order = resolution_order(state)
    state.res_pos, state.res_space, state.res_stage = 0, 0, "abilities"


def resolve_locations(state: EstorilState, events: list[Event]) -> bool:
    """Run the resolution until a decision is pending (False) or every Location is done."""
    while state.res_pos < len(state.order):
        if state.pending:
            return False
        slot = state.order[state.res_pos]
        if state.res_stage == "abilities":
            if state.res_space == 0 and not state.grid[slot].resolved:
                events.extend(reveal_location(state, slot))
            if not offer_abilities(state, slot):
                return False
            state.res_stage = "casino"
        if state.res_stage == "casino":
            if state.special(slot) == "casino":
                rng = Rng(state.rng)
                events.extend(roll_casino_dice(state, slot, rng))
                state.rng = rng.state
            state.res_stage = "hells_mouth"
        if state.res_stage == "hells_mouth":
            state.res_stage = "reward"
            if state.special(slot) == "hells_mouth" and hells_mouth(state, slot, events):
                return False
        events.extend(receive_reward(state, slot))
        state.res_pos, state.res_space, state.res_stage = state.res_pos + 1, 0, "abilities"
    return True


def reveal_location(state: EstorilState, slot: int) -> list[Event]:
    """Turn face up all Character tiles (including the Reward tile) from that Location ONLY."""
    state.reveal(slot, resolved=True)
    loc = state.grid[slot]
    return [
        Event.public(
            "resolving",
            location=location_name(state, slot),
            spaces={
                NUMERALS[n]: {"tile": character(o.tile).label, "player": COLOURS[o.controller]}
                for n, o in enumerate(loc.spaces)
                if o is not None
            },
            rewards=[character(r.tile).label for r in loc.rewards],
        )
    ]


def offer_abilities(state: EstorilState, slot: int) -> bool:
    """Resolve each Character's abilities in the order I, II, III: push the next decision.

    Returns True once every space has been offered.
    """
    spaces = state.grid[slot].spaces
    while state.res_space < len(spaces):
        ref = (slot, state.res_space)
        symbols = abilities.usable_abilities(state, ref)
        if abilities.any_use(state, ref, symbols):
            occ = spaces[state.res_space]
            assert occ is not None
            state.pending.append(
                Pending(
                    kind="ability",
                    seat=occ.controller,
                    slot=slot,
                    space=state.res_space,
                    abilities=tuple(symbols),
                )
            )
            return False
        state.res_space += 1
    return True


def ability_options(state: EstorilState, pending: Pending) -> list[dict[str, object]]:
    """Every use still open to the tile being resolved, then "pass" (players are not forced)."""
    ref = (pending.slot, pending.space)
    out: list[dict[str, object]] = []
    for ability in dict.fromkeys(pending.abilities):
        out.extend(abilities.actions(state, ref, ability))
    return [*out, {"type": "pass"}]


def verify_use(state: EstorilState, action: dict[str, Any]) -> abilities.Use:
    """The use ``action`` names for the tile being resolved, or why it is refused."""
    pending = state.pending[0]
    return abilities.verify_use(state, (pending.slot, pending.space), pending.abilities, action)


def use_ability(state: EstorilState, chosen: abilities.Use) -> list[Event]:
    """Use one printed symbol; the tile keeps its decision while it has uses left."""
    pending = state.pending[0]
    ref = (pending.slot, pending.space)
    unused = list(pending.abilities)
    unused.remove(chosen.ability)
    pending = state.pending[0] = fast_copy(pending, abilities=tuple(unused))
    events = abilities.use(state, ref, chosen)
    still_here = state.occupant(ref) is not None
    has_use = still_here and abilities.any_use(state, ref, pending.abilities)
    if not has_use:
        finish_tile(state, pending)
    return events


def finish_tile(state: EstorilState, pending: Pending) -> None:
    """The tile is done: the next Roman numeral's turn."""
    state.pending = [p for p in state.pending if p is not pending]
    state.res_space += 1


def after_conspiracy(state: EstorilState) -> None:
    """Back to the tile that conspired: it may still have symbols to use."""
    if not state.pending:
        return
    pending = state.pending[0]
    ref = (pending.slot, pending.space)
    if not abilities.any_use(state, ref, pending.abilities):
        finish_tile(state, pending)


# -- strength ---------------------------------------------------------------------------------


def strength_totals(state: EstorilState, slot: int) -> dict[int, int]:
    """A player adds up all strengths from the Characters they control at the Location."""
    totals: dict[int, int] = {}
    for n, occ in enumerate(state.grid[slot].spaces):
        if occ is None:
            continue
        value = character(occ.tile).strength
        value += abilities.nationalism_bonus(state, (slot, n))
        for bonus in BOARD_BONUSES:
            value += bonus(state, slot, occ)
        totals[occ.controller] = totals.get(occ.controller, 0) + value
    return totals


def lowest_space(state: EstorilState, slot: int, seat: int) -> int:
    return min(
        n for n, o in enumerate(state.grid[slot].spaces) if o is not None and o.controller == seat
    )


def strongest(state: EstorilState, slot: int, totals: dict[int, int] | None = None) -> int | None:
    """Highest total strength; in case of a tie, the tile in the lowest-numbered space wins.

    (``totals``: :func:`strength_totals` here, when the caller has them.)"""
    if totals is None:
        totals = strength_totals(state, slot)
    if not totals:
        return None
    best = max(totals.values())
    tied = [seat for seat, v in totals.items() if v == best]
    return min(tied, key=lambda seat: lowest_space(state, slot, seat))


def weakest(state: EstorilState, slot: int) -> int | None:
    """Hell's mouth: the lowest total among two or more players; a lower space wins ties."""
    totals = strength_totals(state, slot)
    if len(totals) < 2:
        return None
    low = min(totals.values())
    tied = [seat for seat, v in totals.items() if v == low]
    return max(tied, key=lambda seat: lowest_space(state, slot, seat))


# -- Hell's mouth -------------------------------------------------------------------------


def hells_mouth(state: EstorilState, slot: int, events: list[Event]) -> bool:
    """#7 Hell's mouth: the weakest player discards one Character they control here from the game.

    Returns True if that player must choose which.
    """
    loser = weakest(state, slot)
    if loser is None:
        return False
    mine = [
        n for n, o in enumerate(state.grid[slot].spaces) if o is not None and o.controller == loser
    ]
    if len(mine) == 1:
        events.extend(hells_mouth_remove(state, slot, mine[0]))
        return False
    state.pending.append(Pending(kind="hells_mouth", seat=loser, slot=slot))
    return True


def hells_mouth_refusal(state: EstorilState, pending: Pending, ref: SpaceRef) -> str | None:
    """The weakest player discards one Character THEY CONTROL at Hell's mouth."""
    if ref[0] != pending.slot:
        return "Choose one of your Characters at Hell's mouth."
    occ = state.occupant(ref)
    if occ is None:
        return "There is no Character tile there."
    if occ.controller != pending.seat:
        return "That Character is not under your Tile marker."
    return None


def hells_mouth_choices(state: EstorilState, pending: Pending) -> list[dict[str, Any]]:
    return [
        {"type": "remove"} | where(state, (pending.slot, n))
        for n in range(len(state.grid[pending.slot].spaces))
        if hells_mouth_refusal(state, pending, (pending.slot, n)) is None
    ]


def verify_remove(state: EstorilState, action: dict[str, Any]) -> int:
    """The space (at Hell's mouth) of the Character a "remove" names, or why not."""
    require_keys(action, ("location", "space"))
    ref = Space.from_json(action).ref(state)
    reason = hells_mouth_refusal(state, state.pending[0], ref)
    if reason is not None:
        raise IllegalAction("illegal_choice", reason)
    return ref[1]


def hells_mouth_remove(state: EstorilState, slot: int, space: int) -> list[Event]:
    """The discarded tile is removed from the game. Return it to the box."""
    occ = state.grid[slot].spaces[space]
    assert occ is not None
    state.put((slot, space), None)
    state.removed.append(occ.tile)
    state.markers[occ.controller] += 1
    if occ.shield:
        state.shields += 1
    return [
        Event.public(
            "removed_from_game",
            player=COLOURS[occ.controller],
            **where(state, (slot, space)),
            tile=character(occ.tile).label,
            owner=COLOURS[occ.owner],
        )
    ]


# -- Receive Reward tile ----------------------------------------------------------------------


def receive_reward(state: EstorilState, slot: int) -> list[Event]:
    """The strongest player takes the Reward tile(s) into their hand; nobody there: the
    Reward goes face down to the bottom of the pile. Enigma and Roulette follow."""
    loc = state.grid[slot]
    totals = strength_totals(state, slot)
    winner = strongest(state, slot, totals)
    rewards = [r.tile for r in loc.rewards]
    roulette = [r.tile for r in loc.roulette]
    state.change_location(slot, rewards=(), roulette=())
    state.results.append(BoardResult(slot=slot, strengths=totals, winner=winner))
    data: dict[str, object] = {
        "location": location_name(state, slot),
        "strengths": {COLOURS[s]: v for s, v in sorted(totals.items())},
        "winner": None if winner is None else COLOURS[winner],
        "rewards": [character(t).label for t in rewards],
    }
    enigma = state.enigma_slot == slot
    if enigma:
        state.enigma_slot, state.enigma_holder = None, winner
        data["enigma"] = True
    if roulette:
        data["roulette"] = [character(t).label for t in roulette]
    if winner is None:
        for tile in rewards:  # turned face up at this Location's resolution
            memory.pile_under(state, tile, range(state.num_seats))
        state.removed.extend(roulette)
    else:
        state.hands[winner].extend(rewards)
        memory.hand_gains(state, winner, rewards)
        state.discards[winner].extend(roulette)
    return [Event.public("reward", **data)]
