"""Migrations started at once by several processes (two ``spyhouse serve`` on a fresh
PostgreSQL) run one after the other, not into each other."""

from __future__ import annotations

import multiprocessing
import os
import secrets
import traceback
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy.engine import make_url

from spyhouse.store import upgrade

PG_ADMIN_URL = os.environ.get("SPYHOUSE_TEST_POSTGRES_URL")
PROCESSES = 3
TRIALS = 3

pytestmark = pytest.mark.skipif(
    not PG_ADMIN_URL and not os.environ.get("CI"),
    reason="set SPYHOUSE_TEST_POSTGRES_URL to test on PostgreSQL",
)


def _upgrade_after(gate, url: str, errors) -> None:  # runs in a child process
    try:
        gate.wait(30)
        upgrade(url)
    except BaseException:
        errors.put(traceback.format_exc())


@pytest.fixture
def fresh_databases() -> Iterator[list[str]]:
    assert PG_ADMIN_URL, "CI must set SPYHOUSE_TEST_POSTGRES_URL"
    admin = make_url(PG_ADMIN_URL).set(drivername="postgresql")
    conninfo = admin.render_as_string(hide_password=False)
    names = [f"spyhouse_mig_{secrets.token_hex(6)}" for _ in range(TRIALS)]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        for name in names:
            conn.execute(f'CREATE DATABASE "{name}"')
    yield [admin.set(database=n).render_as_string(hide_password=False) for n in names]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        for name in names:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_concurrent_upgrades_of_a_fresh_postgresql_all_succeed(fresh_databases):
    mp = multiprocessing.get_context("spawn")
    for url in fresh_databases:
        gate, errors = mp.Barrier(PROCESSES), mp.Queue()
        procs = [
            mp.Process(target=_upgrade_after, args=(gate, url, errors)) for _ in range(PROCESSES)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(120)
        failures = [errors.get() for _ in range(errors.qsize())] if not errors.empty() else []
        assert failures == [], failures[0]
        assert [p.exitcode for p in procs] == [0] * PROCESSES
        with psycopg.connect(url) as conn:
            (head,) = conn.execute("SELECT version_num FROM alembic_version").fetchall()
            tables = conn.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'log_entries'"
            ).fetchone()
        assert head[0] and tables == (1,)
