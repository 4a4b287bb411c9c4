"""numba's cached machine code is dropped when any kernel source changes.

numba keys a function's cache to its own file only: without this, a change to a kernel
function called from another file would leave the caller running the old code.
"""

from __future__ import annotations

from pathlib import Path

from spades.solver.search import drop_stale_machine_code


def _cache_files(folder: Path) -> set[str]:
    return {p.name for p in (folder / "__pycache__").glob("*.nb*")}


def test_cached_code_survives_until_a_source_changes(tmp_path: Path) -> None:
    (tmp_path / "callee.py").write_text("def f(): return 1\n")
    (tmp_path / "caller.py").write_text("def g(): return f()\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "caller.g-1.py311.nbi").write_bytes(b"index")
    (cache / "caller.g-1.py311.1.nbc").write_bytes(b"code")

    # First look: no digest yet, so nothing cached can be trusted.
    assert drop_stale_machine_code(tmp_path)
    assert _cache_files(tmp_path) == set()

    (cache / "caller.g-1.py311.nbi").write_bytes(b"index")
    assert not drop_stale_machine_code(tmp_path)
    assert _cache_files(tmp_path) == {"caller.g-1.py311.nbi"}

    # The callee changes in its own file: the caller's cached code goes too.
    (tmp_path / "callee.py").write_text("def f(): return 2\n")
    assert drop_stale_machine_code(tmp_path)
    assert _cache_files(tmp_path) == set()


def test_a_folder_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "kernel.py").write_text("x = 1\n")
    (tmp_path / "__pycache__").write_text("not a folder")
    assert not drop_stale_machine_code(tmp_path)
