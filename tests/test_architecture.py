"""The package's shape: no import cycle, no private name reached across modules, no module
too long to read.

The import graph counts every import of the package's own modules, module-level and
inside functions alike, so an import moved into a function cannot hide a cycle.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "euchre_mc"
# The installed package's source folders (the repository's top level is the package).
SOURCES = [ROOT / "cli.py", ROOT / "__init__.py", ROOT / "__main__.py", ROOT / "interrupt.py"]
SOURCES += sorted((ROOT / "simulate").rglob("*.py")) + sorted((ROOT / "reports").rglob("*.py"))
LONGEST_MODULE = 900


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


MODULES = {module_name(path): path for path in SOURCES}


def imports_of(path: Path):
    """(imported module, names, line) for every import of the package's own modules."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == PACKAGE or target.startswith(PACKAGE + "."):
                yield target, [alias.name for alias in node.names], node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    yield alias.name, [], node.lineno


def graph() -> dict[str, set[str]]:
    edges = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for target, names, _ in imports_of(path):
            submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            for found in submodules or [target]:
                if found in MODULES and found != name:
                    edges[name].add(found)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_has_no_cycle():
    assert cycles(graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_sees_imports_inside_functions():
    edges = graph()
    # the analyse command loads the analyser only when it runs, to keep --help fast
    commands = edges["euchre_mc.reports.commands.analysis"]
    assert any(target.startswith("euchre_mc.simulate.analysis") for target in commands)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name):
    private = [
        f"line {line}: {target} import {n}"
        for target, names, line in imports_of(MODULES[name])
        for n in names
        if n.startswith("_") and target != name
    ]
    assert private == []


def test_no_module_is_over_900_lines():
    everything = SOURCES + sorted((ROOT / "tests").glob("*.py")) + sorted((ROOT / "benchmarks").glob("*.py"))
    long = {
        str(path.relative_to(ROOT)): n
        for path in everything
        if (n := len(path.read_text().splitlines())) > LONGEST_MODULE
    }
    assert long == {}
