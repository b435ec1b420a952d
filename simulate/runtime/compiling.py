"""Compiling the numba kernels ahead of use, and telling whether the cache holds them.

numba compiles a kernel on its first call and keeps the machine code in its on-disk
cache (see :mod:`..kernels.jit`), so only the first run after an install (or after an
edit to a kernel) pays for compiling: under a minute for the double-dummy solver and
the playouts, most of it the solver, and about a minute more for PIMC play.  This
module owns the kernel groups: the kernels a group's commands call first (its entry
points; their callees compile with them), a little library work that compiles the
group with exactly the signatures the library uses, who needs it (every command, PIMC
play, ``solve --batch``; the demo needs only a few), and the seconds each group took
to compile when measured (``COMPILE_SECONDS``, for the "about N s" the command line
announces).  Groups compile in parallel processes, one a core (:func:`compile_groups`).

Whether a group is cached is read from numba's index files, not by compiling: a kernel
is cached when its index exists and carries the current stamp of the kernel sources.
Reading every group's index takes milliseconds.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import kernels as kernel_package
from ..play.models import PIMC_KERNELS, PLAYOUT_KERNELS, SOLVER_KERNELS
from .workers import finished_jobs, start_pool, stop_pool

# best-card --rollout pimc: PIMC play from a position, a group of its own so that it
# compiles beside PIMC's playouts rather than after them.
ROLLOUT_KERNELS = "single-dummy rollouts (best-card)"
ROLLOUTS_NEEDED_BY = "best-card --rollout pimc"

# What a first run pays for each group on a quiet 2-core machine, in seconds, each
# group's warm-up alone on a cold cache (numba 0.68; benchmarks/RESULTS.md, "First run
# against be7207c", says how they were measured).  Only the "about N s" of the notices
# and the order the groups compile in (longest first) use them.
COMPILE_SECONDS = {
    "table model (bidding)": 8,
    "dealing and exchange": 2,
    PLAYOUT_KERNELS: 3,
    SOLVER_KERNELS: 32,
    "solve --batch line reader": 5,
    PIMC_KERNELS: 150,
    ROLLOUT_KERNELS: 150,  # it compiles PIMC's decision kernels too, which it calls
}

WARM_UP_VARIANT = "pigs-and-hogs"
WARM_UP_HAND = "JH JH JD AH KH QH 9S AC"


def _analyse(play: str) -> None:
    from ..analysis.analyse import analyse_hand

    # a Pig: dealing, the partners' gifts and the bidder's discards, then the play.  No
    # table model: its kernels are a group of their own, and compiling them here again
    # would lengthen this group's compile when the groups compile side by side
    analyse_hand(WARM_UP_VARIANT, WARM_UP_HAND, contracts="Pig Hearts", deals=2, play=play, table="none")


def _bidding() -> None:
    import numpy as np

    from ..bidding.table_model import consistent, continue_auction, soft_weights, table_model
    from ..rules.cards import faces_to_mask, parse_cards
    from ..rules.contracts import PASS
    from ..rules.variants import as_variant

    # the table model's wishes, the auction after them and inference, in a bid-euchre
    # and a classic game (dealer seat 1, the player seat 3), on made-up deals: every
    # seat holds the same cards, so no dealing kernel compiles here
    model = table_model("balanced")
    for name, hand, upcard in (("pigs-and-hogs", WARM_UP_HAND, None), ("euchre", "JH JD AH KH 9S", 9)):
        variant = as_variant(name)
        deals = np.full(
            (2, variant.players), faces_to_mask(parse_cards(hand, copies=variant.copies)), np.uint64
        )
        consistent(model, variant, 0, [PASS], deals, upcard, analysed=2)
        soft_weights(model, variant, 0, [PASS], deals, upcard, analysed=2)
        continue_auction(model, variant, 0, 2, [PASS], deals, upcard)


def _solve() -> None:
    from ..play.batch import solve_setup
    from ..play.solve import solve_position
    from ..rules.variants import as_variant

    _analyse("dd")  # the batch solver, as analyses call it
    # and one position, as ``euchre-mc solve`` asks it
    position = solve_setup(as_variant("euchre"), ["JH JD", "9S TS", "9C TC", "9D TD"], "Hearts", 1, 1, [])
    solve_position(*position)


def _solve_lines() -> None:
    from ..play.batch import solve_lines

    # one line of ``solve --batch``, with and without its leads: the line reader and the
    # answer writer
    line = '{"hands": ["JH JD", "9S TS", "9C TC", "9D TD"], "trump": "Hearts", "declarer": 1}'
    list(solve_lines([line], "euchre"))


def _pimc() -> None:
    from ..advice.best_card import best_card

    _analyse("pimc")  # PIMC playouts, as analyses, studies and games play them
    # and one position's worlds, as ``euchre-mc best-card`` values them
    best_card(
        "euchre",
        "order up",
        bidder=1,
        seat=1,
        hand="AS 9C",
        tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC",
        upcard="9H",
        dealer=4,
        worlds=2,
        first=1,
    )
    # against a loner whose bid the worlds hear: its trumps dealt on purpose (kernels.proposal)
    best_card(
        "euchre",
        "order up alone",
        bidder=2,
        seat=1,
        hand="AS KS QC 9D TD",
        upcard="9H",
        dealer=4,
        auction="pass, order up alone",
        worlds=2,
        max_worlds=2,
        first=1,
    )


def _rollouts() -> None:
    from ..advice.best_card import best_card

    # one position's worlds rolled out, as ``best-card --rollout pimc`` values them, with
    # uniform worlds and with a loner's trumps dealt on purpose
    position = dict(upcard="9H", dealer=4, worlds=2, max_worlds=2, first=1, rollout="pimc")
    best_card(
        "euchre",
        "order up",
        bidder=1,
        seat=1,
        hand="AS 9C",
        tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC",
        **position,
    )
    best_card(
        "euchre",
        "order up alone",
        bidder=2,
        seat=1,
        hand="AS KS QC 9D TD",
        auction="pass, order up alone",
        **position,
    )


@dataclass(frozen=True)
class KernelGroup:
    """Kernels compiled together, named for users."""

    name: str
    entry_names: tuple[str, ...]  # "module.kernel" under simulate.kernels
    warm_up: Callable[[], None]
    # Who needs it: "every command" that runs kernels, or only runs under "pimc" play
    # (the play model whose compile group it is: play/models.py; and the best-card
    # commands), or only "solve --batch", or only best-card's PIMC rollouts.
    needed_by: str = "every command"

    def entry_points(self) -> list:
        found = []
        for name in self.entry_names:
            module, _, kernel = name.rpartition(".")
            found.append(getattr(importlib.import_module(f"{kernel_package.__name__}.{module}"), kernel))
        return found

    def compile(self) -> float:
        """Compile the group (its warm-up work); the seconds it took."""
        start = time.perf_counter()
        self.warm_up()
        return time.perf_counter() - start

    def cached(self) -> bool:
        """Does numba's cache hold every entry point, stamped with the current sources?"""
        return all(_is_cached(kernel) for kernel in self.entry_points())


GROUPS = (
    KernelGroup(
        "table model (bidding)",
        (
            "bidding.bid_estimates_many",
            "bidding.classic_estimates_many",
            "bidding.bid_euchre_wishes_many",
            "bidding.classic_wishes_many",
            "bidding.allowed_bids_many",
            "bidding.auction_ranks_many",
            "bidding.bid_euchre_chances_many",
            "bidding.classic_chances_many",
        ),
        _bidding,
    ),
    KernelGroup(
        "dealing and exchange",
        ("dealing.deal_many", "exchange.exchange_many"),
        lambda: _analyse("random"),
    ),
    KernelGroup(
        PLAYOUT_KERNELS,
        ("play.play_random_many", "play.play_heuristic_many"),
        lambda: _analyse("heuristic"),
    ),
    KernelGroup(
        SOLVER_KERNELS,
        ("dd.search.dd_buffers", "dd.search.dd_solve_range", "dd.search.dd_solve_position"),
        _solve,
    ),
    KernelGroup(
        "solve --batch line reader",
        ("batch_lines.read_lines", "batch_lines.write_answers"),
        _solve_lines,
        needed_by="solve --batch",
    ),
    KernelGroup(
        PIMC_KERNELS,
        ("play.play_pimc_many", "pimc.pimc_values", "proposal.proposal_values"),
        _pimc,
        needed_by="pimc",
    ),
    KernelGroup(
        ROLLOUT_KERNELS,
        ("pimc_rollout.rollout_values", "pimc_rollout.deal_worlds", "proposal.deal_proposed_worlds"),
        _rollouts,
        needed_by=ROLLOUTS_NEEDED_BY,
    ),
)

# The groups the demo's analysis calls (tests/test_compiling.py runs it to check them).
DEMO_GROUPS = ("table model (bidding)", "dealing and exchange", SOLVER_KERNELS)


def _is_cached(kernel) -> bool:
    cache = getattr(kernel, "_cache", None)
    if cache is None:  # NUMBA_DISABLE_JIT: plain Python, nothing to compile
        return True
    cache_file = getattr(cache, "_cache_file", None)
    if cache_file is None:  # numba found no cache directory: every run compiles
        return False
    return bool(cache_file._load_index())


def uncached_groups() -> list[KernelGroup]:
    """The groups ``euchre-mc compile`` compiles (none when the cache holds everything)."""
    return [group for group in GROUPS if not group.cached()]


def groups_to_compile(pimc: bool = False, batch: bool = False, rollout: bool = False) -> list[KernelGroup]:
    """The groups a run needs (PIMC play's only under ``pimc``, the batch reader's only
    for ``batch``, best-card's rollouts only for ``rollout``) that the cache does not
    hold whole.  The command line compiles them whole before the run
    (reports.progress.compile_first): numba alone would compile only the kernels
    the run calls (a level-bid analysis never calls the Pig's exchange nor the
    one-position solver), leaving groups half cached and the next run's notice wrong."""
    needs = {"every command"} | ({"pimc"} if pimc else set()) | ({"solve --batch"} if batch else set())
    needs |= {ROLLOUTS_NEEDED_BY} if rollout else set()
    return [group for group in GROUPS if group.needed_by in needs and not group.cached()]


def demo_groups_to_compile() -> list[KernelGroup]:
    """The groups ``euchre-mc demo`` calls that the cache does not hold whole: its
    analysis bids by the table model, deals and exchanges, and plays double dummy, and
    never calls the random and heuristic playouts (a first ``make demo`` waits for no
    more than it uses; the other groups compile when a command first needs them)."""
    return [group for group in GROUPS if group.name in DEMO_GROUPS and not group.cached()]


def compile_processes(groups) -> int:
    """The processes :func:`compile_groups` compiles ``groups`` in: one a core, no more
    than the groups."""
    return max(1, min(len(groups), os.cpu_count() or 1))


def _longest_first(groups) -> list:
    return sorted(groups, key=lambda group: -COMPILE_SECONDS.get(group.name, 0))


def compile_seconds(groups) -> int:
    """About how long compiling ``groups`` takes (the recorded measurements), with
    :func:`compile_groups` sharing them out longest first among its processes."""
    loads = [0] * compile_processes(groups)
    for group in _longest_first(groups):
        loads[loads.index(min(loads))] += COMPILE_SECONDS[group.name]
    return max(loads)


def _compile_named(name: str) -> float:
    """A worker's job: compile the group called ``name``; the seconds it took."""
    (group,) = [group for group in GROUPS if group.name == name]
    return group.compile()


def compile_groups(groups) -> Iterator[tuple[KernelGroup, float]]:
    """Compile ``groups``, yielding each with its seconds as it finishes.  numba
    compiles on one core, and each group writes its own kernels to the cache, so
    several groups compile at once in worker processes, one a core, the longest
    first; this process then loads them from the cache.  One group (or one core)
    compiles here, where it is needed next.  Ctrl-C stops the workers at once."""
    groups = _longest_first(groups)
    processes = compile_processes(groups)
    if processes == 1:
        for group in groups:
            yield group, group.compile()
        return
    pool = start_pool(processes)  # workers that leave Ctrl-C to this process
    try:
        jobs = ((_compile_named, (group.name,)) for group in groups)
        for index, seconds in finished_jobs(pool, jobs, processes):
            yield groups[index], seconds
    finally:
        stop_pool(pool)
