"""Errors a new user meets naming the way out: variant names near a mistyped one, the
variants listed when the VARIANT argument is missing, the classic-only commands and
options pointing to the classic variants, and the leader of trick 1 checked.

Each case runs the real command (click's runner) and checks the one error line and
its exit status; none deals or solves, so each takes milliseconds.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.rules.variants import RulesError, near_variants

VARIANTS = "pigs-and-hogs, six-handed, euchre, piq"


def error_of(*args) -> str:
    """The one line a refused command prints; its exit status must be 2."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: ")
    return line


# --------------------------------------------------------------------------- variant names


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("pigs", ["pigs-and-hogs"]),
        ("Pigs and Hogs", ["pigs-and-hogs"]),
        ("hogs", ["pigs-and-hogs"]),
        ("six", ["six-handed"]),
        ("6-handed", ["six-handed"]),
        ("eucher", ["euchre"]),
        ("classic", ["euchre"]),
        ("pi", ["pigs-and-hogs", "piq"]),
        ("bridge", []),
    ],
)
def test_near_variants(typed, meant):
    assert near_variants(typed) == meant


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "pigs"),
        ("analyse", "--variant", "pigs", "--hand", "JH JH JD AH KH QH 9S AC"),
        ("games", "--variant", "pigs(target=75)"),
    ],
)
def test_a_near_variant_name_is_suggested(args):
    assert error_of(*args).endswith(f"variants are {VARIANTS}; did you mean pigs-and-hogs?")


def test_a_far_variant_name_lists_the_variants_only():
    assert error_of("rules", "bridge") == f"Error: unknown variant 'bridge': variants are {VARIANTS}"


def test_a_near_option_name_is_suggested():
    line = error_of("rules", "euchre(no_trumps=true)")
    assert line.startswith("Error: unknown option 'no_trumps' for euchre: options are target, ")
    assert line.endswith("; did you mean no_trump?")


def test_the_missing_variant_argument_lists_the_variants():
    assert error_of("rules") == f"Error: Missing argument 'VARIANT'. Variants: {VARIANTS}."


# --------------------------------------------------------------------------- classic only

DISCARD = ("--hand", "JD AH KS 9C TC", "--upcard", "9H", "--dealer", "4", "--bidder", "2")


def test_best_discard_defaults_to_classic_euchre():
    result = CliRunner().invoke(main, ["best-discard", *DISCARD, "--worlds", "5"])
    assert result.exit_code == 0, result.output
    assert "Discard " in result.output


def test_best_discard_in_a_game_without_an_upcard_names_the_classic_variants():
    line = error_of("best-discard", "--variant", "pigs-and-hogs", *DISCARD)
    assert "pigs-and-hogs has no upcard" in line and "euchre or piq" in line and "--variant euchre" in line


@pytest.mark.parametrize(
    "args",
    [
        ("analyse", "--hand", "JH JH JD AH KH QH 9S AC", "--upcard", "9H"),
        ("should-i-bid", "order up", "--hand", "JH JH JD AH KH QH 9S AC"),
        ("should-i-bid", "call Spades", "--hand", "JH JH JD AH KH QH 9S AC"),
        ("analyse", "--hand", "JH AH KH QS 9C"),
        ("analyse", "--hand", "JH JH JD AH KH QH 9S AC", "--round", "1"),
    ],
    ids=["upcard", "order up", "call", "five cards", "round"],
)
def test_classic_input_without_variant_names_the_classic_variants(args):
    assert "euchre" in error_of(*args).split(":", 2)[-1]


# --------------------------------------------------------------------------- trick 1's leader

CLASSIC = dict(variant="euchre", contract="order up", bidder=1, upcard="9H", dealer=4, first=1, worlds=5)
BEST_CARD = ["best-card", "--variant", "euchre", "--contract", "order up", "--upcard", "9H"]
BEST_CARD += ["--dealer", "4", "--bidder", "1", "--worlds", "5"]


def test_trick_1_led_by_the_wrong_seat_is_refused_naming_both_seats():
    line = error_of(*BEST_CARD, "--seat", "2", "--hand", "QH JC KS 9S", "--tricks", "2: JH KH TH 9H")
    assert line == "Error: trick 1 led by seat 2: seat 1, left of the dealer (seat 4), leads it"


def test_a_trick_1_in_progress_led_by_the_wrong_seat_is_refused():
    line = error_of(*BEST_CARD, "--seat", "3", "--hand", "QH JC KS 9S AD", "--trick", "2: JH")
    assert "trick 1 led by seat 2: seat 1" in line


def test_on_lead_at_trick_1_from_the_wrong_seat_is_refused():
    line = error_of(*BEST_CARD, "--seat", "4", "--hand", "QH JC KS 9S AD")
    assert line == "Error: seat 4 on lead at trick 1: seat 1, left of the dealer (seat 4), leads it"


def test_a_lone_makers_partner_left_of_the_dealer_passes_the_lead_on():
    # seat 1 goes alone, seat 2 deals: seat 3 (the partner, sitting out) would lead, so seat 4 does
    alone = {**CLASSIC, "contract": "order up alone", "dealer": 2}
    with pytest.raises(RulesError, match=r"seat 4, the first seat that plays left of the dealer \(seat 2\)"):
        best_card(**alone, seat=1, hand="JS AS KS 9C TD")
    advice = best_card(**alone, seat=1, hand="9C TD", tricks="4: 9S JH TS; 1: AH 9H QH; 1: JD TH KH")
    assert {row.card for row in advice.cards} == {"9C", "TD"}


def test_a_classic_call_needs_the_dealer_to_know_who_leads():
    with pytest.raises(RulesError, match=r"give the dealer \(--dealer\): the seat on its left leads trick 1"):
        best_card(**{**CLASSIC, "contract": "call Spades", "dealer": None}, seat=1, hand="JS AS KS 9C TD")


def test_in_bid_euchre_the_bidder_leads_trick_1():
    hog = dict(variant="pigs-and-hogs", contract="Hog Hearts", bidder=1, first=1, worlds=5)
    with pytest.raises(RulesError, match="seat 2 on lead at trick 1: the bidder, seat 1, leads it"):
        best_card(**hog, seat=2, hand="JH JH JD JD AH AH KH AC")
    assert best_card(**hog, seat=1, hand="JH JH JD JD AH AH KH AC").cards
