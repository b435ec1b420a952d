"""numba's decorators for the kernels, with the on-disk cache kept correct across modules.

numba stamps a cached kernel with the hash of the one file that defines it, so an edit
to a helper in another file (``bits.popcount``, say, compiled into every caller) would
leave the callers' cached machine code stale.  This module registers a cache locator
for the files of this package only: it keeps numba's own choice of cache directory
(``NUMBA_CACHE_DIR`` when the user set it, else ``__pycache__`` beside the source, else
numba's user-wide cache directory, else a directory under the system's temporary
directory), but stamps every entry with one hash of all the package's sources.  Any
edit to any kernel file then makes every cached kernel stale, and numba recompiles.

The locator must be registered before the first ``@njit(cache=True)`` of the package
runs (numba picks a locator when the decorator is applied), so every kernel module takes
``njit`` and ``prange`` from here (``from .jit import njit``), never from numba itself
(tests/test_kernel_cache.py checks that): importing them registers the locator.  The
rest of the package (``tables``, the package itself) does not import numba.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from importlib import resources

from numba import njit, prange
from numba.core import caching

_PACKAGE = __name__.rpartition(".")[0]

__all__ = ["njit", "prange"]


def _source_files(folder, prefix=""):
    """(relative path, Traversable) of every ``.py`` file under ``folder``, in a fixed order."""
    for item in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if item.is_dir() and item.name != "__pycache__":
            yield from _source_files(item, f"{prefix}{item.name}/")
        elif item.name.endswith(".py"):
            yield prefix + item.name, item


def sources_hash() -> str:
    """The SHA-256 of every kernel source file and its path (resources also reads a zip)."""
    digest = hashlib.sha256()
    for path, item in _source_files(resources.files(_PACKAGE)):
        digest.update(path.encode() + b"\0")
        digest.update(item.read_bytes() + b"\0")
    return digest.hexdigest()


_KERNELS_DIR = os.path.dirname(os.path.realpath(__file__))
SOURCES_HASH = sources_hash()


class _TempDirLocator(caching.UserWideCacheLocator):
    """Last resort when no directory numba would use is writable: the temporary directory."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        base = os.path.join(tempfile.gettempdir(), f"euchre_mc-numba-{os.getuid()}")
        self._cache_path = os.path.join(base, self.get_suitable_cache_subpath(py_file))


class KernelCacheLocator(caching._CacheLocator):
    """numba's usual cache directory for a kernel of this package, stamped with
    SOURCES_HASH instead of the hash of the kernel's own file."""

    def __init__(self, inner):
        self._inner = inner

    def ensure_cache_path(self):
        self._inner.ensure_cache_path()

    def get_cache_path(self):
        return self._inner.get_cache_path()

    def get_source_stamp(self):
        return SOURCES_HASH

    def get_disambiguator(self):
        return self._inner.get_disambiguator()

    @classmethod
    def from_function(cls, py_func, py_file):
        if not os.path.realpath(py_file).startswith(_KERNELS_DIR + os.sep):
            return None  # not ours: numba's own locators take it
        for locator_class in caching.CacheImpl._locator_classes:
            if locator_class is cls:
                continue
            inner = locator_class.from_function(py_func, py_file)
            if inner is not None:
                return cls(inner)
        inner = _TempDirLocator.from_function(py_func, py_file)
        return None if inner is None else cls(inner)


def register() -> None:
    """Put KernelCacheLocator first in numba's list of locators (once)."""
    if KernelCacheLocator not in caching.CacheImpl._locator_classes:
        caching.CacheImpl._locator_classes.insert(0, KernelCacheLocator)


register()
