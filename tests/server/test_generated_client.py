"""A Python client generated from the live ``/openapi.json`` by openapi-python-client
plays one full game of each title with typed actions (the generated per-game classes;
no dict round trips), and meets the error paths as typed problem documents."""

from __future__ import annotations

import importlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

GAMES = {"estoril": 2, "agencia": 3, "spies": 2, "conspiracy": 2}
PUBLISHED = {"estoril", "spies"}
"""Tables that publish their log (a full record, a replay from everyone); the others give
their seat its own record."""
PACKAGE = "spyhouse_generated_client"

TOOL = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
pytestmark = pytest.mark.skipif(
    TOOL is None and not os.environ.get("CI"),
    reason="openapi-python-client is in the test extras (under CI this fails instead)",
)
_GENERATED: dict[str, Path] = {}
"""Generated once per distinct document (every live server serves the same one)."""


def _generate(live: Any, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    text = httpx.get(f"{live.url}/openapi.json").text
    directory = _GENERATED.get(text)
    if directory is None:
        directory = _GENERATED[text] = _run_generator(text, tmp_path_factory.mktemp("client"))
    package = sys.modules.get(PACKAGE)
    if package is not None and Path(package.__file__ or "").is_relative_to(directory):
        return package  # this document's client, imported already
    sys.path[:] = [p for p in sys.path if not p.startswith(str(directory.parent))]
    sys.path.insert(0, str(directory))
    for name in [m for m in sys.modules if m.startswith(PACKAGE)]:
        del sys.modules[name]
    return importlib.import_module(PACKAGE)


def _run_generator(text: str, directory: Path) -> Path:
    spec = directory / "openapi.json"
    spec.write_text(text)
    # No post hooks: the generator would format its output with ruff, which is half its
    # time and changes nothing the tests read.
    config = directory / "config.yaml"
    config.write_text("post_hooks: []\n")
    tool = TOOL
    result = subprocess.run(
        [tool or "openapi-python-client", "generate", "--path", str(spec), "--meta", "none"]
        + ["--config", str(config), "--output-path", str(directory / PACKAGE)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Unable to process" not in result.stdout + result.stderr, result.stdout
    return directory


@pytest.fixture
def api(live, tmp_path_factory) -> Any:
    return _generate(live, tmp_path_factory), live


def _ops(name: str) -> ModuleType:
    found = {
        "create": "lobby.create_table_api_tables_post",
        "bot": "lobby.seat_bot_api_tables_table_id_seats_seat_bot_post",
        "join": "lobby.join_table_api_invites_code_join_post",
        "start": "lobby.start_table_api_tables_table_id_start_post",
        "view": "play.get_view_api_tables_table_id_view_get",
        "act": "play.post_action_api_tables_table_id_actions_post",
        "games": "games.list_games_api_games_get",
        "record": "records.get_record_api_tables_table_id_record_get",
        "replay": "records.get_replay_api_tables_table_id_replay_get",
    }[name]
    return importlib.import_module(f"{PACKAGE}.api.{found}")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_generated_client_plays_a_whole_game_with_typed_actions(api, game) -> None:
    package, live = api
    models = importlib.import_module(f"{PACKAGE}.models")
    anonymous = package.Client(base_url=live.url, raise_on_unexpected_status=True)
    games = _ops("games").sync(client=anonymous)
    assert game in {g.id for g in games}
    body = models.CreateTable(
        game=game,
        seats=GAMES[game],
        host_name="me",
        clock=models.PerDecisionClock(seconds=600),
        publish_log=game in PUBLISHED,
    )
    created = _ops("create").sync(client=anonymous, body=body)
    assert isinstance(created, models.CreatedTable)
    host = package.AuthenticatedClient(base_url=live.url, token=created.host_token)
    me = package.AuthenticatedClient(base_url=live.url, token=created.seat.seat_token)
    for seat in range(1, GAMES[game]):
        added = _ops("bot").sync_detailed(
            created.table_id, seat, client=host, body=models.SeatBot()
        )
        assert added.status_code == 204
    assert _ops("start").sync_detailed(created.table_id, client=host).status_code == 204
    prefix = game.capitalize()
    document_class = getattr(models, f"{prefix}TableDocument")
    action_classes = tuple(
        getattr(models, name)
        for name in dir(models)
        if name.startswith(prefix) and hasattr(getattr(models, name), "from_dict")
    )
    rng = random.Random(1)
    moves = 0
    kinds: set[str] = set()
    while True:
        doc = _ops("view").sync(created.table_id, client=me)
        assert isinstance(doc, document_class), type(doc)
        # every game's view is typed: the generated classes read it, nested parts too
        assert isinstance(doc.view, getattr(models, f"{prefix}View")), type(doc.view)
        assert isinstance(doc.clock, models.PublicClock), type(doc.clock)
        assert all(isinstance(c, models.PublicSeatClock) for c in doc.clock.seats)
        if game == "agencia":
            assert all(isinstance(p, models.AgenciaPlayerView) for p in doc.view.players)
        if game == "estoril":
            assert all(isinstance(p, models.EstorilPlayerView) for p in doc.view.players)
            assert all(
                isinstance(loc, models.EstorilLocationView) for loc in doc.view.grid.locations
            )
        if doc.outcome is not None:
            break
        if not doc.legal_actions:
            continue  # the bots are still replying
        action = rng.choice(doc.legal_actions)
        assert isinstance(action, action_classes) and not isinstance(action, dict)
        result = _ops("act").sync(
            created.table_id, client=me, body=models.PostAction(action=action, version=doc.version)
        )
        # The bots play in a task of their own: one may have moved since the read.
        if isinstance(result, models.ProblemDocument) and result.code.value == "stale_version":
            continue
        assert isinstance(result, getattr(models, f"{prefix}ActionResult")), result
        # the events are the game's kinds, each its own class with typed data
        for event in result.events:
            assert type(event).__name__.startswith(f"{prefix}Logged"), type(event)
            # every key of a typed data class is a field: nothing left over untyped
            assert getattr(event.data, "additional_properties", {}) == {}, type(event.data)
            kinds.add(type(event).__name__)
        moves += 1
    assert moves > 0 and doc.status == "finished"
    assert len(kinds) > 2, kinds
    assert isinstance(doc.outcome, getattr(models, f"{prefix}Outcome"))
    _read_the_record_and_replays(models, created.table_id, me, game)


def _read_the_record_and_replays(models: Any, table_id: str, me: Any, game: str) -> None:
    """The finished game's record and replays are the game's own classes too."""
    prefix = game.capitalize()
    view = getattr(models, f"{prefix}View")
    record = _ops("record").sync(table_id, client=me)
    kind = "FullRecord" if game in PUBLISHED else "SeatRecord"
    assert isinstance(record, getattr(models, f"{prefix}{kind}")), type(record)
    assert isinstance(record.outcome, getattr(models, f"{prefix}Outcome"))
    if game in PUBLISHED:
        assert record.moves and all(
            type(m.action).__name__.startswith(prefix) for m in record.moves
        )
    else:
        mine = [e.action for e in record.entries if e.action is not None]
        assert mine and all(type(a).__name__.startswith(prefix) for a in mine)
        events = [e for entry in record.entries for e in entry.events]
        # the game's kinds and the server's (joined, bot_seated…), each its own class
        names = {type(e).__name__ for e in events}
        assert any(n.startswith(prefix) for n in names), names
        assert any(n.startswith("Table") for n in names), names
    replay = _ops("replay").sync(table_id, client=me)
    assert isinstance(replay, getattr(models, f"{prefix}ChairReplay")), type(replay)
    assert replay.viewpoint == 0
    assert all(isinstance(step.view, view) for step in replay.steps)
    if game in PUBLISHED:
        everyone = _ops("replay").sync(table_id, client=me, viewpoint="all")
        assert isinstance(everyone, getattr(models, f"{prefix}EveryoneReplay")), type(everyone)
        last = everyone.steps[-1]
        assert len(last.views) == GAMES[game] and all(isinstance(v, view) for v in last.views)
        assert all(hasattr(e, "audience") for step in everyone.steps for e in step.events)


def test_the_error_paths_are_typed_problem_documents(api) -> None:
    package, live = api
    models = importlib.import_module(f"{PACKAGE}.models")
    anonymous = package.Client(base_url=live.url)
    created = _ops("create").sync(
        client=anonymous, body=models.CreateTable(game="spies", seats=2, host_name="me")
    )
    host = package.AuthenticatedClient(base_url=live.url, token=created.host_token)
    me = package.AuthenticatedClient(base_url=live.url, token=created.seat.seat_token)
    # The other seat a person who never moves: a bot there deploys while this seat does,
    # and a move of its between the view and the action below makes that a stale version.
    _ops("join").sync(created.invite_code, client=anonymous, body=models.JoinTable(name="you"))
    _ops("start").sync_detailed(created.table_id, client=host)
    doc = _ops("view").sync(created.table_id, client=me)
    # a typed action of the wrong decision: illegal_action, the rule in reason
    wrong = models.SpiesMarshal(option=models.SpiesMarshalOption.EARN_10)
    refused = _ops("act").sync(
        created.table_id, client=me, body=models.PostAction(action=wrong, version=doc.version)
    )
    assert isinstance(refused, models.ProblemDocument)
    assert refused.code == models.ProblemDocumentCode.ILLEGAL_ACTION
    assert refused.reason == models.ProblemDocumentReason.WRONG_DECISION
    stale = _ops("act").sync(
        created.table_id,
        client=me,
        body=models.PostAction(action=doc.legal_actions[0], version=doc.version + 7),
    )
    assert isinstance(stale, models.ProblemDocument)
    assert stale.code == models.ProblemDocumentCode.STALE_VERSION
    nobody = _ops("view").sync(created.table_id, client=anonymous)
    assert isinstance(nobody, models.ProblemDocument)
    assert nobody.code == models.ProblemDocumentCode.MISSING_TOKEN
    not_host = _ops("start").sync(created.table_id, client=me)
    assert isinstance(not_host, models.ProblemDocument)
    assert not_host.code in (
        models.ProblemDocumentCode.NOT_HOST,
        models.ProblemDocumentCode.ALREADY_STARTED,
    )
