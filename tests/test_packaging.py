"""The install: one package the project owns, ``euchre_mc``; tests and benchmarks stay out."""

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _copy_sources(tmp_path) -> Path:
    # Built from a copy: setuptools writes build/ and *.egg-info beside the sources.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "__pycache__", "*.egg-info", "demo-out"),
    )
    return source


def test_wheel_installs_only_euchre_mc(tmp_path):
    source = _copy_sources(tmp_path)
    built = subprocess.run(
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
        text=True,
    )
    # every package directory is declared: setuptools warned of each one left out
    assert "arning" not in built.stdout + built.stderr
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


def test_the_makefiles_editable_install_prints_nothing(tmp_path):
    # a first make demo showed setuptools' note on editable installs (and pip's notices):
    # pip runs as the Makefile runs it, into a folder of its own (not this venv)
    makefile = (ROOT / "Makefile").read_text()
    quiet_pip = re.search(r'^PIP := PYTHONWARNINGS="([^"]+)" \$\(BIN\)/python -m pip (.+)$', makefile, re.M)
    warnings, options = quiet_pip.groups()
    assert "--quiet" in options.split()
    source = _copy_sources(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "pip", *options.split(), "install", "--no-deps", "--no-build-isolation"]
        + ["--target", str(tmp_path / "target"), "-e", str(source)],
        env=dict(os.environ, PYTHONWARNINGS=warnings),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout + done.stderr == ""
    assert list((tmp_path / "target").glob("__editable__*euchre_mc*.pth"))


def test_make_demo_installs_what_the_tool_runs_on_and_make_test_the_extras():
    makefile = (ROOT / "Makefile").read_text()
    rules = dict(re.findall(r"^([$()\w. -]+):.*\n((?:\t.*\n)+)", makefile, re.M))
    assert "$(PIP) install -e .\n" in rules["$(RUN_STAMP)"]
    assert "$(PIP) install -e '.[test,dask]'" in rules["$(DEV_STAMP)"]
    prerequisites = dict(re.findall(r"^([\w-]+): (.*)$", makefile, re.M))
    assert prerequisites["demo"] == "$(RUN_STAMP)"
    assert prerequisites["test"] == prerequisites["install"] == "$(DEV_STAMP)"
    # one compile: the demo compiles the groups it uses itself
    assert "compile" not in rules["demo"] and "compile" not in rules["$(RUN_STAMP)"]
