"""Limits that protect a table or a seat, shared by every process serving the table.

Per-address limits (``server/web/addresslimits.py``) guard the server and are counted in each
process's memory. A table's own limits — how fast a seat may talk, how often its host
may touch the clocks or seats — must hold however many processes serve it (a seat with a
socket on each of two processes still gets its 5 lines per 10 s), so they are counted in
the database (``store/ratehits.py``). Limits use the ``limits`` syntax (``5/10second``).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse

from spyhouse.server.context import Context
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import TableRow


async def check(ctx: Context, bucket: str, item: RateLimitItem, code: str, detail: str) -> None:
    """Count one attempt on ``bucket``; once ``item`` is used up, 429 ``code`` with
    ``retry_after`` (``detail`` may name ``{seconds}``). Counted against wall time, like
    the per-address limits."""
    wait = await ctx.rates.hit(bucket, item.amount, item.get_expiry(), time.time())
    if wait is not None:
        seconds = max(1, math.ceil(wait))
        raise Problem(429, code, detail.format(seconds=seconds), retry_after=seconds)


async def host_control(ctx: Context, row: TableRow) -> None:
    """Host controls (clocks, give back, remove, mute) of one table: each writes a version
    and a log entry or tells every socket, so a script must not be able to flood them."""
    if not ctx.settings.rate_limits:
        return
    await check(
        ctx,
        f"host:{row.id}",
        parse(ctx.settings.rate_limit_host_controls),
        "host_rate_limited",
        "Too many host controls at this table; wait {seconds} s.",
    )
