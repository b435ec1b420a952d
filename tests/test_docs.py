"""The rules reference, docs/rules.md, is the project's own and keeps up with the code.

The repository must not point at documents outside it (users who clone it never see
them), and the reference must name every variant and list every option of every
variant with its default, read from ``simulate.rules.variants.SPECS``, so that a new or changed
option fails here until the reference says what it does.
"""

import re
from pathlib import Path

from euchre_mc.simulate.rules.variants import SPECS

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"
SKIPPED_DIRS = {".git", ".venv", "build", "dist", "node_modules", "__pycache__"}
# Written in parts so that this file does not match itself.  The outside document's bare
# name counts too: the reference is docs/rules.md (the check is case-sensitive).
OUTSIDE_POINTERS = ("../" + "shared", "shared/" + "RULES" + ".md", "RULES" + ".md")


def project_files():
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if path.is_file() and path.suffix in (".py", ".md", ".toml") and not parts & SKIPPED_DIRS:
            if not any(part.endswith(".egg-info") for part in parts):
                yield path


def test_no_file_points_outside_the_repository():
    files = list(project_files())
    assert REFERENCE in files and ROOT / "README.md" in files and ROOT / "pyproject.toml" in files
    offenders = [
        f"{path.relative_to(ROOT)}: {pointer}"
        for path in files
        for pointer in OUTSIDE_POINTERS
        if pointer in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_readme_links_the_rules_reference():
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def options_table(text: str) -> set[tuple[str, str, str]]:
    """(variant, option, default) of every row of the reference's options table."""
    rows = set()
    for line in text.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in SPECS:
            rows.add((cells[0], cells[1], cells[3]))
    return rows


def test_reference_names_every_variant_with_a_section():
    text = REFERENCE.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    for name in SPECS:
        assert any(f"`{name}`" in heading for heading in headings), name


def test_reference_lists_every_option_of_every_variant_with_its_default():
    expected = {
        (name, option.name, option.format(option.default))
        for name, spec in SPECS.items()
        for option in spec.rule_options
    }
    assert options_table(REFERENCE.read_text(encoding="utf-8")) == expected


# The README is a guide: it links a page of docs/ for each job.
GUIDE_PAGES = ("analyse", "card-play", "studies", "games", "solver", "dask", "rules", "pimc", "architecture")


def pages():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'."""
    text = heading.strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(heading) for heading in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)}


def test_the_readme_links_a_page_for_each_job():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in GUIDE_PAGES:
        assert f"(docs/{name}.md" in text, name


def test_the_readme_is_short_and_starts_with_its_contents():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 320
    assert "## Contents" in lines[:40]


def test_every_link_between_the_pages_leads_somewhere():
    broken = []
    for page in pages():
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (page.parent / file_part).resolve() if file_part else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []
