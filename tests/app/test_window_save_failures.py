"""The window's save (QSaveFile) under failure: the file and its older .bak are left as
they were, and the message says what happened instead of Qt's "Unknown error"."""
import errno
import os
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QSaveFile

from gradstudio.document import Document, files
from gradstudio.ui import saving


def _doc(n):
    doc = Document()
    for _ in range(n):
        doc.add_node("ones")
    return doc


@pytest.fixture
def saved_twice(tmp_path):
    path = tmp_path / "g.gsg"
    saving.save_document(_doc(1), path)
    saving.save_document(_doc(2), path)
    assert (tmp_path / "g.gsg.bak").read_bytes() == files.dumps(_doc(1)).encode()
    return path, path.read_bytes(), (tmp_path / "g.gsg.bak").read_bytes()


def _unchanged(path, before, bak):
    assert path.read_bytes() == before
    assert (path.parent / "g.gsg.bak").read_bytes() == bak
    assert sorted(p.name for p in path.parent.iterdir()) == ["g.gsg", "g.gsg.bak"]


def test_a_failed_commit_keeps_the_file_and_the_older_backup(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    real_commit = QSaveFile.commit

    def commit(self):
        self.cancelWriting()
        real_commit(self)               # the temporary file goes; Qt reports failure
        return False
    monkeypatch.setattr(QSaveFile, "commit", commit)
    with pytest.raises(files.FileError) as e:
        saving.save_document(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)
    assert "unknown" not in str(e.value).lower()
    assert e.value.detail.startswith("could not save because ")


def test_a_short_write_on_a_full_disk_says_the_disk_is_full(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    monkeypatch.setattr(QSaveFile, "write", lambda self, data: 4096)
    monkeypatch.setattr(saving.os, "statvfs", lambda folder: SimpleNamespace(
        f_flag=0, f_bavail=0, f_frsize=4096))
    with pytest.raises(files.FileError) as e:
        saving.save_document(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)
    assert e.value.detail.startswith("could not save because the disk is full (No space "
                                     "left on device); the previous file and its backup "
                                     "are unchanged.")


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(files.FileError, match="because the folder does not exist"):
        saving.save_document(_doc(1), tmp_path / "nowhere" / "g.gsg")


def test_a_read_only_folder_is_named(saved_twice, monkeypatch):
    path, before, bak = saved_twice
    monkeypatch.setattr(QSaveFile, "open", lambda self, mode: False)
    monkeypatch.setattr(saving.os, "access", lambda p, mode: False)
    with pytest.raises(files.FileError, match="because permission was denied"):
        saving.save_document(_doc(3), path)
    monkeypatch.undo()
    _unchanged(path, before, bak)


def test_the_os_error_carries_an_errno(tmp_path):
    f = QSaveFile(os.fspath(tmp_path / "nowhere" / "x"))
    assert saving._os_error(f, tmp_path / "nowhere" / "x", 10).errno == errno.ENOENT
