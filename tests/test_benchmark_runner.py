"""The benchmark runner changes no tracked file unless asked: a run writes its results
to benchmarks/out/ (ignored by git), ``--record`` to the recorded benchmarks/results/.
The forecast benchmark's estimates are computed as the commands compute them (the
commands themselves run only under the runner)."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from benchmarks import bench_forecast, run

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fake_benchmark(monkeypatch, tmp_path):
    """A benchmark ``fake`` of one row, and the two result folders in ``tmp_path``."""
    module = types.ModuleType("benchmarks.bench_fake")
    row = {"benchmark": "fake", "value": 1.5, "unit": "s", "detail": "nothing", "command": "none"}
    module.run = lambda quick: [dict(row)]
    monkeypatch.setitem(sys.modules, "benchmarks.bench_fake", module)
    monkeypatch.setattr(run, "available", lambda: ["fake"])
    monkeypatch.setattr(run, "RESULTS", tmp_path / "results")
    monkeypatch.setattr(run, "SCRATCH", tmp_path / "out" / "results")
    monkeypatch.setattr(run, "_written_to", [run.SCRATCH])
    return tmp_path


def test_a_run_writes_to_the_ignored_folder_and_leaves_the_recorded_results(fake_benchmark, capsys):
    assert run.main(["fake"]) == 0
    written = json.loads((fake_benchmark / "out" / "results" / "fake.json").read_text())
    assert written["rows"][0]["value"] == 1.5
    assert not (fake_benchmark / "results").exists()
    assert "--record replaces the recorded ones" in capsys.readouterr().out


def test_record_replaces_the_recorded_results(fake_benchmark):
    assert run.main(["fake", "--record"]) == 0
    assert json.loads((fake_benchmark / "results" / "fake.json").read_text())["quick"] is False
    assert not (fake_benchmark / "out").exists()


def test_quick_runs_are_never_recorded(fake_benchmark):
    with pytest.raises(SystemExit):
        run.main(["fake", "--quick", "--record"])


def test_git_ignores_the_unrecorded_results_and_the_screenshots():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert "benchmarks/out/" in ignored
    assert run.SCRATCH.relative_to(ROOT).as_posix().startswith("benchmarks/out/")


@pytest.mark.parametrize("name", list(bench_forecast.WORKLOADS))
def test_every_forecast_workload_has_an_estimate(name):
    assert bench_forecast.estimate(bench_forecast.WORKLOADS[name]) > 0
