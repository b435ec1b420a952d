"""Every command's default text output fits 80 columns, or ``$COLUMNS`` when it is set:
tables are laid out for 80 columns and prose wraps at spaces to the width.

Each command runs once, small (a few deals, games or hands), with stdout and stderr
together as a terminal shows them."""

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

PIG_HAND = ["--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC"]
EUCHRE = ["--variant", "euchre", "--hand", "JH AH KH QS 9C", "--upcard", "9H"]
# the widest variant text: every option of euchre
EVERY_OPTION = "euchre(no_trump=true,stick_the_dealer=true,farmers_hand=true,ace_no_face=true)"
SMALL = {
    "analyse": ["analyse", *PIG_HAND, "--deals", "20", "--play", "random"],
    "analyse --all": ["analyse", *PIG_HAND, "--deals", "20", "--play", "random", "--all"],
    "analyse classic --all": ["analyse", *EUCHRE, "--variant", EVERY_OPTION, "--deals", "30", "--all"],
    "analyse --table none": ["analyse", *PIG_HAND, "--deals", "20", "--play", "random", "--table", "none"],
    "analyse --score": ["analyse", *PIG_HAND, "--deals", "20", "--play", "random", "--score", "44-30"],
    "analyse --compare-play": ["analyse", *EUCHRE, "--deals", "10", "--worlds", "4", "--compare-play"],
    "should-i-bid": ["should-i-bid", "Pig Hearts", *PIG_HAND, "--deals", "40", "--play", "random"],
    "should-i-bid classic": ["should-i-bid", "order up", *EUCHRE, "--variant", EVERY_OPTION, "--deals", "60"],
    "should-i-bid --score": ["should-i-bid", "Pig Hearts", *PIG_HAND, "--deals", "40", "--score", "44-30"],
    "demo": ["demo", "--deals", "4"],
    "solve": [
        "solve",
        "--variant",
        EVERY_OPTION,
        "--trump",
        "Hearts",
        "--declarer",
        "1",
        "--deal",
        "JH JD AH 9C 9S / TC JC QC KC AC / TS JS QS KS AS / 9D TD QD KD AD",
    ],
    "best-card": [
        "best-card",
        *["--variant", EVERY_OPTION, "--contract", "order up", "--upcard", "9H", "--dealer", "4"],
        *["--bidder", "1", "--seat", "1", "--hand", "AS 9C", "--worlds", "20"],
        *["--tricks", "1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC"],
    ],
    "best-discard": [
        "best-discard",
        *["--variant", EVERY_OPTION, "--hand", "JD AH KS 9C TC", "--upcard", "9H"],
        *["--dealer", "4", "--bidder", "2", "--worlds", "20"],
    ],
    "best-gift": [
        "best-gift",
        *["--variant", "pigs-and-hogs", "--contract", "Pig Hearts", "--bidder", "1", "--seat", "3"],
        *["--hand", "JH AS KS QC 9C TD TD 9S", "--worlds", "10"],
    ],
    "games": ["games", "--variant", EVERY_OPTION, "--games", "10"],
    "games pimc": ["games", "--variant", "pigs-and-hogs", "--games", "2", "--play", "pimc", "--worlds", "2"],
    "tune": ["tune", "--variant", EVERY_OPTION, "--param", "order_up_threshold", "--values", "0.4,0.6"],
    "match-equity": ["match-equity", "--variant", "pigs-and-hogs", "--hands", "2000"],
    "match-equity classic": ["match-equity", "--variant", EVERY_OPTION, "--hands", "2000"],
    "rules": ["rules", EVERY_OPTION],
    "rules pigs-and-hogs": ["rules", "pigs-and-hogs"],
    "playout": ["playout", "--variant", EVERY_OPTION, "--seed", "3"],
    "playout six seats": ["playout", "--variant", "pigs-and-hogs", "--seed", "1", "--contract", "Pig Hearts"],
    "help": ["--help"],
}


def too_wide(output: str, width: int = 80) -> list[str]:
    """The lines wider than ``width``, but for a file's path alone on its line (a path
    cannot be broken)."""
    return [line for line in output.splitlines() if len(line) > width and " " in line.strip()]


def widest(output: str) -> int:
    return max(len(line) for line in output.splitlines() if " " in line.strip())


def run(arguments, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*arguments, *(["--games", "10"] if arguments[0] == "tune" else [])])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", SMALL)
def test_every_line_fits_80_columns(name, tmp_path, monkeypatch):
    output = run(SMALL[name], tmp_path, monkeypatch)
    assert not too_wide(output), name


def test_a_study_and_its_charts_fit_80_columns(tmp_path, monkeypatch):
    arguments = ["study", "--variant", "pigs-and-hogs", "--contracts", "lone", "--trumps", "8"]
    output = run([*arguments, "--hands", "60", "--seed", "1", "--out", "hog"], tmp_path, monkeypatch)
    assert widest(output) <= 80 and "strong hands: 8+ trumps" in output


@pytest.mark.parametrize("command", [name.split()[0] for name in SMALL if name != "help"])
def test_every_help_fits_80_columns(command):
    assert widest(CliRunner().invoke(main, [command, "--help"]).output) <= 80


def test_prose_wraps_to_a_narrower_or_wider_terminal(tmp_path, monkeypatch):
    arguments = SMALL["should-i-bid classic"]
    monkeypatch.setenv("COLUMNS", "60")
    narrow = run(arguments, tmp_path, monkeypatch)
    monkeypatch.setenv("COLUMNS", "160")
    wide = run(arguments, tmp_path, monkeypatch)
    assert widest(narrow) <= 60 < widest(wide) <= 160
    # the same words, only broken into lines differently (a variant wraps after its commas)
    assert " ".join(narrow.split()).replace(", ", ",") == " ".join(wide.split()).replace(", ", ",")


def test_match_equity_shows_as_many_scores_as_the_width_holds(tmp_path, monkeypatch):
    arguments = SMALL["match-equity"]
    default = run(arguments, tmp_path, monkeypatch)
    monkeypatch.setenv("COLUMNS", "120")
    wide = run(arguments, tmp_path, monkeypatch)
    assert widest(default) <= 80 < widest(wide) <= 120
