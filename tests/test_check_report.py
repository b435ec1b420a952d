"""The study page check (benchmarks/check_report.py) catches what it is for.

Its judgement (sideways scrolling, an image that did not load, console errors) is
checked on measurements made up here, so ``make test`` needs no browser.  Where
chromium is installed (CI installs it), a small page with each fault is opened for
real at both widths; without chromium those cases are skipped, and ``.ci/run`` makes
sure CI has it.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from benchmarks.check_report import WIDTHS, browser_path, check_pages, console_errors, problems

ROOT = Path(__file__).resolve().parent.parent


def measured(**changes) -> dict:
    page = dict(scroll_width=390, client_width=390, scroll_height=900, widest=374, title_height=40)
    page["images"] = [{"src": "charts/a.png", "complete": True, "natural_width": 1200}]
    return {**page, **changes}


def test_a_page_that_fits_with_its_images_and_no_errors_passes():
    assert problems(measured(), []) == []


def test_each_fault_is_named():
    found = problems(
        measured(
            scroll_width=520,
            widest=470,
            images=[{"src": "charts/gone.png", "complete": True, "natural_width": 0}],
        ),
        ["console.error: boom"],
    )
    assert found == [
        "scrolls sideways: page width 520 px in a 390 px window",
        "an element ends at 470 px, past the 390 px window",
        "image charts/gone.png did not load",
        "console error: console.error: boom",
    ]


def test_console_errors_come_from_exceptions_console_error_and_failed_loads():
    thrown = {"text": "Uncaught", "exception": {"description": "ReferenceError: f is not defined\n at x"}}
    failed = {"level": "error", "text": "Failed to load resource", "url": "file:///x.png"}
    events = [
        {"method": "Runtime.exceptionThrown", "params": {"exceptionDetails": thrown}},
        {"method": "Runtime.consoleAPICalled", "params": {"type": "error", "args": [{"value": "boom"}]}},
        {"method": "Runtime.consoleAPICalled", "params": {"type": "log", "args": [{"value": "fine"}]}},
        {"method": "Log.entryAdded", "params": {"entry": failed}},
        {"method": "Log.entryAdded", "params": {"entry": {"level": "warning", "text": "meh"}}},
    ]
    assert console_errors(events) == [
        "uncaught ReferenceError: f is not defined",
        "console.error: boom",
        "Failed to load resource file:///x.png",
    ]


def test_ci_installs_chromium_and_runs_the_check_after_make_test():
    script = (ROOT / ".ci" / "run").read_text()
    assert "set -euo pipefail" in script
    install, test, check = (
        script.index(s) for s in ("apt-get install -y chromium", "make test", "make check-report")
    )
    assert install < test < check
    assert set(WIDTHS) == {1280, 390}


def _png(path: Path, width: int, height: int) -> None:
    """A grey PNG of this size (no image library needed)."""
    rows = b"".join(b"\0" + b"\x80" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def _page(folder: Path, body: str) -> Path:
    folder.mkdir()
    _png(folder / "chart.png", 900, 300)
    (folder / "index.html").write_text(
        "<!doctype html><html><head><meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<style>img {{max-width: 100%}}</style></head><body><h1>A study</h1>{body}</body></html>"
    )
    return folder / "index.html"


needs_chromium = pytest.mark.skipif(browser_path() is None, reason="no chromium (CI installs it)")


@needs_chromium
def test_in_chromium_a_good_page_passes_at_both_widths_with_screenshots(tmp_path, capsys):
    page = _page(tmp_path / "good", "<p>Fits.</p><img src='chart.png' alt='a chart'>")
    assert check_pages(browser_path(), [page], tmp_path / "shots") == 0
    printed = capsys.readouterr().out
    assert printed.count("passes:") == 2 and f"screenshots in {tmp_path / 'shots'}" in printed
    for width in WIDTHS:
        shot = (tmp_path / "shots" / f"page-1-{width}.png").read_bytes()
        assert struct.unpack(">I", shot[16:20])[0] == width


@needs_chromium
def test_in_chromium_each_fault_fails_at_the_phone_width(tmp_path, capsys):
    body = (
        "<div style='width: 700px'>a fixed 700 px box</div>"
        "<img src='missing.png' alt='gone'>"
        "<script>console.error('boom'); notDefined();</script>"
    )
    page = _page(tmp_path / "bad", body)
    assert check_pages(browser_path(), [page], tmp_path / "shots") == 2  # at both widths
    printed = capsys.readouterr().out
    phone = printed[printed.index("at 390 px") :]
    assert "scrolls sideways: page width 7" in phone
    assert "image missing.png did not load" in phone
    assert "console error: console.error: boom" in phone
    assert "console error: uncaught ReferenceError: notDefined is not defined" in phone
    assert "ERR_FILE_NOT_FOUND" in phone
