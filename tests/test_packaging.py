"""The install: one package the project owns, ``euchre_mc``; tests and benchmarks stay out."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_installs_only_euchre_mc(tmp_path):
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "__pycache__", "*.egg-info", "demo-out"),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(source),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "wheel"),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "wheel").glob("euchre_mc-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top_level = {name.split("/")[0] for name in names}
    assert {t for t in top_level if not t.endswith(".dist-info")} == {"euchre_mc"}
    assert "euchre_mc/cli.py" in names
    assert "euchre_mc/reports/commands/shared.py" in names
    assert "euchre_mc/simulate/analysis/analyse.py" in names
    assert "euchre_mc/simulate/kernels/jit.py" in names
    assert "euchre_mc/simulate/kernels/dd/search.py" in names
    assert "euchre_mc/reports/analysis_text.py" in names
    assert any(name.startswith("euchre_mc/simulate/data/") and name.endswith(".csv") for name in names)
    assert not any(
        "/tests/" in name or "/benchmarks/" in name or name.startswith("euchre_mc/tests") for name in names
    )
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "euchre-mc = euchre_mc.cli:run" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_no_top_level_cli_simulate_or_reports_module():
    code = (
        "import importlib.util, sys\n"
        f"sys.path = [p for p in sys.path if p not in ('', '.', {str(ROOT)!r})]\n"
        "print([m for m in ('cli', 'simulate', 'reports') if importlib.util.find_spec(m)])\n"
        "import euchre_mc.simulate.rules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd="/", capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
