"""Every ``euchre-mc`` command line the README shows runs as written (exit status 0).

Counts are shrunk so the whole README runs in seconds (``--deals``, ``--hands``,
``--games``); files the README shows (``<!-- file: NAME -->`` before a code block) are
written first, and the commands run in README order in one folder, so ``chart``
finds the study the line before it wrote.
"""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
SMALL = {"--deals": "60", "--hands": "200", "--games": "16"}
# a study of the sweep contracts plays exactly (dd), about a hundredth of the heuristic rate
SMALLER = {"--contracts lone": {"--hands": "30"}}
# Commands that need what CI does not have, with the reason; each is covered elsewhere.
NOT_RUN = {
    "--scheduler tcp://10.0.0.5:8786": "needs a Dask cluster at that address (tests/test_study.py runs "
    "the same code on a LocalCluster)",
}


def code_blocks(text: str):
    """(file name or None, lines) for every fenced block; the name from a file marker."""
    for match in re.finditer(r"(<!-- file: (\S+) -->\n)?```[a-z]*\n(.*?)```", text, re.S):
        yield match.group(2), match.group(3).splitlines()


def readme_commands() -> list[str]:
    commands = []
    for name, lines in code_blocks(README.read_text()):
        if name:
            continue
        joined = "\n".join(lines).replace("\\\n", " ")
        for line in joined.splitlines():
            line = re.sub(r"\s+#.*$", "", line.strip())
            if line.startswith("euchre-mc "):
                commands.append(line)
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


COMMANDS = readme_commands()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("readme")
    for name, lines in code_blocks(README.read_text()):
        if name:
            (where / name).write_text("\n".join(lines) + "\n")
    return where


def test_the_readme_shows_commands_of_every_kind():
    shown = {command.split()[1] for command in COMMANDS}
    assert {"analyse", "should-i-bid", "solve", "playout", "study", "chart", "games", "tune"} <= shown


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command, folder, monkeypatch):
    for marker, reason in NOT_RUN.items():
        if marker in command:
            pytest.skip(reason)
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, shrink(shlex.split(command)[1:]), catch_exceptions=False)
    assert result.exit_code == 0, f"{command}\n{result.output}"
