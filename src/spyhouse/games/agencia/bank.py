"""The Data Bank and the Reward tile: every movement of Information goes through here,
so the bank, the players and the Reward tile always account for every point."""

from __future__ import annotations

from spyhouse.games.agencia.state import AgenciaState


def take_from_bank(state: AgenciaState, seat: int, amount: int) -> int:
    """The player takes ``amount`` Information from the (unlimited) Data Bank."""
    state.bank -= amount
    state.players[seat].information += amount
    return amount


def pay_to_bank(state: AgenciaState, seat: int, amount: int) -> int:
    """Pay to the Data Bank: "If a player does not have the required amount of
    Information tokens ..., they must pay as much as they can."

    Returns what was actually paid.
    """
    paid = min(amount, state.players[seat].information)
    state.players[seat].information -= paid
    state.bank += paid
    return paid


def place_on_reward_tile(state: AgenciaState) -> None:
    """Recruiters: "Place an Information token from the Data Bank on the Reward tile" (1)."""
    state.bank -= 1
    state.reward += 1
