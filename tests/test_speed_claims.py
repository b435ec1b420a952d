"""Every speed figure the README's questions and the commands' --help state is the
recorded benchmark's, within a factor of 1.5: none is typed from memory.

The recorded results are ``benchmarks/results/*.json`` (``python -m benchmarks.run NAME
--record`` writes them).  Each figure is found in its text by a pattern and compared
with its row; a figure with a time unit that no pattern claims fails the scan, so a
new one must be tied to a benchmark too.  After a change that moves a figure: re-record
the benchmark and write the figure it gives.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from benchmarks.bench_readme import SECTION, questions
from euchre_mc.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TOLERANCE = 1.5
# What a speed claim looks like: a rate, or a time something takes ("about 4 s", "takes
# 2 minutes"); a limit such as "longer than 60 s" is a setting, not a claim.
FIGURE = re.compile(
    r"\b\d[\d.,]*(?:-\d[\d.,]*)? ?(?:rows|deals|games|hands)/s\b"
    r"|\b(?:about|takes?|took|in) \d[\d.,]*(?:-\d[\d.,]*)? ?(?:ms|s|seconds?|minutes?|hours?)\b",
    re.I,
)


def recorded(name: str, benchmark: str) -> float:
    rows = json.loads((ROOT / "benchmarks" / "results" / f"{name}.json").read_text())["rows"]
    (row,) = [row for row in rows if row["benchmark"] == benchmark]
    return float(row["value"])


def close(claimed: float, measured: float) -> bool:
    return measured / TOLERANCE <= claimed <= measured * TOLERANCE


def help_text(command: str) -> str:
    return " ".join(CliRunner().invoke(main, [command, "--help"], terminal_width=200).output.split())


def question_text(number: int) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n### {number}. ")
    end = min(i for i in (text.find("\n### ", start + 1), text.find("\n## ", start + 1)) if i > 0)
    return text[start:end]


QUESTIONS = questions(README.read_text(encoding="utf-8"))
PROCESSOR_TIME = re.compile(r"About (\d+(?:\.\d+)?) s of processor time")


@pytest.mark.parametrize(("number", "command"), QUESTIONS, ids=[f"question {n}" for n, _ in QUESTIONS])
def test_each_readme_question_states_its_recorded_processor_time(number, command):
    rows = json.loads((ROOT / "benchmarks" / "results" / "readme.json").read_text())["rows"]
    (row,) = [row for row in rows if row["benchmark"].startswith(f"README question {number}:")]
    assert row["command"] == command, "the README's command changed: python -m benchmarks.run readme --record"
    claims = PROCESSOR_TIME.findall(" ".join(question_text(number).split()))
    assert len(claims) == 1, f"question {number} states its processor time once: {claims}"
    assert close(float(claims[0]), row["value"]), (
        f"question {number}: about {claims[0]} s of processor time, recorded {row['value']} s"
    )


def test_study_help_states_the_recorded_rate_of_the_sweep_contracts():
    found = re.search(r"about (\d+)-(\d+) rows/s on 2 cores", help_text("study"))
    assert found, help_text("study")
    low, high = (float(x) for x in found.groups())
    one = recorded("study", "study pigs-and-hogs dd, sweep contracts only, 1 worker")
    two = recorded("study", "study pigs-and-hogs dd, sweep contracts only, 2 workers")
    assert close(low, min(one, two)) and close(high, max(one, two)), (low, high, one, two)


@pytest.mark.parametrize("command", ["games", "tune"])
def test_games_help_and_scheduling_use_the_recorded_worker_start_up(command):
    from euchre_mc.simulate.games.game import WORKER_START_SECONDS

    start_up = recorded("games", "games, 2 workers start-up")
    found = re.search(r"each about (\d+(?:\.\d+)?) s to start", help_text(command))
    assert found, help_text(command)
    assert close(float(found.group(1)), start_up) and close(WORKER_START_SECONDS, start_up)


CLAIMED = (r"about \d+-\d+ rows/s", r"about \d+(?:\.\d+)? s to start", PROCESSOR_TIME.pattern)


def unclaimed(text: str) -> list[str]:
    """The figures of ``text`` that no claim above covers."""
    for pattern in CLAIMED:
        text = re.sub(pattern, "", text, flags=re.I)
    return FIGURE.findall(text)


def test_no_other_speed_figure_is_typed_into_the_help_or_the_questions():
    commands = sorted(main.commands)
    stray = {command: unclaimed(help_text(command)) for command in commands}
    readme = README.read_text(encoding="utf-8")
    section = readme[readme.index(SECTION) : readme.index("\n## ", readme.index(SECTION) + 1)]
    prose = re.sub(r"```.*?```", "", section, flags=re.S)  # outputs hold seeds and numbers, not claims
    stray["README questions"] = unclaimed(" ".join(prose.split()))
    assert not {where: found for where, found in stray.items() if found}


def test_the_scan_finds_a_typed_figure():
    assert unclaimed("the demo now takes 31 s, a study 990 rows/s") == ["takes 31 s", "990 rows/s"]
    assert unclaimed("warns when a run would take longer than 60 s") == []
    assert unclaimed("About 2 s of processor time; each about 1 s to start") == []
