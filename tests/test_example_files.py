"""Every file a README or docs command names ships in the repository at the path the
command gives, and suits the command's variant: a strategy file sets no parameter the
command's variant never uses (a Hog threshold for classic euchre), a batch file's deals
are of the variants the solver knows.  Reads files only: no command is run here
(tests/test_readme_commands.py runs them all)."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from euchre_mc.simulate.bidding.strategy import unused_params
from euchre_mc.simulate.rules.variants import SPECS, as_variant

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
DEFAULT_VARIANT = "pigs-and-hogs"


def commands_naming_files() -> list[tuple[str, str, str]]:
    """(page, command, path) for every euchre-mc line that names a file of the repository."""
    found = []
    for page in PAGES:
        for line in re.findall(r"^(?:\.venv/bin/)?euchre-mc .*$", page.read_text(encoding="utf-8"), re.M):
            for word in re.findall(r"docs/examples/[\w.-]+", line):
                found.append((page.name, line, word))
    return found


NAMED = commands_naming_files()


def test_the_pages_name_both_example_files():
    assert {path for _, _, path in NAMED} >= {"docs/examples/bold-hog.toml", "docs/examples/deals.jsonl"}


@pytest.mark.parametrize(("page", "command", "path"), NAMED, ids=[f"{p}:{f}" for p, _, f in NAMED])
def test_a_named_file_ships_and_suits_its_variant(page, command, path):
    assert (ROOT / path).is_file(), f"{page}: {command} needs {path}, which the repository lacks"
    words = shlex.split(command)
    variant = words[words.index("--variant") + 1] if "--variant" in words else DEFAULT_VARIANT
    if path.endswith(".toml"):
        settings = tomllib.loads((ROOT / path).read_text(encoding="utf-8"))
        assert unused_params(as_variant(variant), settings) == [], f"{page}: {command}"
    elif path.endswith(".jsonl"):
        for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
            assert json.loads(line)["variant"].split("(")[0] in SPECS
