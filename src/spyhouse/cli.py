"""``spyhouse`` command line: serve the app, manage the database."""

from __future__ import annotations

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
) -> None:
    """Run migrations, then serve the API, the WebSocket and the browser client."""
    import uvicorn

    from spyhouse.server import create_app
    from spyhouse.store import upgrade

    settings = Settings.from_env(database_url=database_url)
    upgrade(settings.database_url)
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=settings.ws_transport_max_bytes,
        proxy_headers=True,
    )


@db_app.command("upgrade")
def db_upgrade(database_url: str | None = DatabaseUrl) -> None:
    """Apply all Alembic migrations."""
    from spyhouse.store import upgrade

    upgrade(Settings.from_env(database_url=database_url).database_url)
    typer.echo("database is up to date")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
