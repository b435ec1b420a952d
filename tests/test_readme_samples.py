"""The README's sample outputs are what the commands print now.

Each sample block after a question's command (questions 1 to 4 of "Five questions to
copy and paste"; the study of question 5 takes half a minute and answers in a file) is
compared with the command's real output, run as written (seeded, so the numbers are
fixed): a line ``...`` stands for lines left out, and every other run of lines must
appear in the output, unchanged and in order.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## Five questions to copy and paste"
SKIPPED = "--hands"  # the study's sample is its summary file, not its output


def samples() -> list[tuple[str, list[str]]]:
    """(command, sample lines) for every command block followed by an output block."""
    text = README.read_text(encoding="utf-8")
    text = text[text.index(SECTION) :]
    text = text[: text.index("\n## ", len(SECTION))]
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    found = []
    for command_block, sample in zip(blocks, blocks[1:]):
        lines = command_block.strip().splitlines()
        if len(lines) == 1 and lines[0].startswith("euchre-mc ") and not sample.startswith("euchre-mc"):
            if SKIPPED not in lines[0]:
                found.append((lines[0], sample.rstrip("\n").splitlines()))
    return found


def missing_from(output: list[str], sample: list[str]) -> str | None:
    """The first run of sample lines not found in ``output`` after the runs before it."""
    runs, run = [], []
    for line in sample:
        if line.strip() == "...":
            runs.append(run)
            run = []
        else:
            run.append(line.rstrip())
    runs.append(run)
    start = 0
    for run in filter(None, runs):
        for at in range(start, len(output) - len(run) + 1):
            if output[at : at + len(run)] == run:
                start = at + len(run)
                break
        else:
            return "\n".join(run)
    return None


SAMPLES = samples()


def test_the_readme_shows_samples_of_the_first_four_questions():
    assert [command.split()[1] for command, _ in SAMPLES] == [
        "should-i-bid",
        "should-i-bid",
        "best-discard",
        "best-card",
    ]


@pytest.mark.parametrize(("command", "sample"), SAMPLES, ids=[c.split()[1] for c, _ in SAMPLES])
def test_a_readme_sample_is_what_the_command_prints(command, sample):
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    output = [line.rstrip() for line in result.stdout.splitlines()]
    missing = missing_from(output, sample)
    assert missing is None, f"{command}\nnot in its output:\n{missing}\n\noutput:\n" + "\n".join(output)


def test_the_matcher_needs_every_run_in_order():
    output = ["a", "b", "c", "d"]
    assert missing_from(output, ["a", "b", "...", "d"]) is None
    assert missing_from(output, ["a", "c"]) == "a\nc"
    assert missing_from(output, ["c", "...", "a"]) == "a"
