"""A save that fails leaves the file and its older .bak exactly as they were, and says
what happened in words (never "Unknown error")."""
import errno
import os

import pytest

from gradstudio.document import Document, files
from gradstudio.document.files import FileError, save, why_not_saved


def _doc(n):
    doc = Document()
    for _ in range(n):
        doc.add_node("ones")
    return doc


@pytest.fixture
def saved_twice(tmp_path):
    """A file saved twice: ``g.gsg`` (second version) and ``g.gsg.bak`` (first)."""
    path = tmp_path / "g.gsg"
    save(_doc(1), path)
    save(_doc(2), path)
    return path, path.read_bytes(), (tmp_path / "g.gsg.bak").read_bytes()


def _fail_with(code):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def _unchanged(path, before, bak):
    assert path.read_bytes() == before
    assert (path.parent / "g.gsg.bak").read_bytes() == bak
    assert sorted(p.name for p in path.parent.iterdir()) == ["g.gsg", "g.gsg.bak"]


def test_a_failed_replace_keeps_the_older_backup(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    real_replace = os.replace

    def replace(src, dst):
        if os.fspath(dst) == str(path):
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        real_replace(src, dst)
    monkeypatch.setattr(files.os, "replace", replace)
    with pytest.raises(FileError) as e:
        save(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)
    assert e.value.detail == ("could not save because permission was denied (Permission "
                              "denied); the previous file and its backup are unchanged. "
                              "Save it in a folder you can write to.")


def test_a_full_disk_is_named(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    monkeypatch.setattr(files.os, "fsync", _fail_with(errno.ENOSPC))
    with pytest.raises(FileError) as e:
        save(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)
    assert e.value.detail.startswith("could not save because the disk is full (No space "
                                     "left on device); the previous file and its backup "
                                     "are unchanged.")


def test_a_read_only_disk_is_named(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    monkeypatch.setattr(files.os, "open", _fail_with(errno.EROFS))
    with pytest.raises(FileError, match="because the disk is read-only .*Save it on another"):
        save(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)


def test_a_missing_folder_and_a_long_name_are_named(tmp_path):
    with pytest.raises(FileError, match="because the folder does not exist"):
        save(_doc(1), tmp_path / "nowhere" / "g.gsg")
    with pytest.raises(FileError, match="because the file name is too long"):
        save(_doc(1), tmp_path / ("g" * 300 + ".gsg"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("error", [OSError("Unknown error"), OSError(), OSError(0, "")])
def test_an_error_without_a_reason_is_not_called_unknown(error):
    text = why_not_saved(error)
    assert "unknown" not in text.lower()
    assert text.startswith("could not save because the system gave no reason;")
