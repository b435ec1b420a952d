"""The chunk driver (simulate.runtime.chunks): a chunk's result does not depend on where it
runs, results come in chunk order, and Ctrl-C keeps every chunk that had finished.

Studies, games, tuning and analyses pin the same on their own results (test_study.py,
test_cluster.py, test_friction.py); these pin the driver's own promises with a task
that any process can run: ``pow(k, 2)``.
"""

import pytest

from euchre_mc.simulate.runtime.chunks import ChunkRunner, Collected
from euchre_mc.simulate.runtime.cluster import BackendError


def square(k):
    return pow, (k, 2)


def test_chunks_in_process_come_in_chunk_order_and_each_is_told():
    told = []
    with ChunkRunner() as runner:
        assert runner.here and runner.slots() == 1
        got = list(runner.run(range(5), square, progress=lambda chunk, result: told.append((chunk, result))))
    assert got == [(k, k * k) for k in range(5)]
    assert told == got


def test_a_pool_of_two_gives_the_results_of_one_process():
    told = []
    with ChunkRunner(2) as runner:
        assert not runner.here and not runner.started  # the pool starts when a run needs it
        ordered = list(runner.run(range(7), square, progress=lambda chunk, _: told.append(chunk)))
        assert runner.started
        as_finished = list(runner.run(range(7), square, ordered=False))  # the same pool, a second run
    assert ordered == [(k, k * k) for k in range(7)]
    assert sorted(as_finished) == ordered and sorted(told) == list(range(7))
    assert not runner.started  # leaving the with block ended the workers


def test_here_computes_the_chunks_of_a_run_in_process_and_tells_its_own_progress():
    told = []
    with ChunkRunner() as runner:
        got = runner.collect(
            [2, 3], square, here=lambda k: k * k + 0, progress=lambda chunk, _: told.append(chunk)
        )
    assert got == Collected((2, 3), {0: 4, 1: 9}, False) and told == []


def test_ctrl_c_in_process_keeps_the_chunks_finished_before_it():
    def stop_at_chunk_2(chunk, _):
        if chunk == 2:
            raise KeyboardInterrupt

    with ChunkRunner() as runner:
        got = runner.collect(range(5), square, progress=stop_at_chunk_2)
    assert got.interrupted
    assert got.results == {0: 0, 1: 1, 2: 4}
    assert got.leading() == [(0, 0), (1, 1), (2, 4)]


def test_ctrl_c_on_a_pool_keeps_every_finished_chunk_and_stops_the_workers():
    def stop_at_first(chunk, _):
        raise KeyboardInterrupt

    with ChunkRunner(2) as runner:
        got = runner.collect(range(6), square, progress=stop_at_first)
        assert got.interrupted and not runner.started  # the workers were ended at once
        finished = [(got.chunks[place], got.results[place]) for place in sorted(got.results)]
        assert finished and all(result == chunk * chunk for chunk, result in finished)
        assert got.leading() == finished[: len(got.leading())]
        # the runner still serves: a later run starts new workers
        assert list(runner.run([3], square)) == [(3, 9)]


def test_run_raises_ctrl_c_after_stopping_the_workers():
    def stop(chunk, _):
        raise KeyboardInterrupt

    runner = ChunkRunner(2)
    with pytest.raises(KeyboardInterrupt), runner:
        list(runner.run(range(4), square, progress=stop))
    assert not runner.started


def test_bad_backends_are_refused_before_any_work():
    with pytest.raises(BackendError, match="a scheduler needs --backend dask"):
        ChunkRunner(2, "local", "tcp://127.0.0.1:1")
    with pytest.raises(BackendError, match="backends are local, dask"):
        ChunkRunner(2, "spark")
