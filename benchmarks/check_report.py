"""The study page in a real browser: does ``index.html`` fit a 1,280-pixel laptop screen?

``make check-report`` (or ``python -m benchmarks.check_report [DIR ...]``) builds a small
classic and a small Pigs-and-Hogs study (heuristic play, a few seconds each) unless study
directories are given, opens each ``index.html`` in headless chromium at 1,280 x 900 and
measures the page: its scroll width must not exceed the window (no sideways scrolling of
the whole page; a wide table scrolls in its own box), and the title must fit.  It writes
a screenshot beside each page (``index-1280.png``) and prints one line per page.

Chromium is not a dependency of the package (``make test`` checks the HTML's structure
without it): on Debian, ``apt-get install -y chromium``.  Exit status 0 when every page
fits, 1 when one does not, 2 when chromium is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WIDTH, HEIGHT = 1280, 900
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
STUDIES = (
    ("euchre(stick_the_dealer=true,no_trump=true,farmers_hand=true,ace_no_face=true)", 400),
    ("pigs-and-hogs", 300),
)

# Written into a copy of the page: after layout, the widths chromium measured go into the
# DOM, which --dump-dom prints.
MEASURE = """<script>
window.addEventListener('load', function () {
  var widest = 0;
  document.querySelectorAll('h1, h2, p, caption, img, .scroll').forEach(function (e) {
    widest = Math.max(widest, e.getBoundingClientRect().right);
  });
  var out = document.createElement('pre');
  out.id = 'measured';
  out.textContent = 'scrollWidth=' + document.documentElement.scrollWidth +
    ' clientWidth=' + document.documentElement.clientWidth +
    ' widest=' + Math.ceil(widest) +
    ' h1Height=' + Math.ceil(document.querySelector('h1').getBoundingClientRect().height);
  document.body.appendChild(out);
});
</script>"""


def browser() -> str | None:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def _run_browser(chromium: str, *args: str) -> str:
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={WIDTH},{HEIGHT}"]
    done = subprocess.run(command + list(args), capture_output=True, text=True, timeout=180)
    return done.stdout


def measure(chromium: str, index: Path) -> dict:
    """The page's widths at 1,280 px, and a screenshot beside it."""
    probe = index.with_name("index-measure.html")
    probe.write_text(index.read_text().replace("</body>", MEASURE + "</body>"))
    try:
        dom = _run_browser(chromium, "--virtual-time-budget=10000", "--dump-dom", probe.resolve().as_uri())
    finally:
        probe.unlink()
    found = re.search(r"scrollWidth=(\d+) clientWidth=(\d+) widest=(\d+) h1Height=(\d+)", dom)
    if found is None:
        raise RuntimeError(f"{index}: chromium printed no measurement")
    scroll, client, widest, title = (int(x) for x in found.groups())
    shot = index.with_name(f"index-{WIDTH}.png")
    _run_browser(chromium, f"--screenshot={shot.resolve()}", index.resolve().as_uri())
    return {
        "scroll_width": scroll,
        "client_width": client,
        "widest": widest,
        "title_height": title,
        "shot": shot,
    }


def build_studies(root: Path) -> list[Path]:
    from euchre_mc.reports.study_charts import build_study_reports
    from euchre_mc.simulate.study.run import run_study

    pages = []
    for number, (variant, deals) in enumerate(STUDIES):
        out = root / f"study-{number}"
        run_study(variant, deals, 1, out, play="heuristic", workers=1)
        pages.append(build_study_reports(out))
    return pages


def main(argv: list[str]) -> int:
    chromium = browser()
    if chromium is None:
        print("check-report: no chromium found; on Debian: apt-get install -y chromium", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="check-report-") as scratch:
        pages = [Path(d) / "index.html" for d in argv] or build_studies(Path(scratch))
        failed = 0
        for page in pages:
            m = measure(chromium, page)
            fits = m["scroll_width"] <= m["client_width"] and m["widest"] <= m["client_width"]
            failed += not fits
            print(
                f"{'fits' if fits else 'TOO WIDE'}: {page} at {WIDTH} px: page width {m['scroll_width']} px "
                f"(window {m['client_width']} px), widest element's right edge {m['widest']} px, "
                f"title {m['title_height']} px high" + (f"; screenshot {m['shot']}" if argv else "")
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
