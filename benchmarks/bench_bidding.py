"""The table model's bidding kernels against a baseline copy of the code, through commands
a user runs: whole games (every seat of every hand bids) and analyses whose deals must
explain an auction (every earlier bidder's rule checked on every deal dealt, exactly or
softly).

Only with ``EUCHRE_MC_BASE`` naming another copy of the code (see
:mod:`benchmarks.against_base`): each command runs in new processes, the baseline's and
this checkout's in turns, the least CPU time of each; the output must be the same.
"""

from __future__ import annotations

from benchmarks import against_base

COMMAND = "python -m benchmarks.run bidding"
REPEATS = 3
HAND = "JH JH JD AH KH QH 9S AC"
AUCTION = "3 Clubs, pass, 5 Spades"
CASES = {
    "games pigs-and-hogs, 4,000, heuristic play": [
        "games", "--variant", "pigs-and-hogs", "--games", "4000", "--workers", "1", "--seed", "5",
    ],
    "games euchre, 20,000, heuristic play": [
        "games", "--variant", "euchre", "--games", "20000", "--workers", "1", "--seed", "5",
    ],
    "analyse, exact inference, heuristic play": [
        "analyse", "--hand", HAND, "--seat", "4", "--auction", AUCTION,
        "--play", "heuristic", "--deals", "2000", "--json",
    ],
    "analyse, soft inference, heuristic play": [
        "analyse", "--hand", HAND, "--seat", "4", "--auction", AUCTION,
        "--inference", "soft", "--play", "heuristic", "--deals", "2000", "--json",
    ],
}  # fmt: skip


def run(quick: bool = False) -> list[dict]:
    base = against_base.base_folder()
    if base is None:
        return []
    rows = []
    for name, arguments in CASES.items():
        base_run, new_run = against_base.in_turns(
            against_base.COMMAND_SCRIPT, arguments, base, 1 if quick else REPEATS
        )
        rows += against_base.ratio_rows(
            f"{name} vs baseline",
            base_run,
            new_run,
            f"euchre-mc {' '.join(arguments)}; baseline {base}; new processes in turns, least CPU "
            f"of {1 if quick else REPEATS} each, the second run in each process",
            f"EUCHRE_MC_BASE={base} {COMMAND}",
        )
    return rows
