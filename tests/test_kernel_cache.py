"""numba's on-disk cache stays correct when a kernel's callee in another file changes.

numba alone stamps a cached kernel with its own file only; ``simulate.kernels.cache``
stamps every kernel with a hash of all the kernel sources.  The test copies the package
to a temporary directory and runs ``dealing.deal_one`` (which draws through
``bits.next_random``) in fresh processes: once to fill the cache, once to see it load
from the cache, and once after ``next_random`` (another file) was edited, which must
give the edited result.  The expected deals come from runs with ``NUMBA_DISABLE_JIT=1``.
"""

import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

DEAL = """
import inspect
import json
import re
import numpy as np
from euchre_mc.simulate.kernels.dealing import deal_one

fixed = np.zeros(4, np.uint64)
need = np.full(4, 6, np.int64)
pool = np.arange(0, 48, 2, dtype=np.int64)
out = np.zeros(4, np.uint64)
deal_one(np.uint64(7), np.int64(3), fixed, need, pool, out)
stats = getattr(deal_one, "stats", None)
hits = sum(stats.cache_hits.values()) if stats else 0
print(json.dumps({"deal": [int(h) for h in out], "hits": hits, "module": deal_one.__module__}))
"""

DRAW = "return state, np.int64((value * np.uint64(bound)) >> np.uint64(32))"
ALWAYS_FIRST = "return state, np.int64(0)  # edited by the test: always the first card"


def copy_package(target: Path) -> Path:
    """A copy of the installed tree as ``target/euchre_mc`` (the top level is the package)."""
    package = target / "euchre_mc"
    ignore = shutil.ignore_patterns("__pycache__", ".*", "tests", "benchmarks", "*.egg-info", "demo-out")
    shutil.copytree(ROOT, package, ignore=ignore)
    return package


def run_deal(path: Path, cache_dir: Path | None, jit: bool = True) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["PYTHONPATH"] = str(path)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", DEAL], cwd=path, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("where", ["NUMBA_CACHE_DIR", "__pycache__ beside the source"])
def test_cached_caller_sees_an_edit_to_a_callee_in_another_file(tmp_path, where):
    package = copy_package(tmp_path)
    cache_dir = tmp_path / "numba-cache" if where == "NUMBA_CACHE_DIR" else None
    expected = run_deal(tmp_path, None, jit=False)["deal"]

    first = run_deal(tmp_path, cache_dir)
    assert first["module"] == "euchre_mc.simulate.kernels.dealing"
    assert (first["deal"], first["hits"]) == (expected, 0)
    again = run_deal(tmp_path, cache_dir)
    assert (again["deal"], again["hits"]) == (expected, 1)  # loaded from the cache
    cached = tmp_path / "numba-cache" if cache_dir else package / "simulate" / "kernels" / "__pycache__"
    assert any(cached.rglob("dealing.deal_one-*.nbi"))

    bits = package / "simulate" / "kernels" / "bits.py"
    source = bits.read_text()
    assert source.count(DRAW) == 1
    bits.write_text(source.replace(DRAW, ALWAYS_FIRST))
    edited = run_deal(tmp_path, None, jit=False)["deal"]
    assert edited != expected

    after = run_deal(tmp_path, cache_dir)
    assert (after["deal"], after["hits"]) == (edited, 0)  # recompiled, not the stale entry


def test_every_kernel_module_takes_njit_from_kernels_jit():
    # importing kernels.jit registers the locator, so it is in place before any decorator runs
    kernels = ROOT / "simulate" / "kernels"
    for path in sorted(kernels.rglob("*.py")):
        if path.name == "jit.py":
            continue
        text = path.read_text()
        assert not re.search(r"^\s*from numba import [^\n]*\b(njit|jit|prange)\b", text, re.M), path
        assert "numba.njit" not in text and not re.search(r"^\s*import numba\b", text, re.M), path


def test_tables_and_the_package_load_without_numba():
    code = "import sys, euchre_mc.simulate.kernels.rankings, euchre_mc.simulate.rules\n"
    code += "print('numba' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_locator_takes_only_kernel_files_and_falls_back_to_the_temporary_directory(tmp_path, monkeypatch):
    from numba.core import caching

    from euchre_mc.simulate.kernels import jit
    from euchre_mc.simulate.kernels.bits import mix64

    function = getattr(mix64, "py_func", mix64)  # a plain function under NUMBA_DISABLE_JIT=1
    kernel_file = inspect.getfile(function)
    assert jit.KernelCacheLocator.from_function(function, __file__) is None  # not a kernel
    found = jit.KernelCacheLocator.from_function(function, kernel_file)
    assert found.get_source_stamp() == jit.SOURCES_HASH
    # no directory numba would choose is usable: the temporary directory serves
    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [jit.KernelCacheLocator])
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    fallback = jit.KernelCacheLocator.from_function(function, kernel_file)
    assert fallback.get_cache_path().startswith(str(tmp_path / "euchre_mc-numba-"))
    assert fallback.get_source_stamp() == jit.SOURCES_HASH
