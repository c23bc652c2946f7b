"""``spyhouse replay`` on files that are not records: one line saying why, exit code 1,
never a traceback — and input read only up to a bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spyhouse.cli import MAX_RECORD_BYTES
from spyhouse.cli import app as cli
from tests.test_records import play_record


def _replay(path: str, stdin: bytes | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["replay", path], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _record() -> dict:
    record, _ = play_record("highcard", {}, 2, seed=11)
    return record


def _refused(path: Path | str, *why: str, stdin: bytes | None = None) -> None:
    code, output = _replay(str(path), stdin)
    assert code == 1, output
    assert output.count("\n") == 1, output  # one line
    assert all(w in output for w in why), output


def test_a_seed_of_5000_digits(tmp_path):
    path = tmp_path / "big.json"
    text = json.dumps(_record()).replace('"seed": 11', '"seed": ' + "7" * 5000)
    path.write_text(text)
    _refused(path, "not a record", "digits")


def test_json_nested_100k_deep(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    _refused(path, "nested too deeply")


def test_a_deep_action_inside_a_record(tmp_path):
    record = _record()
    deep: object = {}
    for _ in range(500):
        deep = {"a": deep}
    record["moves"][0]["action"] = deep
    path = tmp_path / "deep-action.json"
    path.write_text(json.dumps(record))
    _refused(path, "refused")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-8-sig"])
def test_a_record_in_utf16_utf32_or_with_a_bom_replays(tmp_path, encoding):
    path = tmp_path / "record.json"
    path.write_bytes(json.dumps(_record()).encode(encoding))
    code, output = _replay(str(path))
    assert code == 0 and output.startswith("ok: highcard"), output


def test_dev_zero_is_not_read_without_bound():
    _refused("/dev/zero", "larger than")


def test_a_file_just_over_the_bound(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * MAX_RECORD_BYTES + b"{}")
    _refused(path, "larger than")


def test_standard_input_is_bounded_too():
    _refused("-", "larger than", stdin=b"[" + b"1," * (MAX_RECORD_BYTES // 2) + b"1]")


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\xff\xfe\x00", "not UTF-8, UTF-16 or UTF-32"),
        (b"\x80\x81 not text", "not UTF-8"),
        (b"", "not JSON"),
        (b"[1, 2, 3]", "expected a JSON object"),
        (b'"a string"', "expected a JSON object"),
        (b'{"format": "spyhouse-record", "version": 1, "game": []}', "refused"),
        (b"NaN", "expected a JSON object"),
    ],
)
def test_other_files_that_are_no_record(tmp_path, content, why):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    _refused(path, why)


def test_a_missing_file_or_a_directory(tmp_path):
    _refused(tmp_path / "nowhere.json", "cannot read")
    _refused(tmp_path, "cannot read")


def test_a_record_with_a_malformed_move_no_check_foresaw(tmp_path):
    record = _record()
    record["moves"][0]["action"] = {"type": ["swap"]}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(record))
    _refused(path, "refused")
