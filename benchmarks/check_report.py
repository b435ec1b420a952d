"""The study page in a real browser: does ``index.html`` read well on a laptop and a phone?

    python -m benchmarks.check_report [--shots DIR] [STUDY_DIR ...]

``make check-report`` (run by ``.ci/run`` after ``make test``) builds a small classic and
a small Pigs-and-Hogs study (heuristic play, a few seconds each) unless study
directories are given, and opens each ``index.html`` in headless chromium at 1,280 px
(a laptop) and at 390 px (a phone, emulated as a mobile screen).  At each width the page
must pass four checks:

- no sideways scrolling of the whole page: its scroll width is the window's, and every
  heading, paragraph, image and table box ends inside the window (a wide table scrolls
  in its own box);
- every image loads (complete, with a natural width);
- no console errors: no uncaught exception, no ``console.error``, no resource that
  failed to load;
- the title fits (its height is printed).

It writes a full-page screenshot of each page at each width to the folder it names
(``--shots``, by default ``benchmarks/out/check-report/``, which git ignores) and
prints one line per page and width.  Exit status 0 when every page passes, 1 when one
does not, 2 when no chromium is installed (on Debian: ``apt-get install -y chromium``;
it is not a dependency of the package, and ``make test`` checks the page's HTML without
it).

The browser is driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
JSON messages ending in a NUL byte on file descriptors 3 and 4), because the headless
window cannot be made narrower than 500 px: the phone width is set by device emulation.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHOTS = HERE / "out" / "check-report"
WIDTHS = {1280: ("laptop", 900, False), 390: ("phone", 844, True)}
"""Width in CSS px: (name, screen height, emulated as a mobile device)."""
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
STUDIES = (
    ("euchre(stick_the_dealer=true,no_trump=true,farmers_hand=true,ace_no_face=true)", 400),
    ("pigs-and-hogs", 300),
)
TIMEOUT = 60.0
"""Seconds to wait for one answer of the browser (a page loads in well under one)."""
TALLEST_SHOT = 16_000
"""A full-page screenshot taller than this many px is cut there (the top is what matters)."""

# Run in the page after it loads: the widths the browser laid out, and every image.
MEASURE = """(() => {
  const root = document.documentElement;
  let widest = 0;
  // a table's caption is read, not scrolled: it must fit even inside a scrolling box
  document.querySelectorAll('h1, h2, p, caption, img, .scroll, pre, table').forEach((e) => {
    if (!e.closest('.scroll') || e.matches('.scroll, caption')) {
      widest = Math.max(widest, e.getBoundingClientRect().right);
    }
  });
  const h1 = document.querySelector('h1');
  return {
    scroll_width: root.scrollWidth,
    client_width: root.clientWidth,
    scroll_height: root.scrollHeight,
    widest: Math.ceil(widest),
    title_height: h1 ? Math.ceil(h1.getBoundingClientRect().height) : 0,
    images: Array.from(document.images).map((i) => ({
      src: i.getAttribute('src'), complete: i.complete, natural_width: i.naturalWidth,
    })),
  };
})()"""


class Browser:
    """One headless chromium driven over the DevTools protocol on a pipe."""

    def __init__(self, chromium: str):
        to_browser, self._in = os.pipe()
        self._out, from_browser = os.pipe()

        def wire():  # the browser reads commands on fd 3 and answers on fd 4
            reads, writes = os.dup(to_browser), os.dup(from_browser)  # neither overwritten below
            os.dup2(reads, 3)
            os.dup2(writes, 4)
            os.set_inheritable(3, True)  # a dup that already landed on 3 or 4 is close-on-exec
            os.set_inheritable(4, True)

        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        command += ["--remote-debugging-pipe", "--no-first-run", "--mute-audio", "about:blank"]
        # chromium's own messages, shown if it fails; closed with the browser
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            preexec_fn=wire,
            close_fds=False,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._next_id = 0
        self._buffer = b""
        self.events: list[dict] = []

    def send(self, method: str, session: str | None = None, **params) -> dict:
        """Send one command and return its result (events that arrive meanwhile are kept)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        try:
            os.write(self._in, json.dumps(message).encode() + b"\0")
        except BrokenPipeError:
            raise RuntimeError(f"chromium ended before {method}: {self.last_words()}") from None
        while True:
            answer = self._receive(TIMEOUT)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"chromium refused {method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str, timeout: float = TIMEOUT) -> dict:
        """The first event ``method`` (kept or still to come)."""
        end = time.monotonic() + timeout
        while True:
            for event in self.events:
                if event.get("method") == method:
                    self.events.remove(event)
                    return event
            self.events.append(self._receive(max(0.1, end - time.monotonic())))
            if time.monotonic() > end:
                raise RuntimeError(f"chromium sent no {method} in {timeout:.0f} s")

    def _receive(self, timeout: float) -> dict:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._out], [], [], timeout)
            if not ready:
                raise RuntimeError(f"chromium did not answer in {timeout:.0f} s")
            chunk = os.read(self._out, 1 << 20)
            if not chunk:
                raise RuntimeError(f"chromium closed its pipe: {self.last_words()}")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def last_words(self) -> str:
        """The end of what chromium printed, for an error that says why it stopped."""
        self.log.seek(0)
        lines = self.log.read().decode(errors="replace").strip().splitlines()
        return " / ".join(lines[-3:]) or f"exit status {self.process.poll()}"

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._in)
        os.close(self._out)
        self.log.close()


def console_errors(events: list[dict]) -> list[str]:
    """The page's console errors among DevTools events, one line each: uncaught
    exceptions, console.error and console.assert, and the browser's own error entries
    (a resource that failed to load)."""
    errors = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "exception")
            errors.append(f"uncaught {text.splitlines()[0]}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            errors.append(f"console.{params['type']}: {args}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            errors.append(f"{entry.get('text', '')} {entry.get('url', '')}".strip())
    return errors


def problems(measured: dict, errors: list[str]) -> list[str]:
    """What is wrong with a page as measured at one width (empty when it passes)."""
    found = []
    client = measured["client_width"]
    if measured["scroll_width"] > client:
        found.append(f"scrolls sideways: page width {measured['scroll_width']} px in a {client} px window")
    if measured["widest"] > client:
        found.append(f"an element ends at {measured['widest']} px, past the {client} px window")
    for image in measured["images"]:
        if not image["complete"] or not image["natural_width"]:
            found.append(f"image {image['src']} did not load")
    found += [f"console error: {error}" for error in errors]
    return found


def check_page(browser: Browser, index: Path, width: int, shot: Path) -> tuple[dict, list[str]]:
    """Open ``index`` at ``width`` px in a new tab; its measurements and console errors,
    and a full-page screenshot written to ``shot``."""
    _, height, mobile = WIDTHS[width]
    target = browser.send("Target.createTarget", url="about:blank")["targetId"]
    session = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    try:
        for domain in ("Page", "Runtime", "Log"):
            browser.send(f"{domain}.enable", session)
        metrics = dict(width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        browser.send("Emulation.setDeviceMetricsOverride", session, **metrics)
        browser.events.clear()
        browser.send("Page.navigate", session, url=index.resolve().as_uri())
        browser.wait_for("Page.loadEventFired")
        measured = browser.send("Runtime.evaluate", session, expression=MEASURE, returnByValue=True)
        measured = measured["result"]["value"]
        errors = console_errors([e for e in browser.events if e.get("sessionId") == session])
        full = dict(metrics, height=min(measured["scroll_height"], TALLEST_SHOT))
        browser.send("Emulation.setDeviceMetricsOverride", session, **full)
        picture = browser.send("Page.captureScreenshot", session, format="png")["data"]
        shot.parent.mkdir(parents=True, exist_ok=True)
        shot.write_bytes(base64.b64decode(picture))
        return measured, errors
    finally:
        browser.send("Target.closeTarget", targetId=target)


def browser_path() -> str | None:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def build_studies(root: Path) -> list[Path]:
    from euchre_mc.reports.study_charts import build_study_reports
    from euchre_mc.simulate.study.run import run_study

    pages = []
    for number, (variant, deals) in enumerate(STUDIES):
        out = root / f"study-{number}"
        run_study(variant, deals, 1, out, play="heuristic", workers=1)
        pages.append(build_study_reports(out))
    return pages


def check_pages(chromium: str, pages: list[Path], shots: Path) -> int:
    """Check every page at every width; print one line each; the number that failed."""
    failed = 0
    browser = Browser(chromium)
    try:
        for number, page in enumerate(pages):
            for width, (name, _, _) in WIDTHS.items():
                shot = shots / f"page-{number + 1}-{width}.png"
                measured, errors = check_page(browser, page, width, shot)
                found = problems(measured, errors)
                failed += bool(found)
                print(
                    f"{'FAILS' if found else 'passes'}: {page} at {width} px ({name}): page width "
                    f"{measured['scroll_width']} px in a {measured['client_width']} px window, widest "
                    f"element's right edge {measured['widest']} px, {len(measured['images'])} images, "
                    f"title {measured['title_height']} px high; screenshot {shot.name}"
                )
                for problem in found:
                    print(f"  {problem}")
    finally:
        browser.close()
    print(f"screenshots in {shots}")
    return failed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.check_report", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "studies", nargs="*", metavar="STUDY_DIR", help="study folders (default: two built here)"
    )
    parser.add_argument("--shots", type=Path, default=SHOTS, help=f"screenshot folder (default {SHOTS})")
    args = parser.parse_args(argv)
    chromium = browser_path()
    if chromium is None:
        print("check-report: no chromium found; on Debian: apt-get install -y chromium", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="check-report-") as scratch:
        pages = [Path(d) / "index.html" for d in args.studies] or build_studies(Path(scratch))
        failed = check_pages(chromium, pages, args.shots)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
