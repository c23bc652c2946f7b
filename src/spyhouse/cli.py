"""``spyhouse`` command line: serve the app, manage the database."""

from __future__ import annotations

from typing import Annotated

import typer

from spyhouse.settings import Settings

app = typer.Typer(help="Spyhouse: hidden-information spy games with friends.", no_args_is_help=True)
db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
app.add_typer(db_app, name="db")

DatabaseUrl = typer.Option(
    None,
    "--database-url",
    envvar="DATABASE_URL",
    help="sqlite:///file.db (default: sqlite:///spyhouse.db) or postgresql://user@host/db",
)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on"),
    port: int = typer.Option(8000, help="Port to listen on"),
    database_url: str | None = DatabaseUrl,
    trusted_proxies: str | None = typer.Option(
        None,
        "--trusted-proxies",
        envvar="SPYHOUSE_TRUSTED_PROXIES",
        help="Reverse proxies (addresses or networks, comma-separated) whose "
        "X-Forwarded-For is believed; default: nobody's",
    ),
) -> None:
    """Run migrations, then serve the API, the WebSocket and the browser client."""
    import uvicorn

    from spyhouse.server import create_app
    from spyhouse.store import upgrade

    settings = Settings.from_env(database_url=database_url, trusted_proxies=trusted_proxies)
    try:
        options = settings.uvicorn_options()
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--trusted-proxies") from None
    upgrade(settings.database_url)
    served = create_app(settings)
    _collect_garbage_rarely()
    uvicorn.run(served, host=host, port=port, **options)  # type: ignore[arg-type]


def _collect_garbage_rarely() -> None:
    """Keep the cyclic garbage collector off the move's path. A move allocates thousands
    of short-lived objects (engine state, views, frames), so at the default threshold of
    700 the collector ran several times per move and rescanned everything the server had
    loaded at start; frozen, that start-up heap is never scanned again, and a collection
    every 50,000 allocations cut the server's CPU per move by ~12 % in ``bench/fanout.py``.
    Reference counting frees almost all of it anyway: the collector only reclaims cycles."""
    import gc

    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(50_000, older, oldest)


@db_app.command("upgrade")
def db_upgrade(database_url: str | None = DatabaseUrl) -> None:
    """Apply all Alembic migrations."""
    from spyhouse.store import upgrade

    upgrade(Settings.from_env(database_url=database_url).database_url)
    typer.echo("database is up to date")


@app.command()
def games(server: str = typer.Option("http://127.0.0.1:8000", help="Server URL")) -> None:
    """List the games a server hosts."""
    from spyhouse.client import Spyhouse

    with Spyhouse(server) as api:
        for g in api.games():
            typer.echo(f"{g['id']:<12} {g['min_seats']}-{g['max_seats']} players  {g['title']}")


@app.command()
def play(
    game: str = typer.Argument(..., help="Game id (see `spyhouse games`)"),
    server: str = typer.Option("http://127.0.0.1:8000", help="Server URL"),
    seats: int | None = typer.Option(None, help="Player count (default: the minimum)"),
    invite: str | None = typer.Option(None, help="Join this invite code instead of hosting"),
    name: str = typer.Option("cli-bot", help="Display name"),
    seed: int | None = typer.Option(None, help="Seed for the random choices"),
    bot: str = typer.Option(
        "random", help="Bot level for your seat and the hosted bots: random, heuristic, search"
    ),
    clock: str | None = typer.Option(
        None,
        help="Time control of a hosted table: KIND:SECONDS[:INCREMENT] with KIND "
        "per_decision, bank or correspondence (e.g. per_decision:60, bank:600:5)",
    ),
) -> None:
    """Play a game with a bot (random, heuristic or search): host a table with bots of
    that level in the other seats, or join a friend's table by invite code."""
    if bot not in ("random", "heuristic", "search"):
        raise typer.BadParameter("expected random, heuristic or search", param_hint="--bot")
    time_control = parse_clock(clock) if clock is not None else None
    from spyhouse.client import Spyhouse

    with Spyhouse(server) as api:
        if invite:
            seat = api.join(invite, name)
        else:
            table = api.create_table(game, seats=seats, host_name=name, clock=time_control)
            table.fill_with_bots(bot)
            table.start()
            assert table.seat is not None
            seat = table.seat
            typer.echo(f"table {table.table_id} (invite {table.invite_code})")
        outcome = seat.play(bot, seed)
        typer.echo(f"winners: {outcome['winners']}  scores: {outcome['scores']}")


CLOCK_KINDS = ("per_decision", "bank", "correspondence")


def parse_clock(text: str) -> dict[str, object]:
    """``KIND:SECONDS[:INCREMENT]`` as the API's ``clock`` (the increment: bank only)."""
    parts = text.split(":")
    kind = parts[0]
    if kind not in CLOCK_KINDS or len(parts) not in (2, 3) or (len(parts) == 3 and kind != "bank"):
        raise typer.BadParameter(
            "expected per_decision:SECONDS, correspondence:SECONDS or bank:SECONDS[:INCREMENT]",
            param_hint="--clock",
        )
    try:
        numbers = [int(p) for p in parts[1:]]
    except ValueError:
        raise typer.BadParameter("seconds must be whole numbers", param_hint="--clock") from None
    if numbers[0] < 5 or any(n < 0 for n in numbers):
        raise typer.BadParameter("a clock needs at least 5 seconds", param_hint="--clock")
    spec: dict[str, object] = {"kind": kind, "seconds": numbers[0]}
    if len(numbers) == 2:
        spec["increment"] = numbers[1]
    return spec


MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record ``spyhouse replay`` reads: far above any game's (tens of KB), far
below what would exhaust memory (``/dev/zero`` is refused, not read forever)."""


class Unreadable(Exception):
    """A file that is no record: the one line saying why."""


def read_record(file: str) -> object:
    """The JSON document in ``file`` (``-``: standard input), read as bytes so UTF-8 (with
    or without a BOM), UTF-16 and UTF-32 all parse; :class:`Unreadable` with the reason
    for a file that cannot be read, is too large, or is not JSON."""
    import json
    import sys

    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(file, "rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise Unreadable(f"cannot read {file}: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise Unreadable(f"not a record: larger than {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        detail = f"not a record: the file is not JSON ({exc.msg}, line {exc.lineno})"
        raise Unreadable(detail) from None
    except UnicodeDecodeError:
        raise Unreadable("not a record: the file is not UTF-8, UTF-16 or UTF-32 text") from None
    except RecursionError:
        raise Unreadable("not a record: the JSON is nested too deeply") from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise Unreadable(f"not a record: {exc}".split(";")[0]) from None


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="A game record (JSON), or - for stdin")],
) -> None:
    """Replay a game record through the rules engine and check it reaches the recorded
    outcome. Anything else — a tampered or truncated record, a file that is not one —
    is refused with one line saying why (exit code 1)."""
    from spyhouse.engine import load_builtin_games
    from spyhouse.engine.records import RecordError
    from spyhouse.engine.records import replay as replay_record

    load_builtin_games()
    try:
        record = read_record(file)
        if not isinstance(record, dict):
            raise RecordError("Not a Spyhouse game record (expected a JSON object).")
        verified = replay_record(record)
    except Unreadable as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    except RecordError as exc:
        typer.echo(f"refused: {exc}", err=True)
        raise typer.Exit(1) from None
    except Exception as exc:  # a record no check foresaw must still not end in a traceback
        typer.echo(f"refused: the record cannot be replayed ({type(exc).__name__})", err=True)
        raise typer.Exit(1) from None
    winners = ", ".join(map(str, verified.outcome["winners"])) or "nobody"
    typer.echo(f"ok: {verified.game}, {verified.moves} moves replayed, winners: seat {winners}")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
