"""The docstring examples of every installed module run and print what they show."""

import doctest
import importlib
import pkgutil

import pytest

import euchre_mc

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(euchre_mc.__path__, prefix="euchre_mc.")
    if info.name not in ("euchre_mc.__main__",)
)


def test_every_package_module_is_found():
    assert {"euchre_mc.cli", "euchre_mc.simulate.analysis.analyse", "euchre_mc.reports.analysis_text"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failed == 0
