"""The words a table is made of, each defined once: its status, a seat's kind, why a bot
holds a seat, and a bot's level.

They are stored as plain text columns and sent as plain JSON strings, so each is a
``StrEnum`` (equal to its text: a row read back compares equal, and it encodes as the
word itself) — written as a member everywhere in code, so a misspelt word is a type
error, not a branch that is silently never taken. The bot level is a ``Literal``: it is
also a request field, whose published schema lists the levels.

This module sits below the server, the store and the bots, so all of them can use it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args


class TableStatus(StrEnum):
    """Where a table is in its life: seats filling, game in play, game over."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class SeatKind(StrEnum):
    """Who sits at a seat: nobody yet, a person (with a seat token), or a bot."""

    OPEN = "open"
    HUMAN = "human"
    BOT = "bot"


class Hold(StrEnum):
    """Why a bot plays a player's seat (the seat keeps the player's token hash aside)."""

    ABSENT = "absent"
    """Their time ran out too often: theirs again the moment they come back."""
    HOST = "host"
    """The host handed the seat to a bot: theirs again when the host gives it back."""
    REMOVED = "removed"
    """The host removed the player: the bot plays on to the end."""


BotLevel = Literal["random", "heuristic", "search"]
"""How well a bot plays: uniformly at random, by the game's rules of thumb, or by search."""

BOT_LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)
