"""The schema: tables (with their state snapshot and version), seats and the log.

The state snapshot is the engine's full JSON state (secrets and RNG included): it never
leaves the server. The log keeps every committed change with its events and their
audiences, so each reader's filtered history can be rebuilt at any time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

JsonType = JSON().with_variant(JSONB(), "postgresql")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    __table_args__ = (
        # The lobby's page of waiting public tables, newest first (``waiting_public``).
        Index("ix_tables_lobby", "status", "private", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JsonType)
    num_seats: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=True)
    spectators: Mapped[bool] = mapped_column(Boolean, default=False)
    publish_log: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    invite_code: Mapped[str] = mapped_column(String(32), unique=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any] | None] = mapped_column(JsonType, nullable=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JsonType, nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JsonType, nullable=True)
    """The time control and each seat's time (``server/timekeeping.py``); null: no clock."""
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    """The earliest running deadline (epoch seconds), for finding expired clocks."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", lazy="selectin"
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="open")  # open | human | bot
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """random | heuristic | search for a bot's seat; ``None`` otherwise."""
    chat_muted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    held_for: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """While a bot plays for an absent or removed player: that player's token hash."""
    hold: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """Why a bot plays for ``held_for``: ``absent`` (the player takes the seat back by
    coming back), ``host`` (until the host gives it back) or ``removed`` (for good)."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class LogEntry(Base):
    """One committed change: a lobby change or a game action, with its events."""

    __tablename__ = "log_entries"
    __table_args__ = (UniqueConstraint("table_id", "request_id"),)

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any] | None] = mapped_column(JsonType, nullable=True)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JsonType)
    request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ChatLine(Base):
    """One line of table talk. Chat is not part of the game: it never bumps the version.

    ``channel`` is ``"table"`` (seated players write, everyone reads) or ``"spectators"``
    (spectators write and read, so watchers cannot coach the players).
    """

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PresenceRow(Base):
    """One socket of a seated player, refreshed by heartbeats (``server/presence.py``)."""

    __tablename__ = "presence"

    conn: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    seen_at: Mapped[float] = mapped_column(Float)
    open: Mapped[bool] = mapped_column(Boolean, default=True)


class RateHit(Base):
    """One counted attempt of a limit shared by every process (``store/ratehits.py``)."""

    __tablename__ = "rate_hits"
    __table_args__ = (Index("ix_rate_hits_bucket_at", "bucket", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    bucket: Mapped[str] = mapped_column(String(200))
    """What is limited: e.g. ``chat:<table>:seat:2`` or ``host:<table>``."""
    at: Mapped[float] = mapped_column(Float)
    """When (epoch seconds)."""
