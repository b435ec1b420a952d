"""Every ``euchre-mc`` command line of README.md and docs/*.md runs as written (exit 0).

Counts are shrunk so that every page runs in seconds (``--deals``, ``--hands``,
``--games``, ``--worlds``).  Each page runs in its own folder, its commands in page
order (so ``chart`` finds the study the line before it wrote), with the example files
of ``docs/examples/`` copied under ``docs/examples/`` there: a command names them by
their path in the repository.  A file a page shows (``<!-- file: PATH -->`` before a
code block) must be the file that ships at PATH.  A line ``.venv/bin/euchre-mc ...``
counts as ``euchre-mc ...``, and a command that a later page repeats runs once.
"""

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SMALL = {"--deals": "60", "--hands": "200", "--games": "16", "--worlds": "10", "--option-deals": "30"}
# a study of the sweep contracts plays exactly (dd), about a hundredth of the heuristic rate;
# a strategy chart's --deals are hands per cell, and a page has hundreds of cells
SMALLER = {"--contracts lone": {"--hands": "30"}, "strategy-chart": {"--deals": "1"}}
# Commands that need what CI does not have, with the reason; each is covered elsewhere.
NOT_RUN = {
    "--scheduler tcp://10.0.0.5:8786": "needs a Dask cluster at that address (tests/test_study.py runs "
    "the same code on a LocalCluster)",
}
PREFIXES = ("euchre-mc ", ".venv/bin/euchre-mc ")


def code_blocks(text: str):
    """(file path or None, lines) for every fenced block; the path from a file marker."""
    for match in re.finditer(r"(<!-- file: (\S+) -->\n)?```[a-z]*\n(.*?)```", text, re.S):
        yield match.group(2), match.group(3).splitlines()


def page_commands(page: Path) -> list[str]:
    """The page's command lines, continuation lines joined, comments dropped."""
    commands = []
    for name, lines in code_blocks(page.read_text(encoding="utf-8")):
        if name:
            continue
        joined = "\n".join(lines).replace("\\\n", " ")
        for line in joined.splitlines():
            line = re.sub(r"\s+#.*$", "", line.strip())
            for prefix in PREFIXES:
                if line.startswith(prefix):
                    commands.append("euchre-mc " + line[len(prefix) :])
    return commands


def shrink(arguments: list[str]) -> list[str]:
    out = list(arguments)
    small = dict(SMALL)
    for marker, counts in SMALLER.items():
        if marker in " ".join(arguments):
            small.update(counts)
    for i, word in enumerate(out[:-1]):
        if word in small:
            out[i + 1] = min(out[i + 1], small[word], key=int)
    return out


def page_name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def all_commands() -> list[tuple[str, str]]:
    """(page, command) in page order, README first; a command a page repeats runs once."""
    seen, commands = set(), []
    for page in PAGES:
        for command in page_commands(page):
            if command not in seen:
                seen.add(command)
                commands.append((page_name(page), command))
    return commands


COMMANDS = all_commands()
IDS = [f"{page}:{command.split()[1]}:{i}" for i, (page, command) in enumerate(COMMANDS)]


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """One folder per page, holding a copy of docs/examples at docs/examples."""
    made = {}

    def folder(page: str) -> Path:
        if page not in made:
            where = tmp_path_factory.mktemp(Path(page).stem)
            shutil.copytree(EXAMPLES, where / "docs" / "examples")
            made[page] = where
        return made[page]

    return folder


def test_the_pages_show_commands_of_every_kind():
    shown = {command.split()[1] for _, command in COMMANDS}
    assert {
        "analyse",
        "should-i-bid",
        "best-card",
        "best-discard",
        "best-gift",
        "solve",
        "playout",
        "study",
        "chart",
        "games",
        "tune",
        "match-equity",
        "rules",
    } <= shown


def test_the_readme_asks_the_five_questions():
    shown = {command.split()[1] for page, command in COMMANDS if page == "README.md"}
    assert {"should-i-bid", "best-discard", "best-card", "study"} <= shown


def test_every_file_a_page_shows_ships_in_docs_examples():
    shown = {}
    for page in PAGES:
        for name, lines in code_blocks(page.read_text(encoding="utf-8")):
            if name:
                assert name.startswith("docs/examples/"), f"{page_name(page)}: {name}"
                assert (ROOT / name).read_text(encoding="utf-8") == "\n".join(lines) + "\n", name
                shown[name] = page
    assert shown, "no page shows an example file"


def test_every_example_file_is_used_by_a_command():
    used = " ".join(command for _, command in COMMANDS)
    for path in EXAMPLES.iterdir():
        assert f"docs/examples/{path.name}" in used, path.name


@pytest.mark.parametrize(("page", "command"), COMMANDS, ids=IDS)
def test_command_runs(page, command, folders, monkeypatch):
    for marker, reason in NOT_RUN.items():
        if marker in command:
            pytest.skip(reason)
    monkeypatch.chdir(folders(page))
    result = CliRunner().invoke(main, shrink(shlex.split(command)[1:]), catch_exceptions=False)
    assert result.exit_code == 0, f"{page}: {command}\n{result.output}"
