"""A damaged study is detected, not trusted: resume verifies chunks, chart names damage.

Each case starts from a finished three-chunk study copied to a fresh folder, damages it
the way a crash, a disk or a user might, and checks what ``--resume`` and ``chart`` do.
"""

import fcntl
import shutil

import pandas as pd
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.study.run import run_study
from euchre_mc.simulate.study.store import (
    LOCK_FILE,
    StudyError,
    chunk_parquet,
    finished_chunks,
    part_path,
    read_params,
    read_rows,
    write_chunk,
)

DEALS, CHUNK, SEED = 30, 10, 4
VARIANT = "euchre"


def make(out, seed=SEED):
    run_study(VARIANT, DEALS, seed, out, play="heuristic", chunk_size=CHUNK)
    return out


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    out = make(tmp_path_factory.mktemp("pristine") / "study")
    return out, read_rows(out)


@pytest.fixture
def study(pristine, tmp_path):
    out = tmp_path / "study"
    shutil.copytree(pristine[0], out)
    return out


def resume(out, report=None):
    return run_study(
        VARIANT, DEALS, SEED, out, play="heuristic", chunk_size=CHUNK, resume=True, report=report
    )


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda path: path.write_bytes(path.read_bytes()[:200]), id="truncated"),
        pytest.param(lambda path: path.write_bytes(b""), id="zero-bytes"),
        pytest.param(lambda path: path.write_bytes(b"PAR1" + b"\0" * 300), id="garbage"),
        pytest.param(lambda path: path.unlink(), id="missing"),
    ],
)
def test_resume_computes_a_damaged_or_missing_chunk_again(study, pristine, damage):
    damage(part_path(study, 1))
    if part_path(study, 1).exists():
        with pytest.raises(StudyError, match=r"study .* is damaged: part-000001\.parquet"):
            read_rows(study)
    lines = []
    resume(study, report=lines.append)
    pd.testing.assert_frame_equal(read_rows(study), pristine[1])
    assert finished_chunks(study) == {0, 1, 2}
    assert all("computing chunk 1 again" in line for line in lines)


def test_a_chunk_with_the_wrong_row_count_is_computed_again(study, pristine):
    # the chunk's own identity, but rows lost: written through the store's own writer
    rows = pd.read_parquet(part_path(study, 2))
    write_chunk(study, 2, chunk_parquet(rows.iloc[:5], read_params(study), 2))
    lines = []
    resume(study, report=lines.append)
    assert lines == [
        f"resume: computing chunk 2 again: part-000002.parquet has 5 rows where chunk 2 has {CHUNK * 4}"
    ]
    pd.testing.assert_frame_equal(read_rows(study), pristine[1])


def test_a_chunk_of_another_study_is_refused(study, tmp_path):
    other = make(tmp_path / "other", seed=SEED + 1)
    shutil.copy(part_path(other, 1), part_path(study, 1))
    with pytest.raises(StudyError, match=r"part-000001.parquet belongs to another study .*move it away"):
        resume(study)
    with pytest.raises(StudyError, match=r"is damaged: part-000001\.parquet belongs to another study"):
        read_rows(study)


def test_a_chunk_moved_to_another_index_is_refused(study):
    shutil.copy(part_path(study, 0), part_path(study, 2))
    with pytest.raises(StudyError, match=r"part-000002\.parquet holds chunk 0 of this study, not chunk 2"):
        resume(study)


@pytest.mark.parametrize("name", ["notes.txt", "part-000007.parquet", "part-1.parquet"])
def test_stray_and_extra_files_in_rows_are_refused(study, name):
    (study / "rows" / name).write_text("not a chunk")
    with pytest.raises(StudyError, match=rf"holds {name}, not chunks of this study \(it has chunks 0 to 2\)"):
        resume(study)


def test_a_damaged_study_file_is_one_line(study):
    (study / "study.json").write_text('{"variant": "euchre", "hands": ')
    with pytest.raises(StudyError, match=r"study\.json is damaged or not a study"):
        resume(study)
    (study / "study.json").write_bytes(b"\xff\xfe\x00binary")
    result = CliRunner().invoke(main, ["chart", str(study)])
    assert result.exit_code == 2
    assert "study.json" in result.output and "damaged" in result.output
    assert "Traceback" not in result.output


def test_chart_names_a_damaged_chunk_in_one_line(study):
    part_path(study, 1).write_bytes(b"")
    result = CliRunner().invoke(main, ["chart", str(study)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].endswith("rerun it with --resume to repair it")
    assert "part-000001.parquet is not a readable Parquet file" in result.output


def test_an_unwritable_folder_is_refused_before_any_work(study, monkeypatch):
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if mode == os.W_OK else real(path, mode))
    with pytest.raises(StudyError, match="is not writable"):
        resume(study)


def test_a_second_study_on_a_folder_in_use_is_refused(tmp_path):
    out = tmp_path / "busy"
    out.mkdir()
    with open(out / LOCK_FILE, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(StudyError, match="is in use by another euchre-mc study"):
            make(out)
    make(out)  # once released, the folder is free (the lock file does not make it "not empty")
    assert finished_chunks(out) == {0, 1, 2}


def test_a_refused_non_empty_folder_is_left_as_it_was(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(StudyError, match="is not empty"):
        make(out)
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
