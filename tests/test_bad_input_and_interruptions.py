"""Bad input, interruptions and damage: each a one-line message and a clean exit.

The fast table runs every case in this process: the command line, the exit status it
must give and a fragment of its one-line message; no case may print a traceback or a
second line.  The slow fault cases (Ctrl-C of a whole process group as a terminal sends
it, SIGKILL, two studies at once) run real processes and are marked ``slow_faults``;
``make test`` runs them too (``-m "not slow_faults"`` leaves them out).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

BIG = "9" * 5000  # past Python's 4,300-digit limit on int()
PIG_HAND = ["--hand", "JH JH JD AH KH QH 9S AC"]
EUCHRE_HAND = ["--variant", "euchre", "--hand", "JH JD AH 9C TS", "--upcard", "9H", "--deals", "10"]
GAMES = ["--variant", "euchre", "--games", "5"]
TUNE = ["tune", *GAMES, "--param", "order_up_threshold", "--values", "0.5"]
GOOD_LINE = json.dumps(
    {
        "variant": "euchre",
        "hands": ["JH JD AH 9C 9S", "TC JC QC KC AC", "TS JS QS KS AS", "9D TD QD KD AD"],
        "trump": "Hearts",
        "declarer": 1,
    }
).encode()

# (case, arguments ({tmp} is a fresh folder), files to write first, exit status, message fragment)
CASES = [
    # numbers too long for int()
    (
        "huge level in --contracts",
        ["analyse", *PIG_HAND, "--contracts", f"{BIG} Hearts"],
        {},
        2,
        "(5000 digits)",
    ),
    (
        "huge level in --auction",
        ["analyse", *PIG_HAND, "--seat", "2", "--auction", f"{BIG} Hearts"],
        {},
        2,
        "levels are 1 to 8",
    ),
    ("huge level in should-i-bid", ["should-i-bid", f"{BIG} Hearts", *PIG_HAND], {}, 2, "levels are 1 to 8"),
    ("huge level in playout", ["playout", "--contract", f"{BIG} Hearts"], {}, 2, "levels are 1 to 8"),
    ("huge --known seat", ["analyse", *EUCHRE_HAND, "--known", f"{BIG}: JH"], {}, 2, "seats are 1 to 4"),
    ("huge --length", ["analyse", *EUCHRE_HAND, "--length", f"2: H {BIG}"], {}, 2, "at most 5 cards"),
    ("huge variant option", ["rules", f"euchre(target={BIG})"], {}, 2, "allowed is a whole number"),
    ("huge --declarer", ["solve", "--declarer", BIG], {}, 2, "--declarer"),
    (
        "huge --sitting-out",
        ["solve", "--deal", "x", "--trump", "Hearts", "--declarer", "1", "--sitting-out", BIG],
        {},
        2,
        "give seat numbers separated by commas",
    ),
    # counts whose memory cannot be had: capped at a documented maximum
    ("--deals 10**12", ["analyse", *PIG_HAND, "--deals", "1000000000000"], {}, 2, "from 1 to 1000000"),
    (
        "--max-deals 10**12",
        ["analyse", *PIG_HAND, "--precision", "0.01", "--max-deals", "10" * 7],
        {},
        2,
        "from 1 to 1000000",
    ),
    (
        "demo --deals 10**12",
        ["demo", "--deals", "1000000000000", "--out", "{tmp}"],
        {},
        2,
        "from 1 to 1000000",
    ),
    ("games --games 10**10", ["games", "--games", "10000000000"], {}, 2, "from 1 to 1000000000"),
    (
        "study --hands 10**15",
        ["study", "-n", "1000000000000000", "--out", "{tmp}/s"],
        {},
        2,
        "a study has at most 1,000,000",
    ),
    (
        "study --chunk-size 10**12",
        ["study", "-n", "5", "--chunk-size", "1000000000000", "--out", "{tmp}/s"],
        {},
        2,
        "a chunk holds 1 to 1,000,000 deals",
    ),
    ("games --trace 10**20", ["games", "--trace", "1" + "0" * 20], {}, 2, "allowed is a whole number from 0"),
    # malformed rules, auctions and worker counts
    (
        "an option given twice",
        ["rules", "euchre(target=5,target=6)"],
        {},
        2,
        "target of euchre is given twice",
    ),
    ("an option without a value", ["rules", "euchre(target)"], {}, 2, "write name=value"),
    ("an unknown variant", ["rules", "pinochle"], {}, 2, "variants are"),
    (
        "--auction ',,,'",
        ["analyse", *EUCHRE_HAND, "--seat", "4", "--auction", ",,,"],
        {},
        2,
        "bid 1 is empty",
    ),
    (
        "--auction 'pass,,pass'",
        ["analyse", *EUCHRE_HAND, "--seat", "4", "--auction", "pass,,pass"],
        {},
        2,
        "bid 2 is empty",
    ),
    (
        "--contracts ',,,'",
        ["analyse", *EUCHRE_HAND, "--contracts", ",,,"],
        {},
        2,
        "name at least one contract",
    ),
    ("games --workers 0", ["games", *GAMES, "--workers", "0"], {}, 2, "--workers 0: allowed is"),
    (
        "study --workers 1000",
        ["study", "-n", "5", "--out", "{tmp}/s", "--workers", "1000"],
        {},
        2,
        "--workers 1000: allowed is a whole number from 1 to 256",
    ),
    ("--score nonsense", ["analyse", *EUCHRE_HAND, "--score", f"{BIG}-0"], {}, 2, "--score"),
    # click's own usage errors: one line, like every other error
    ("an unknown option", ["analyse", "--hnd", "x"], {}, 2, "No such option '--hnd'"),
    ("an unknown command", ["analyze"], {}, 2, "No such command 'analyze'"),
    ("an unknown group option", ["--bogus"], {}, 2, "No such option '--bogus'"),
    ("a missing argument", ["rules"], {}, 2, "Missing argument 'VARIANT'"),
    ("a missing option", ["analyse"], {}, 2, "Missing option '--hand'"),
    ("--json and --csv", ["analyse", *EUCHRE_HAND, "--json", "--csv"], {}, 2, "choose one output format"),
    # output paths
    (
        "analyse --plot chart.xyz",
        ["analyse", *EUCHRE_HAND, "--plot", "{tmp}/chart.xyz"],
        {},
        2,
        "is not a chart format",
    ),
    (
        "analyse --plot in /sys",
        ["analyse", *EUCHRE_HAND, "--plot", "/sys/no/chart.png"],
        {},
        2,
        "does not exist",
    ),
    ("demo --out in /proc", ["demo", "--out", "/proc/no-demo", "--deals", "10"], {}, 2, "cannot be made"),
    ("tune --out tune.doc", [*TUNE, "--out", "{tmp}/tune.doc"], {}, 2, "is not a chart format"),
    ("study --out in /proc", ["study", "-n", "5", "--out", "/proc/no-study"], {}, 2, "cannot be written"),
    (
        "study --out under a file",
        ["study", "-n", "5", "--out", "{tmp}/file/study"],
        {"file": b""},
        2,
        "cannot be written",
    ),
    ("study --out a file", ["study", "-n", "5", "--out", "{tmp}/file"], {"file": b""}, 2, "is a file"),
    ("chart of no study", ["chart", "{tmp}"], {}, 2, "study.json"),
    (
        "chart of a corrupt study.json",
        ["chart", "{tmp}"],
        {"study.json": b"\xff\xfe\x00binary"},
        2,
        "study.json cannot be read",
    ),
    # strategy TOML
    (
        "base as a list",
        ["games", *GAMES, "--team-a", "{tmp}/s.toml"],
        {"s.toml": b'base = ["cautious"]'},
        2,
        "built-in strategies are",
    ),
    (
        "base as a table",
        ["games", *GAMES, "--team-a", "{tmp}/s.toml"],
        {"s.toml": b"[base]\nname = 'x'"},
        2,
        "built-in strategies are",
    ),
    (
        "a binary strategy",
        ["games", *GAMES, "--team-a", "{tmp}/s.toml"],
        {"s.toml": b"\x89PNG\r\n\x00\xff"},
        2,
        "is not text",
    ),
    (
        "a deeply nested strategy",
        [*TUNE, "--base", "{tmp}/s.toml"],
        {"s.toml": b"x = " + b"[" * 5000},
        2,
        "s.toml",
    ),
    ("a missing strategy", ["games", *GAMES, "--team-b", "{tmp}/none.toml"], {}, 2, "cannot be read"),
    # solve --batch (its bad lines: test_a_batch_keeps_its_good_lines)
    ("a missing batch file", ["solve", "--batch", "{tmp}/none.jsonl"], {}, 2, "none.jsonl"),
]


def _one_case(tmp_path: Path, arguments, files):
    for name, content in files.items():
        (tmp_path / name).write_bytes(content)
    arguments = [argument.replace("{tmp}", str(tmp_path)) for argument in arguments]
    return CliRunner().invoke(main, arguments)


@pytest.mark.parametrize(
    ("arguments", "files", "status", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_input_is_one_line(tmp_path, arguments, files, status, fragment):
    result = _one_case(tmp_path, arguments, files)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == status
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert fragment in lines[0]
    assert len(lines[0]) < 400  # a 5,000-digit input is named, not echoed


def test_a_batch_keeps_its_good_lines(tmp_path):
    """Binary, Latin-1, deeply nested and over-long lines are answered with an error in
    their place and named on stderr; the good lines are answered; exit status 2."""
    bad = [
        b"\x00\xff\xfe binary",
        '{"hands": "caf\u00e9"}'.encode("latin-1"),
        b"[" * 100_000,
        b'{"hands": [' + b"9" * 5000 + b'], "trump": "Hearts", "declarer": 1}',
        b"not json",
    ]
    path = tmp_path / "deals.jsonl"
    path.write_bytes(b"\n".join([GOOD_LINE, *bad, GOOD_LINE]) + b"\n")
    result = CliRunner().invoke(main, ["solve", "--batch", str(path), "--no-leads"])
    assert result.exit_code == 2
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 7
    assert answers[0] == answers[-1] == {"tricks": 5}
    errors = result.stderr.strip().splitlines()
    assert [line.split(":")[0] for line in errors] == [f"line {n}" for n in range(2, 7)]
    for answer, error in zip(answers[1:-1], errors):
        assert answer == {"error": error}
    assert "not UTF-8 text" in errors[0] and "not UTF-8 text" in errors[1]
    assert "nested too deeply" in errors[2]
    assert "thousands of digits" in errors[3]


def test_plain_euchre_mc_prints_its_help():
    result = CliRunner().invoke(main, [])
    assert "Commands:" in result.output


# --------------------------------------------------------------------------- slow faults

EUCHRE_MC = [sys.executable, "-m", "euchre_mc"]


def _session_processes(session: int) -> list[int]:
    """Processes of session ``session`` still alive (zombies excluded)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


def _interrupt(arguments, after: float, sig=signal.SIGINT, cwd=None, ready=None):
    """Run euchre-mc in its own session; once ``ready(pid)`` holds (or after ``after``
    seconds) send ``sig`` to the whole group (SIGINT: as a terminal's Ctrl-C) or, for
    SIGKILL, to the command alone.  Returns (exit status, stderr, seconds to stop)."""
    process = subprocess.Popen(
        [*EUCHRE_MC, *arguments],
        cwd=cwd,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    started = time.monotonic()
    while time.monotonic() - started < after and not (ready is not None and ready(process.pid)):
        time.sleep(0.1)
    assert process.poll() is None, process.communicate()
    if sig == signal.SIGKILL:
        os.kill(process.pid, sig)
    else:
        os.killpg(process.pid, sig)
    sent = time.monotonic()
    try:
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    stopped = time.monotonic() - sent
    deadline = time.monotonic() + 10
    while _session_processes(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _session_processes(process.pid)
    for pid in left:  # the test fails, but leaves no process behind
        os.kill(pid, signal.SIGKILL)
    assert left == [], "worker processes outlived the command"
    return process.returncode, err.decode(errors="replace"), stopped


def _chunks_written(out: Path, count: int = 1):
    return lambda _pid: (
        len(list((out / "rows").glob("part-*.parquet"))) >= count if (out / "rows").is_dir() else False
    )


def _loading_numpy(pid: int) -> bool:
    """Has the process begun to load numpy (its memory maps list numpy's libraries)?"""
    try:
        return "numpy" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


slow_faults = pytest.mark.slow_faults


@slow_faults
def test_ctrl_c_while_importing_exits_130():
    # an analysis loads numpy, then numba, for most of a second: Ctrl-C once numpy loads
    # (not after a fixed time, which on a busy machine may fall before Python has started)
    status, err, _ = _interrupt(
        ["analyse", "--variant", "euchre", "--hand", "JH JD AH KS 9C", "--upcard", "9H"],
        after=30,
        ready=_loading_numpy,
    )
    assert status == 130 and "Traceback" not in err and "interrupted" in err


@slow_faults
def test_ctrl_c_in_the_pig_discard_search_exits_130():
    status, err, _ = _interrupt(
        ["analyse", *PIG_HAND, "--contracts", "Pig Hearts", "--deals", "50000"], after=4
    )
    assert status == 130
    assert "Traceback" not in err and "Aborted" not in err


@slow_faults
@pytest.mark.parametrize(
    "arguments",
    [
        ["games", "--games", "1000000", "--workers", "2"],
        ["tune", "--param", "hog_threshold", "--values", "0.5,0.7", "--games", "1000000", "--workers", "2"],
    ],
    ids=["games", "tune"],
)
def test_ctrl_c_stops_games_and_tune_within_10_s(arguments):
    status, err, stopped = _interrupt(arguments, after=6)
    assert status == 130 and "Traceback" not in err
    assert stopped < 10


@slow_faults
@pytest.mark.parametrize("backend", ["local", "dask"])
def test_ctrl_c_stops_a_2_worker_study_keeping_its_chunks(tmp_path, backend):
    if backend == "dask":
        pytest.importorskip("dask.distributed")
    out = tmp_path / "study"
    arguments = [
        "study",
        "-v",
        "euchre",
        "-n",
        "400000",
        "--out",
        str(out),
        "--workers",
        "2",
        "--backend",
        backend,
    ]
    status, err, stopped = _interrupt(arguments, after=40, ready=_chunks_written(out))
    assert status == 130 and "Traceback" not in err
    assert stopped < 10
    assert "chunks are safe" in err and "--resume" in err


@slow_faults
def test_a_sigkilled_study_leaves_no_worker_running(tmp_path):
    out = tmp_path / "study"
    arguments = ["study", "-v", "euchre", "-n", "400000", "--out", str(out), "--workers", "2"]
    status, _, _ = _interrupt(arguments, after=40, sig=signal.SIGKILL, ready=_chunks_written(out))
    assert status == -signal.SIGKILL  # and _interrupt saw every worker and the resource tracker exit


@slow_faults
def test_two_studies_at_once_on_one_folder(tmp_path):
    out = tmp_path / "study"
    command = [
        *EUCHRE_MC,
        "study",
        "-v",
        "euchre",
        "-n",
        "40",
        "--chunk-size",
        "10",
        "--out",
        str(out),
        "--workers",
        "1",
        "--no-charts",
    ]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    results = sorted((run.wait(60), run.stderr.read().decode()) for run in runs)
    assert [status for status, _ in results] == [0, 2]
    refusal = results[1][1].strip().splitlines()
    assert len(refusal) == 1 and (
        "in use by another euchre-mc study" in refusal[0] or "not empty" in refusal[0]
    )
    chart = CliRunner().invoke(main, ["chart", str(out)])
    assert chart.exit_code == 0, chart.output


def _blocked_signals(queue) -> None:
    queue.put(sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])))


def test_a_worker_cannot_see_ctrl_c_before_it_ignores_them():
    # a worker starts when the pool needs it and takes seconds to import on a loaded
    # machine; a Ctrl-C meanwhile printed its KeyboardInterrupt traceback, so it starts
    # with SIGINT blocked and unblocks it only once it is ignored
    from euchre_mc.simulate.runtime.workers import _WorkerContext, start_pool

    context = _WorkerContext()
    queue = context.Queue()
    process = context.Process(target=_blocked_signals, args=(queue,))
    process.start()
    assert queue.get(timeout=60) == [int(signal.SIGINT)]
    process.join(60)
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # the parent's mask is back
    pool = start_pool(1)
    try:
        assert pool.submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN
        assert pool.submit(signal.pthread_sigmask, signal.SIG_BLOCK, []).result(timeout=60) == set()
    finally:
        pool.shutdown()


def test_a_dask_worker_that_loses_the_scheduler_logs_no_traceback():
    # after Ctrl-C the parent closes the LocalCluster's scheduler, and a worker's heartbeat
    # that finds it gone logged a traceback after the run's one-line report
    import logging

    from euchre_mc.simulate.runtime.workers import _not_a_lost_scheduler

    distributed = pytest.importorskip("distributed.comm.core")

    def record(error):
        try:
            raise error
        except Exception:
            exc_info = sys.exc_info()
        return logging.LogRecord("distributed.worker", logging.ERROR, __file__, 1, "heartbeat", (), exc_info)

    assert not _not_a_lost_scheduler(record(distributed.CommClosedError("Stream is closed")))
    assert _not_a_lost_scheduler(record(ValueError("a bug in a task")))
    warning = logging.LogRecord("distributed.worker", logging.WARNING, "", 1, "x", (), None)
    assert _not_a_lost_scheduler(warning)
