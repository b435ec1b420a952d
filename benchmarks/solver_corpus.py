"""The solver's own work in an analysis, recorded once and solved again: node counts on fixed corpora.

    python -m benchmarks.solver_corpus capture HAND DEALS FILE.npz
    python -m benchmarks.solver_corpus replay FILE.npz
    python -m benchmarks.solver_corpus questions FILE.npz
    python -m benchmarks.solver_corpus kinds FILE.npz
    python -m benchmarks.solver_corpus perfmap FILE.npz six|four
    python -m benchmarks.solver_corpus balance FILE.npz [WORKERS]

``capture`` runs ``analyse_hand("pigs-and-hogs", HAND, deals=DEALS, table="none")`` and
records every call it makes to the solver (``solve._solve_batch``: the deals, their
settings, the answers and node counts).  ``replay`` solves the recorded calls again on
one thread in this checkout: node counts (deterministic, the measure for a change to the
search), CPU time, and how many answers differ from the recording (must be 0).
``questions`` solves every exact count's deals again for each yes/no target on its own
(a fresh table each), by seat count: which questions cost the nodes, and what the
counts would cost if each value were known beforehand (its two proving questions
alone).  ``kinds`` splits a replay by kind of solve (exact counts or yes/no questions, of
six seats or of the lone bidder's four): solves, nodes and one-thread CPU time of each, so
that where an analysis spends its solver time is read off a command.  ``perfmap``
replays the exact counts (``six`` or ``four`` seats) after writing ``/tmp/perf-PID.map``,
so that ``perf`` names the compiled kernels; the object code is kept only for kernels
compiled in the process, so run it with an empty cache::

    NUMBA_CACHE_DIR=$(mktemp -d) perf record -o /tmp/solver.perf \
        python -m benchmarks.solver_corpus perfmap FILE.npz six
    perf report -i /tmp/solver.perf --no-children --sort symbol

``balance`` works out, from the recorded node counts, how busy ``WORKERS`` threads
(default 2) are when they take ranges from ``solve._share_out``'s counter: the time of
the slowest thread over the ideal (every thread's share equal), a node costing the same
wherever it is and each deal a few hundred nodes' set-up.  The solver's notes in
``benchmarks/RESULTS.md`` come from these commands; a replay against another copy of
the code runs this file with ``PYTHONPATH`` naming a folder whose ``euchre_mc`` links
to that copy, as ``benchmarks/against_base.py`` does.
"""

from __future__ import annotations

import sys
import time

import numpy as np

FIELDS = ("deals", "denoms", "declarers", "leaders", "actives", "n_tricks", "target", "tricks", "nodes")
DEAL_SETUP_NODES = 300  # a deal's fixed cost (buffers, first bounds), in nodes, for ``balance``


def capture(hand: str, deals: int, path: str) -> None:
    from euchre_mc.simulate import analyse_hand
    from euchre_mc.simulate.play import solve

    calls = []
    solve_calls = solve._solve_batch

    def recorded(deals_, denoms, declarers, leaders, actives, n_tricks, target, leads, progress):
        result = solve_calls(deals_, denoms, declarers, leaders, actives, n_tricks, target, leads, progress)
        settings = (deals_, denoms, declarers, leaders, actives, n_tricks, -1 if target is None else target)
        calls.append([np.array(value) for value in settings] + [result.tricks.copy(), result.nodes.copy()])
        return result

    solve._solve_batch = recorded
    try:
        analyse_hand("pigs-and-hogs", hand, deals=deals, table="none")
    finally:
        solve._solve_batch = solve_calls
    arrays = {f"{i}_{name}": value for i, call in enumerate(calls) for name, value in zip(FIELDS, call)}
    np.savez(path, count=np.array(len(calls)), **arrays)
    solves = sum(call[0].shape[0] for call in calls)
    print(f"{len(calls)} calls, {solves:,} solves, {sum(int(call[-1].sum()) for call in calls):,} nodes")


def _calls(path: str) -> list[dict]:
    data = np.load(path)
    return [{name: data[f"{i}_{name}"] for name in FIELDS} for i in range(int(data["count"]))]


def _solve_call(call, rows=slice(None), target=None):
    """Solve a recorded call's deals ``rows`` again on one thread: its own target, or ``target``."""
    import numba

    from euchre_mc.simulate.play import solve

    numba.set_num_threads(1)
    if target is None:
        target = int(call["target"])
    settings = [call[name][rows] for name in ("deals", "denoms", "declarers", "leaders", "actives")]
    return solve._solve_batch(*settings, int(call["n_tricks"]), None if target < 0 else target, False, None)


def _seat_rows(call) -> dict[str, np.ndarray]:
    """A call's deals by seat count: "six" where every seat plays, "four" for the rest."""
    six = np.array([bin(int(active)).count("1") == 6 for active in call["actives"]])
    return {"six": np.flatnonzero(six), "four": np.flatnonzero(~six)}


def _exact_rows(path: str, seats: str) -> list[tuple[dict, np.ndarray]]:
    """Each exact-count call's deals of ``seats`` ("six": every seat plays; "four": the rest)."""
    chosen = []
    for call in _calls(path):
        if int(call["target"]) >= 0:
            continue
        rows = _seat_rows(call)[seats]
        if rows.size:
            chosen.append((call, rows))
    return chosen


def replay(path: str) -> None:
    calls = _calls(path)
    _solve_call(calls[0], slice(0, 1))  # loads the kernels before the clock
    nodes = recorded = differ = 0
    cpu = time.process_time()
    for call in calls:
        result = _solve_call(call)
        nodes += int(result.nodes.sum())
        recorded += int(call["nodes"].sum())
        differ += int((result.tricks != call["tricks"]).sum())
    cpu = time.process_time() - cpu
    print(
        f"nodes {nodes:,} ({nodes / recorded:.4f} of the recording's {recorded:,}); "
        f"answers differing {differ}; CPU {cpu:.2f} s, one thread"
    )


def kind_costs(path: str) -> list[dict]:
    """Each kind of solve of a recording, replayed on one thread: rows of ``question``
    ("exact" counts or "yes/no" target questions), ``seats`` ("six" or "four"), ``solves``,
    ``nodes`` and ``cpu`` (seconds), in that order of kinds."""
    calls = _calls(path)
    _solve_call(calls[0], slice(0, 1))  # loads the kernels before the clock
    totals: dict[tuple[str, str], list] = {}
    for call in calls:
        question = "exact" if int(call["target"]) < 0 else "yes/no"
        for seats, rows in _seat_rows(call).items():
            if not rows.size:
                continue
            cpu = time.process_time()
            nodes = int(_solve_call(call, rows).nodes.sum())
            cpu = time.process_time() - cpu
            total = totals.setdefault((question, seats), [0, 0, 0.0])
            total[0] += rows.size
            total[1] += nodes
            total[2] += cpu
    return [
        {"question": question, "seats": seats, "solves": solves, "nodes": nodes, "cpu": cpu}
        for (question, seats), (solves, nodes, cpu) in sorted(totals.items())
    ]


def kinds(path: str) -> None:
    rows = kind_costs(path)
    cpu = sum(row["cpu"] for row in rows)
    for row in rows:
        print(
            f"{row['question']} {row['seats']} seats: {row['solves']:,} solves, {row['nodes']:,} nodes, "
            f"CPU {row['cpu']:.2f} s ({row['cpu'] / cpu:.0%}; "
            f"{1e9 * row['cpu'] / max(row['nodes'], 1):.0f} ns a node), one thread"
        )


def question_costs(path: str) -> list[dict]:
    """For the exact counts of four and of six seats, each target's question asked on its own
    (a fresh table each): rows of seats, the call's place among them, its deals, target (0:
    the exact counts themselves), yes deals, nodes of yes and of no, and of those the nodes
    of the deals whose count is the target (``nodes_yes_at_value``) or one below it
    (``nodes_no_above_value``).  The exact-count row's ``nodes_known_value`` adds those two
    up: what the counts would cost if each deal's value were known beforehand and only the
    two questions that prove it were asked, each on a fresh table (the best any order of
    probes could do, less the table's reuse between them)."""
    rows_out = []
    for seats in ("four", "six"):
        for place, (call, rows) in enumerate(_exact_rows(path, seats)):
            exact = _solve_call(call, rows)
            common = {"seats": seats, "call": place, "deals": rows.size}
            counted = {**common, "target": 0, "nodes": int(exact.nodes.sum()), "nodes_known_value": 0}
            rows_out.append(counted)
            for target in range(1, int(call["n_tricks"]) + 1):
                result = _solve_call(call, rows, target)
                yes = result.tricks.astype(bool)
                row = {
                    **common,
                    "target": target,
                    "yes": int(yes.sum()),
                    "nodes_yes": int(result.nodes[yes].sum()),
                    "nodes_no": int(result.nodes[~yes].sum()),
                    "nodes_yes_at_value": int(result.nodes[exact.tricks == target].sum()),
                    "nodes_no_above_value": int(result.nodes[exact.tricks == target - 1].sum()),
                }
                counted["nodes_known_value"] += row["nodes_yes_at_value"] + row["nodes_no_above_value"]
                rows_out.append(row)
    return rows_out


def questions(path: str) -> None:
    for row in question_costs(path):
        if row["target"] == 0:
            print(
                f"{row['seats']} seats, {row['deals']:,} exact counts: {row['nodes']:,} nodes; "
                f"with each value known, its two questions alone: {row['nodes_known_value']:,}"
            )
        else:
            print(
                f"  at least {row['target']}: yes on {row['yes']:,} deals, nodes "
                f"{row['nodes_yes']:,} yes / {row['nodes_no']:,} no"
            )


def perfmap(path: str, seats: str) -> None:
    """Compile the solver here, map its symbols for ``perf``, then time the exact counts of ``seats``."""
    import gc
    import os
    import subprocess
    import tempfile

    import numba

    work = _exact_rows(path, seats)
    for call, rows in work:
        _solve_call(call, rows[:2])  # compiles the kernels in this process, keeping their objects
    symbols = []
    for dispatcher in gc.get_objects():
        if not isinstance(dispatcher, numba.core.registry.CPUDispatcher):
            continue
        for compiled in dispatcher.overloads.values():
            library = compiled.library
            if getattr(library, "_compiled_object", None) is None:
                continue  # loaded from the cache: no object code to read
            with tempfile.NamedTemporaryFile(suffix=".o") as obj:
                obj.write(library._compiled_object)
                obj.flush()
                listing = subprocess.run(
                    ["nm", "-S", "--defined-only", obj.name], capture_output=True, text=True, check=True
                ).stdout
            for line in listing.splitlines():
                parts = line.split()
                if len(parts) == 4 and parts[2] in "tT":
                    address = library.get_pointer_to_function(parts[3])
                    if address:
                        symbols.append((address, int(parts[1], 16), parts[3]))
    if not symbols:
        raise SystemExit("no kernel was compiled in this process: run it with an empty NUMBA_CACHE_DIR")
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for address, size, name in sorted(set(symbols)):
            out.write(f"{address:x} {size:x} {name}\n")
    cpu = time.process_time()
    nodes = sum(int(_solve_call(call, rows).nodes.sum()) for call, rows in work)
    print(f"{len(symbols)} symbols mapped; {nodes:,} nodes, CPU {time.process_time() - cpu:.2f} s")


def balance(path: str, workers: int = 2) -> None:
    slowest = ideal = 0.0
    for call in _calls(path):
        cost = call["nodes"].astype(float) + DEAL_SETUP_NODES
        count = cost.shape[0]
        step = max(1, min(256, count // (workers * 64)))  # as solve._share_out
        busy = np.zeros(workers)
        for first in range(0, count, step):
            busy[np.argmin(busy)] += cost[first : first + step].sum()
        slowest += busy.max()
        ideal += cost.sum() / workers
    print(f"{workers} threads: the slowest thread's work is {slowest / ideal:.4f} of an equal share")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "capture":
        capture(args[0], int(args[1]), args[2])
    elif command == "replay":
        replay(args[0])
    elif command == "questions":
        questions(args[0])
    elif command == "kinds":
        kinds(args[0])
    elif command == "perfmap":
        perfmap(args[0], args[1])
    elif command == "balance":
        balance(args[0], *(int(a) for a in args[1:]))
    else:
        raise SystemExit(
            f"{command!r}: the commands are capture, replay, questions, kinds, perfmap and balance"
        )
