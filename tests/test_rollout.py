"""best-card --rollout pimc: each card valued by playing the rest of the deal with PIMC
for every seat, on the same worlds as the double-dummy values.

Where no later card is a choice (the last trick; the player last to the second-last
trick) the rollout and double dummy agree exactly, world by world, uniform worlds and
a loner's trumps dealt on purpose alike (so the worlds are the same ones); where later
cards are chosen it can change the answer (a defender's lone right bower); a seeded
rollout is the same on one thread and on two; the command line offers the option with
an example and refuses bad values in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.rules.variants import RulesError

LAST_TRICK = dict(
    variant="euchre",
    contract="order up",
    bidder=1,
    seat=1,
    hand="9C",
    tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC; 1: AS KS QS 9S",
    upcard="9H",
    dealer=4,
)
# seat 4 plays last to trick 4; trick 5 (one card each) is forced
SECOND_LAST = dict(
    variant="euchre",
    contract="order up",
    bidder=1,
    seat=4,
    hand="9S TS",
    tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC",
    current="1: KS QS AS",
    upcard="9H",
    dealer=4,
)
# the same against a loner whose bid the worlds hear: its trumps dealt on purpose
LONER_SECOND_LAST = dict(
    variant="euchre",
    contract="order up alone",
    bidder=1,
    seat=4,
    dealer=4,
    upcard="9H",
    auction="order up alone",
    hand="AS KS",
    tricks="1: JH 9C 9H; 1: JD TC QC; 1: AH KC AC",
    current="1: KH 9S",
)


def _numbers(advice) -> dict:
    out = advice.to_dict()
    for key in ("rollout", "rollout_worlds"):
        out.pop(key, None)
    return out


@pytest.mark.parametrize("position", [LAST_TRICK, SECOND_LAST, LONER_SECOND_LAST])
def test_where_no_later_card_is_a_choice_the_rollout_is_the_double_dummy_value(position):
    dd = best_card(**position, worlds=30, first=1)
    rolled = best_card(**position, worlds=30, first=1, rollout="pimc", rollout_worlds=3)
    assert _numbers(rolled) == _numbers(dd)
    assert rolled.rollout == "pimc" and "rollout" not in dd.to_dict()


def test_single_dummy_play_changes_the_answer_a_random_partners_side_keeps_its_lone_right_bower():
    # seat 4, whose partner seat 2 called Spades, won trick 1 and leads, holding the
    # right bower and three side cards.  In worlds that ignore the auction (a partner
    # dealt at random) double dummy leads the bower (every later card then played
    # perfectly); played out single dummy the bower lead is the worst of the four
    position = dict(
        variant="euchre",
        contract="call Spades",
        bidder=2,
        seat=4,
        dealer=4,
        upcard="9H",
        hand="KH JS QC QH",
        tricks="1: KD AC JD AD",
        play_evidence="none",
        inference="none",
    )
    dd = best_card(**position, worlds=400, max_worlds=400, first=1)
    rolled = best_card(**position, worlds=400, max_worlds=400, first=1, rollout="pimc")
    assert dd.best == "JS" and rolled.cards[-1].card == "JS"
    bower = next(row for row in rolled.cards if row.card == "JS")
    assert bower.behind > bower.behind_half_width > 0  # beyond the 95% interval
    assert not bower.equal_to_best
    # heard, the partner holds the spades it called, and both lead the bower
    heard = {key: value for key, value in position.items() if key != "inference"}
    assert best_card(**heard, worlds=100, max_worlds=100, first=1, rollout="pimc").best == "JS"


RUNS = r"""
import numba
from euchre_mc.simulate.advice.best_card import best_card

def advice():
  return [
best_card("euchre", "order up", bidder=1, seat=1, hand="JD AH KS 9C", tricks="1: JH QH TH 9H",
    upcard="9H", dealer=4, worlds=6, max_worlds=12, first=1, rollout="pimc", rollout_worlds=4).to_json(),
best_card("euchre", "order up alone", bidder=2, seat=1, hand="AS KS QC 9D TD", upcard="9H", dealer=4,
    auction="pass, order up alone", worlds=6, max_worlds=6, first=1, rollout="pimc",
    rollout_worlds=4).to_json(),
best_card("pigs-and-hogs", "Hog Hearts", bidder=1, seat=2, dealer=6, hand="AS KS QC 9C TD TD 9S 9D",
    current="1: JH", auction="Hog Hearts, pass, pass, pass, pass, pass", worlds=3, max_worlds=3, first=1,
    rollout="pimc", rollout_worlds=3).to_json()]

numba.set_num_threads(1)
one = advice()
numba.set_num_threads(2)
two = advice()
print(len(one), "runs,", "the same" if one == two else "DIFFERENT")
"""


def test_a_seeded_rollout_is_the_same_on_one_thread_and_two():
    env = dict(os.environ, NUMBA_NUM_THREADS="2")
    done = subprocess.run(
        [sys.executable, "-c", RUNS], env=env, capture_output=True, text=True, timeout=900, check=True
    )
    assert done.stdout.strip() == "3 runs, the same"


def test_the_library_refuses_bad_rollouts_in_one_line():
    with pytest.raises(RulesError, match="rollout 'sd': choose one of dd, pimc"):
        best_card(**LAST_TRICK, first=1, rollout="sd")
    with pytest.raises(RulesError, match="only a PIMC rollout samples worlds"):
        best_card(**LAST_TRICK, first=1, rollout_worlds=5)
    with pytest.raises(RulesError, match="allowed are whole numbers 1 to 1000"):
        best_card(**LAST_TRICK, first=1, rollout="pimc", rollout_worlds=0)


def _invoke(*arguments):
    return CliRunner().invoke(main, ["best-card", *arguments])


CARD = ["--variant", "euchre", "--contract", "order up", "--upcard", "9H", "--dealer", "4"]
CARD += ["--bidder", "1", "--seat", "1", "--hand", "JD AH KS 9C", "--tricks", "1: JH QH TH 9H"]


def test_the_help_shows_the_rollout_with_an_example():
    shown = _invoke("--help").output
    assert "--rollout [dd|pimc]" in shown and "--rollout-worlds K" in shown
    assert '--tricks "1: JH QH TH 9H" --rollout pimc --worlds 50' in shown


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--rollout", "sd"], "'sd' is not one of 'dd', 'pimc'"),
        (["--rollout", "pimc", "--rollout-worlds", "0"], "--rollout-worlds 0: allowed is a whole number"),
        (["--rollout-worlds", "5"], "only a PIMC rollout samples worlds (add --rollout pimc)"),
    ],
)
def test_bad_rollout_values_are_one_line_and_exit_2(extra, message):
    done = _invoke(*CARD, *extra)
    assert done.exit_code == 2
    assert message in done.output and len(done.output.strip().splitlines()) == 1
    assert "Traceback" not in done.output


def test_the_command_says_how_the_cards_were_valued():
    done = _invoke(*CARD, "--rollout", "pimc", "--worlds", "8", "--max-worlds", "8", "--rollout-worlds", "3")
    assert done.exit_code == 0, done.output
    assert "rest of the deal with PIMC for every seat (3 worlds a decision)" in " ".join(done.output.split())
    shown = json.loads(
        _invoke(*CARD, "--rollout", "pimc", "--worlds", "8", "--max-worlds", "8", "--json").output
    )
    assert (shown["rollout"], shown["rollout_worlds"], shown["worlds"]) == ("pimc", 10, 8)


def test_a_ctrl_c_keeps_the_rollouts_of_the_steps_finished(monkeypatch):
    from euchre_mc.simulate.kernels import pimc_rollout

    whole = _invoke(*CARD, "--rollout", "pimc", "--worlds", "25", "--max-worlds", "25", "--json")
    real, calls = pimc_rollout.rollout_values, []

    def stop_second_step(*args):
        calls.append(True)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(pimc_rollout, "rollout_values", stop_second_step)
    cut = _invoke(*CARD, "--rollout", "pimc", "--worlds", "100", "--json")
    assert cut.exit_code == 130 and "the 25 worlds finished of 100" in cut.stderr
    # the same 25 worlds, rolled out alike (only the cap on the growing sample differs)
    assert {**json.loads(cut.stdout), "max_worlds": 25} == json.loads(whole.stdout)


@pytest.mark.parametrize(
    "position",
    [
        dict(
            variant="piq", contract="order up", bidder=2, seat=1, hand="AS KS QC 9D TD", upcard="9H", dealer=4
        ),
        dict(variant="six-handed", contract="4 High", bidder=1, seat=1, hand="AS AS KS AH AH KH AD QC"),
        dict(
            variant="six-handed",
            contract="Alone Hearts",
            bidder=1,
            seat=2,
            hand="AS KS QC 9C TD TD 9S 9D",
            current="1: JH",
        ),
        dict(
            variant="pigs-and-hogs",
            contract="Pig Hearts",
            bidder=1,
            seat=1,
            hand="JH JH JD AH KH QH 9S AC",
            discards="9C TC",
        ),
        dict(
            variant="euchre",
            contract="order up",
            bidder=1,
            seat=1,
            hand="JD AH KS 9C",
            tricks="1: JH QH TH 9H",
            upcard="9H",
            dealer=4,
            score=(8, 9),
            play_evidence="soft",
        ),
    ],
    ids=["piq", "six-handed level", "six-handed Alone", "Pig bidder", "score, soft evidence"],
)
def test_every_variant_rolls_out_on_the_double_dummy_worlds(position):
    dd = best_card(**position, worlds=4, max_worlds=4, first=1)
    rolled = best_card(**position, worlds=4, max_worlds=4, first=1, rollout="pimc", rollout_worlds=3)
    assert (rolled.heard, rolled.played, rolled.effective_worlds) == (
        dd.heard,
        dd.played,
        dd.effective_worlds,
    )
    assert {row.card for row in rolled.cards} == {row.card for row in dd.cards}
    assert (rolled.cards[0].p_win is None) == ("score" not in position)


def test_the_first_run_compiles_the_rollouts_only_for_a_pimc_rollout(monkeypatch):
    from euchre_mc.reports.commands import shared
    from euchre_mc.simulate.runtime import compiling

    asked = []
    monkeypatch.setattr(shared, "compile_first", lambda **needs: asked.append(needs))
    shared.compiles_kernels(pimc=True)(lambda **_: None)(rollout="pimc")
    shared.compiles_kernels(pimc=True)(lambda **_: None)(rollout="dd")
    assert asked == [{"pimc": True, "batch": False, "rollout": True}, {"pimc": True, "batch": False}]
    monkeypatch.setattr(compiling.KernelGroup, "cached", lambda self: False)
    rollouts = [g.name for g in compiling.groups_to_compile(pimc=True, rollout=True)]
    assert compiling.ROLLOUT_KERNELS in rollouts
    assert compiling.ROLLOUT_KERNELS not in [g.name for g in compiling.groups_to_compile(pimc=True)]


def test_progress_counts_the_worlds_as_the_sample_grows_and_a_long_rollout_warns(monkeypatch):
    from euchre_mc.simulate.advice import rollout

    told, estimates = [], []
    advice = best_card(
        **SECOND_LAST, worlds=10, max_worlds=40, first=1, rollout="pimc", progress=lambda *a: told.append(a)
    )
    assert told[0] == (10, 10) and told[-1] == (advice.worlds, advice.worlds)
    best_card(**SECOND_LAST, worlds=10, first=1, rollout="pimc", forecast=estimates.append)
    assert estimates == [pytest.approx(rollout.rollout_seconds(4, 2, 5, 2, 40, 10))]  # the cap
    monkeypatch.setitem(rollout.ROLLOUT_SECONDS, 4, 100.0)
    done = _invoke(*CARD, "--rollout", "pimc", "--worlds", "4", "--max-worlds", "4")
    assert done.exit_code == 0 and "this run may take about" in done.stderr
    assert "shorter: --worlds, --max-worlds, or --rollout-worlds" in " ".join(done.stderr.split())


def _knowledge(monkeypatch, **position):
    """(known, gone) as the rollouts of ``position`` receive them: face-space masks."""
    from euchre_mc.simulate.kernels import pimc_rollout

    real, seen = pimc_rollout.rollout_values, []

    def capture(*args):
        seen.append((args[3].copy(), args[4].copy()))
        return real(*args)

    monkeypatch.setattr(pimc_rollout, "rollout_values", capture)
    best_card(**position, worlds=2, max_worlds=2, first=1, rollout="pimc", rollout_worlds=2)
    return seen[0]


def test_each_seat_of_a_rollout_knows_what_the_table_saw_and_the_player_its_own(monkeypatch):
    from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards

    def mask(cards):
        return faces_to_mask(parse_cards(cards))

    # the player deals, picked the 9H up and threw the TC: every seat knows the dealer
    # holds the 9H; only the dealer knows the TC is out of play
    known, gone = _knowledge(
        monkeypatch,
        variant="euchre",
        contract="order up",
        bidder=1,
        seat=4,
        dealer=4,
        upcard="9H",
        discards="TC",
        hand="9H AS KS QC 9D",
        current="1: JH 9C TS",
    )
    assert [int(known[v, 3]) for v in range(3)] == [mask("9H")] * 3
    assert int(gone[3]) & mask("TC") and not any(int(gone[v]) & mask("TC") for v in range(3))
    # turned down, the upcard is out of play for every seat
    known, gone = _knowledge(
        monkeypatch,
        variant="euchre",
        contract="call Spades",
        bidder=1,
        seat=1,
        dealer=4,
        upcard="9H",
        hand="JS AS KS QC 9D",
    )
    assert all(int(gone[v]) & mask("9H") for v in range(4)) and not known.any()


def test_the_step_a_ctrl_c_waits_for_does_not_change_the_values(monkeypatch):
    from euchre_mc.simulate.advice import rollout

    position = dict(
        variant="pigs-and-hogs",
        contract="Hog Hearts",
        bidder=1,
        seat=2,
        hand="AS KS QC 9C TD TD 9S 9D",
        current="1: JH",
        worlds=7,
        max_worlds=7,
        first=1,
        rollout="pimc",
        rollout_worlds=3,
    )
    steps = best_card(**position).to_json()
    monkeypatch.setitem(rollout.ROLLOUT_STEP, 6, 25)
    assert best_card(**position).to_json() == steps


def test_the_rollouts_streams_are_apart_from_the_worlds():
    from euchre_mc.simulate.advice.rollout import SALT_ROLLOUT
    from euchre_mc.simulate.kernels.bits import SALT_PIMC

    assert SALT_ROLLOUT == SALT_PIMC + (2 << 32)  # the rare bid's pilot has SALT_PIMC + 2 ** 32
