"""How long a run will take, said on stderr before it starts when that is over a minute.

A run's estimate is its units of work times the seconds one unit takes under its play
model and variant family: for an analysis, each main deal played in each layout (the
contracts that play alike share one), plus the options valued after the table's bids;
for games, tuning and match equity, each hand; for a study, each row.  The seconds per
unit are wall-clock figures of this program on the reference machine (two cores), timed
on a quiet machine with about a quarter added for a shared one (each estimate against
the run's wall time in benchmarks/RESULTS.md, "The long-run warning's estimate",
``python -m benchmarks.run forecast``).  A hand's own difficulty and the machine's load
move a run either way, so the estimate aims at a factor of two: enough to say "this
takes hours, not seconds" before the wait.  The warning names the options
that shorten the run.
"""

from __future__ import annotations

import click

from ..simulate.choices import PIMC_WORLDS

LONG_RUN = 60.0  # seconds: a longer run says so before it starts

# Seconds per main deal of one layout, by play model and seating: six seats (Pigs and
# Hogs, six-handed) or four (euchre, PiQ).  A lone six-seat contract is a sweep layout
# (made only by taking every trick): under dd the solver asks "does the bidder take every
# trick?", far cheaper than an exact count, and under PIMC most of its decisions are
# settled at once.
LAYOUT_SECONDS = {
    ("dd", 6, "exact"): 1.4e-3,
    ("dd", 6, "sweep"): 1e-4,
    ("dd", 4, "exact"): 2e-5,
    ("pimc", 6, "exact"): 0.06,
    ("pimc", 6, "sweep"): 1e-2,
    ("pimc", 4, "exact"): 1.2e-3,
    ("heuristic", 6, "exact"): 4e-6,
    ("heuristic", 4, "exact"): 2e-6,
    ("random", 6, "exact"): 2e-6,
    ("random", 4, "exact"): 1e-6,
}
DEAL_SECONDS = 2e-5  # an analysis's own work a deal, whatever the play: dealing, laying out
# A game's hand, dealt, bid by every seat, played and scored, by play model and seating
# (PIMC's at the default worlds a decision), and the hands a game lasts with the
# built-in strategies.
HAND_SECONDS = {
    ("dd", 6): 2.5e-3,
    ("dd", 4): 2e-4,
    ("pimc", 6): 0.22,
    ("pimc", 4): 1e-2,
    ("heuristic", 6): 6e-5,
    ("heuristic", 4): 3.5e-5,
}
HANDS_PER_GAME = {6: 16.8, 4: 11.5}
# match-equity samples each hand at 0-0 by both teams' strategies and keeps its outcome:
# (play, seats)
EQUITY_HAND_SECONDS = {
    ("dd", 6): 2e-3,
    ("dd", 4): 2.5e-4,
    ("heuristic", 6): 1.6e-4,
    ("heuristic", 4): 1.6e-4,
}
# A study's row (one seat of one deal, every contract of the variant) on one core:
# (play, seats, sweep contracts only).
ROW_SECONDS = {
    ("dd", 6, False): 7e-4,
    ("dd", 6, True): 5e-3,
    ("dd", 4, False): 1.6e-4,
    ("pimc", 6, False): 1.1,
    ("pimc", 6, True): 0.45,
    ("pimc", 4, False): 2.6e-2,
    ("heuristic", 6, False): 6.4e-5,
    ("heuristic", 6, True): 6.4e-5,
    ("heuristic", 4, False): 5e-5,
}


def layout_seconds(play: str, players: int, sweep: bool = False, worlds: int | None = None) -> float:
    """Seconds to play one deal in one layout (PIMC's in proportion to its worlds)."""
    seats = 6 if players >= 6 else 4
    kind = "sweep" if sweep and (play, seats, "sweep") in LAYOUT_SECONDS else "exact"
    seconds = LAYOUT_SECONDS[(play, seats, kind)]
    if play == "pimc":
        seconds *= (worlds or PIMC_WORLDS) / PIMC_WORLDS  # measured at the default
    return seconds


def analysis_seconds(question, deals: int, option_deals: int | None = None) -> float:
    """An analysis of ``question`` on ``deals`` main deals: every layout of its contracts,
    then (with a table model) the options valued on ``option_deals`` of them (default
    all), about one final contract played a deal."""
    from ..simulate.analysis.runner import contract_layouts

    players = question.variant.players
    worlds = question.worlds if question.model.samples_worlds else None
    layouts = contract_layouts(question)
    per_deal = sum(layout_seconds(question.play, players, layout.sweep, worlds) for layout in layouts)
    seconds = deals * (per_deal + DEAL_SECONDS)
    valued = deals if option_deals is None else min(option_deals, deals)
    if question.table is not None and valued:
        seconds += valued * layout_seconds(question.play, players, False, worlds)
    return seconds


def verdict_seconds(question, bid, deals: int, option_deals: int, alternative_deals: int) -> float:
    """should-i-bid: the ``bid`` (a Contract) on ``deals`` deals, it and passing valued after
    the table's bids on ``option_deals`` of them, every contract beside it on
    ``alternative_deals``."""
    from ..simulate.analysis.layouts import layout_of

    players = question.variant.players
    worlds = question.worlds if question.model.samples_worlds else None
    one = layout_seconds(question.play, players, layout_of(question, bid).sweep, worlds)
    valued = min(option_deals, deals) if question.table is not None else 0
    return (deals + valued) * one + analysis_seconds(question, min(alternative_deals, deals), option_deals=0)


def _cores(workers: int) -> int:
    import os

    return max(1, min(workers, os.cpu_count() or 1))


def games_seconds(
    players: int, play: str, hands: float, workers: int = 1, worlds: int | None = None
) -> float:
    """``hands`` hands, each bid and played once, shared by ``workers`` processes (at most
    the machine's cores)."""
    seats = 6 if players >= 6 else 4
    seconds = HAND_SECONDS[(play, seats)]
    if play == "pimc":
        seconds *= (worlds or PIMC_WORLDS) / PIMC_WORLDS
    return hands * seconds / _cores(workers)


def equity_seconds(players: int, play: str, hands: int) -> float:
    """match-equity: ``hands`` hands sampled (in this process)."""
    seats = 6 if players >= 6 else 4
    return hands * EQUITY_HAND_SECONDS.get((play, seats), EQUITY_HAND_SECONDS[("dd", seats)])


def study_seconds(
    players: int, play: str, rows: int, lone: bool, workers: int = 1, worlds: int | None = None
) -> float:
    """A study of ``rows`` rows (``lone``: the sweep contracts only), on ``workers``."""
    seats = 6 if players >= 6 else 4
    seconds = ROW_SECONDS.get((play, seats, lone and seats == 6), ROW_SECONDS[(play, seats, False)])
    if play == "pimc":
        seconds *= (worlds or PIMC_WORLDS) / PIMC_WORLDS
    return rows * seconds / _cores(workers)


def hands_in_games(players: int, games: int) -> float:
    return games * HANDS_PER_GAME[6 if players >= 6 else 4]


def duration(seconds: float) -> str:
    """``about 40 s``, ``about 23 min``, ``about 2.5 h``."""
    if seconds < 90:
        return f"about {seconds:.0f} s"
    if seconds < 90 * 60:
        return f"about {seconds / 60:.0f} min"
    if seconds < 100 * 3600:
        return f"about {seconds / 3600:.1f} h"
    return f"about {seconds / 3600:,.0f} h"


def long_run_warning(
    seconds: float, what: str, levers: tuple[str, ...], play: str | None = None
) -> str | None:
    """The warning for a run estimated at ``seconds``, or None when it is short.
    ``levers`` are the options that shorten it, in order; one that asks for the run's
    own play model (``--play PLAY``) is left out."""
    if seconds <= LONG_RUN:
        return None
    kept = [lever for lever in levers if lever != f"--play {play}"]
    said = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + ", or " + kept[-1]
    return f"this run may take {duration(seconds)} ({what}); shorter: {said}"


def warn_if_long(seconds: float, what: str, levers: tuple[str, ...], play: str | None = None) -> None:
    """Say on stderr, before the run starts, that it is long, and how to shorten it."""
    warning = long_run_warning(seconds, what, levers, play)
    if warning is not None:
        from .lines import fit

        click.echo(fit(warning), err=True)


__all__ = [
    "LONG_RUN",
    "analysis_seconds",
    "duration",
    "equity_seconds",
    "games_seconds",
    "hands_in_games",
    "layout_seconds",
    "long_run_warning",
    "study_seconds",
    "verdict_seconds",
    "warn_if_long",
]
