"""Analyses, games and tuning on Dask (simulate.runtime.cluster): the same results as a local run.

One LocalCluster of two single-threaded workers serves the library tests through its
scheduler's address (the path a real cluster takes); the command tests start their own
LocalCluster (``--backend dask --workers 2``, no scheduler).
"""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.bidding.strategy import load_strategy
from euchre_mc.simulate.games.game import play_games
from euchre_mc.simulate.games.results import tune_parameter
from euchre_mc.simulate.rules.variants import as_variant
from euchre_mc.simulate.runtime import cluster

distributed = pytest.importorskip("dask.distributed")

PH_HAND = "JH JH JD AH KH QH 9S AC"


@pytest.fixture(scope="module")
def scheduler():
    import logging

    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as local:
        yield local.scheduler_address


def run(*args):
    return CliRunner().invoke(main, list(args))


def _both(function, scheduler, **options):
    return function(**options), function(backend="dask", scheduler=scheduler, **options)


def test_dd_analysis_on_the_cluster_is_the_local_one(scheduler):
    # 300 deals: two chunks of the dd chunk size (250), one short; a Pig contract (its
    # discard searched here, played there), inference from the auction, the table stage
    options = dict(
        variant="pigs-and-hogs",
        hand=PH_HAND,
        seat=2,
        auction="3 Clubs, pass",
        contracts="Pig Hearts, Hog Hearts, 6 Hearts",
        deals=300,
        seed=5,
    )
    told = []
    local = analyse_hand(**options)
    remote = analyse_hand(
        backend="dask",
        scheduler=scheduler,
        progress=lambda done, total: told.append((done, total)),
        **options,
    )
    assert remote.to_json() == local.to_json()
    for contract, tricks in local.deal_tricks.items():
        assert np.array_equal(remote.deal_tricks[contract], tricks)
    # the main deals one a deal, then the table stage's share (300 valued deals over the one
    # exact layout, 6 Hearts)
    assert (300, 600) in told and told[-1] == (600, 600)
    assert [done for done, _ in told] == sorted(done for done, _ in told)


def test_precision_batches_on_the_cluster_are_the_local_ones(scheduler):
    local, remote = _both(
        analyse_hand,
        scheduler,
        variant="euchre",
        hand="JH JD AH 9C TS",
        upcard="9H",
        seat=3,
        precision=0.04,
        deals=250,
        max_deals=900,
        seed=2,
    )
    assert remote.to_json() == local.to_json() and local.settings.deals > 250


def test_pimc_analysis_on_the_cluster_is_the_local_one(scheduler):
    local, remote = _both(
        analyse_hand,
        scheduler,
        variant="euchre",
        hand="JH JD AH 9C TS",
        upcard="9H",
        seat=3,
        play="pimc",
        worlds=4,
        deals=50,  # chunks of 20, 20 and 10
        seed=4,
        contracts="order up",
    )
    assert remote.to_json() == local.to_json()


def test_games_on_the_cluster_are_the_local_ones(scheduler):
    teams = (load_strategy("cautious"), load_strategy("aggressive"))
    local, remote = _both(
        play_games, scheduler, variant="pigs-and-hogs", team_a=teams[0], team_b=teams[1], games=60, seed=1
    )
    for name in ("winner", "hands", "thrown_in", "scores", "contracts"):
        assert np.array_equal(getattr(remote, name), getattr(local, name)), name


def test_games_of_several_batches_on_the_cluster_are_the_local_ones(scheduler):
    teams = (load_strategy("balanced"), load_strategy("cautious"))
    options = dict(variant="euchre", team_a=teams[0], team_b=teams[1], games=90, seed=7, batch=16)
    ended = []
    local = play_games(**options)
    remote = play_games(
        backend="dask", scheduler=scheduler, progress=lambda done, total: ended.append(done), **options
    )
    assert np.array_equal(remote.scores, local.scores) and np.array_equal(remote.winner, local.winner)
    assert ended[-1] == 90 and ended == sorted(ended)


def test_tuning_on_the_cluster_is_the_local_one(scheduler):
    options = dict(
        variant=as_variant("pigs-and-hogs"),
        param="level_threshold",
        texts=["0.5", "0.8"],
        base=load_strategy("cautious"),
        opponent=load_strategy("cautious"),
        games=40,
        seed=3,
        play="heuristic",
        workers=2,
    )
    local, remote = _both(tune_parameter, scheduler, **options)
    assert remote.to_json() == local.to_json()


def test_games_command_on_a_local_cluster_prints_the_local_results():
    args = ["games", "--variant", "six-handed", "--games", "24", "--seed", "2", "--json"]
    local = run(*args)
    remote = run(*args, "--backend", "dask", "--workers", "2")
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout) == json.loads(local.stdout)


@pytest.mark.parametrize("command", ["analyse", "games", "tune"])
@pytest.mark.parametrize(
    "args,message",
    [
        (["--backend", "spark"], "'spark' is not one of 'local', 'dask'"),
        (
            ["--scheduler", "tcp://127.0.0.1:1"],
            "--scheduler tcp://127.0.0.1:1: a scheduler needs --backend dask",
        ),
        (
            ["--backend", "dask", "--scheduler", "nowhere"],
            "--scheduler 'nowhere': give the scheduler's address",
        ),
    ],
)
def test_bad_backends_and_schedulers_are_one_line_with_status_2(command, args, message):
    base = {
        "analyse": ["analyse", "--hand", PH_HAND, "--deals", "10"],
        "games": ["games", "--games", "2"],
        "tune": ["tune", "--param", "level_threshold", "--values", "0.5", "--games", "2"],
    }[command]
    result = run(*base, *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize(
    "base",
    [
        ["analyse", "--hand", PH_HAND, "--deals", "10"],
        ["games", "--games", "2"],
        ["tune", "--param", "level_threshold", "--values", "0.5", "--games", "2"],
        ["study", "--variant", "euchre", "--hands", "5", "--out", "unused-study"],
    ],
)
def test_an_unreachable_scheduler_is_one_line_after_the_timeout(base, monkeypatch, tmp_path):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    monkeypatch.chdir(tmp_path)
    result = run(*base, "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1")
    assert result.exit_code == 2, result.output
    assert "--scheduler tcp://127.0.0.1:1: no Dask scheduler answered within 1 s" in result.output
    assert "Traceback" not in result.output


def test_analyse_workers_need_the_dask_backend():
    result = run("analyse", "--hand", PH_HAND, "--deals", "10", "--workers", "2")
    assert (
        result.exit_code == 2 and "--workers 2: an analysis uses worker processes only with" in result.output
    )


def test_a_run_stopped_early_closes_its_client_with_the_dask_logs_quiet(scheduler, monkeypatch):
    # Ctrl-C (or an error) inside the run: the client closes while tornado's and
    # distributed's loggers pass only critical messages, so no cancelled callback's
    # traceback reaches the terminal before the command's one line; then they are as before.
    import contextlib
    import logging

    real, seen = cluster._quiet_logs, []

    @contextlib.contextmanager
    def watched():
        with real():
            seen.append(logging.getLogger("tornado.application").getEffectiveLevel())
            yield

    monkeypatch.setattr(cluster, "_quiet_logs", watched)
    before = logging.getLogger("tornado.application").getEffectiveLevel()
    with pytest.raises(KeyboardInterrupt), cluster.dask_client(1, scheduler) as client:
        raise KeyboardInterrupt
    assert client.status == "closed"
    assert seen == [logging.CRITICAL]
    assert logging.getLogger("tornado.application").getEffectiveLevel() == before
