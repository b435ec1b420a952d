"""The outputs README.md and the docs pages (analyse, card-play, pimc) show are what the commands print now.

Each checked sample is the code block right after a command's block (for the n-th
command of a block, the n-th code block after it); every line of it but ``...`` must
appear in the command's output, in order (a sample may leave lines out).  The commands
run at their full, documented size: a few seconds each."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

ROOT = Path(__file__).resolve().parents[1]
CHECKED = {
    "README.md": ['should-i-bid "Hog Hearts"', 'should-i-bid "order up"'],
    "docs/card-play.md": [
        'best-card --variant euchre --contract "order up alone"',
        'best-discard --variant euchre --hand "JD AH KS 9C TC"',
    ],
    "docs/pimc.md": ['best-card --variant euchre --contract "call hearts"'],
    "docs/analyse.md": [
        'analyse --variant euchre --hand "JH AH KH QH 9S"',
        'analyse --variant euchre --hand "JH JD AH KS 9C" --upcard 9H --seat 1 --dealer 4',
        'analyse --variant pigs-and-hogs --hand "JH JH JD AH KH QH 9S AC" --seat 3 --dealer 6',
        'analyse --variant pigs-and-hogs --hand "JH JH JD AH KH QH 9S AC" --seat 2 --dealer 6',
    ],
}


def samples():
    """(page, command, sample lines) for each checked command."""
    for page, starts in CHECKED.items():
        blocks = re.findall(r"```\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S)
        for start in starts:
            found = [
                (i, n)
                for i, block in enumerate(blocks)
                for n, line in enumerate(block.splitlines())
                if line.startswith(f"euchre-mc {start}")
            ]
            assert found, f"{page}: no command starting {start!r}"
            block, n = found[0]
            command = blocks[block].splitlines()[n]
            yield page, command, blocks[block + 1 + n].splitlines()


@pytest.mark.parametrize(("page", "command", "sample"), list(samples()), ids=lambda value: str(value)[:40])
def test_a_sample_output_is_what_the_command_prints(page, command, sample):
    result = CliRunner().invoke(main, shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    printed = iter(result.stdout.splitlines())
    for line in sample:
        if line != "...":
            assert any(line == out for out in printed), f"{page}: {line!r} not printed by {command}"
