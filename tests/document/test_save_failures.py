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


def test_a_new_file_in_a_folder_that_refuses_it_says_to_choose_another_folder(tmp_path,
                                                                              monkeypatch):
    """There was no previous file, so nothing is "unchanged": it could not be saved there."""
    monkeypatch.setattr(files.os, "open", _fail_with(errno.EACCES))
    with pytest.raises(FileError) as e:
        save(_doc(1), tmp_path / "new.gsg")
    monkeypatch.undo()
    assert e.value.detail == ("could not save there because permission was denied "
                              "(Permission denied); nothing was written. Choose another "
                              "folder.")
    assert list(tmp_path.iterdir()) == []


def test_a_file_without_a_backup_yet_is_not_said_to_have_one(tmp_path, monkeypatch):
    path = tmp_path / "g.gsg"
    save(_doc(1), path)                                # saved once: no .bak yet
    monkeypatch.setattr(files.os, "fsync", _fail_with(errno.ENOSPC))
    with pytest.raises(FileError) as e:
        save(_doc(2), path)
    assert "; the previous file is unchanged. Free some space" in e.value.detail


def test_a_file_too_large_says_to_check_its_folder_or_choose_another(tmp_path, monkeypatch):
    path = tmp_path / "big.gsg"
    path.write_bytes(b" " * 2000)
    monkeypatch.setattr(files.reader, "MAX_BYTES", 1000)
    with pytest.raises(FileError) as e:
        files.load(path)
    assert e.value.detail == ("the file is larger than 0 MB, the most GradStudio reads; "
                              "check in its folder that it is the graph you meant, or "
                              "choose another file.")


def test_temporaries_are_named_so_that_a_later_start_can_tell_them_apart(tmp_path,
                                                                        monkeypatch):
    """A save killed between writing its temporary and renaming it leaves a file that
    ``stale_temporaries`` recognises once the process is gone, and nothing else."""
    path = tmp_path / "g.gsg"
    save(_doc(1), path)
    left = []
    real_replace = os.replace

    def killed(src, dst):                  # the process dies here: both temporaries stay
        left.extend(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp"))
        raise OSError(errno.EIO, os.strerror(errno.EIO))
    monkeypatch.setattr(files.os, "replace", killed)
    with pytest.raises(FileError):
        save(_doc(2), path)
    monkeypatch.setattr(files.os, "replace", real_replace)
    assert len(left) == 2
    for name in left:                     # made again, as a killed process leaves them
        (tmp_path / name).write_bytes(b"x")
    assert files.stale_temporaries(tmp_path) == []     # this process still runs
    monkeypatch.setattr(files, "_running", lambda pid: pid != os.getpid())
    assert [os.path.basename(p) for p in files.stale_temporaries(tmp_path)] == sorted(left)
    assert files.remove_stale_temporaries([tmp_path, tmp_path]) != []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gsg"]


@pytest.mark.parametrize("limit, grow", [
    ("MAX_BYTES", lambda doc: doc.add_node("tensor", {"value": [0.125] * 400})),
    ("MAX_NODES", lambda doc: doc.add_node("ones")),
    ("MAX_EDGES", lambda doc: doc.connect(doc.node_ids[0], doc.add_node("neg"), "self")),
    ("MAX_REGIONS", lambda doc: doc.add_region([doc.node_ids[0]])),
    ("MAX_ACTIONS", lambda doc: doc.add_action("zero_grad", {"tensor": doc.node_ids[0]})),
])
def test_saving_refuses_a_file_the_reader_would_refuse(saved_twice, monkeypatch, limit, grow):
    # issue 29: "Saving never checks the reader's 64 MB limit": a graph saved past one of
    # the reader's limits could never be opened again. One limit is lowered to what the
    # saved file holds now (so the file saved before still opens), then the graph grows
    # past it: the save refuses in one sentence and the file and its .bak stay as they were
    path, before, bak = saved_twice
    doc = files.load(path)
    doc.add_region([doc.node_ids[0]])
    doc.add_action("zero_grad", {"tensor": doc.node_ids[0]})
    doc.connect(doc.node_ids[0], doc.add_node("neg"), "self")
    save(doc, path)                       # (at the limits about to be set: it opens)
    before, bak = path.read_bytes(), (path.parent / "g.gsg.bak").read_bytes()
    held = {"MAX_BYTES": len(before), "MAX_NODES": 3, "MAX_EDGES": 1, "MAX_REGIONS": 1,
            "MAX_ACTIONS": 1}
    monkeypatch.setattr(files.reader, limit, held[limit])
    assert len(files.load(path).node_ids) == 3
    grow(doc)
    text = files.dumps(doc)
    with pytest.raises(FileError) as e:
        save(doc, path)
    _unchanged(path, before, bak)
    assert e.value.detail.startswith("could not save because ") and \
        e.value.detail.endswith("; the previous file is unchanged and the graph stays open.")
    assert e.value.detail.count(". ") == 0     # one sentence
    assert files.dumps(doc) == text            # the document itself is untouched
    with pytest.raises(FileError):             # (what the reader would have said)
        files.loads(text)


def test_saving_past_the_size_limit_says_how_big_the_file_would_be(tmp_path, monkeypatch):
    monkeypatch.setattr(files.reader, "MAX_BYTES", 3 * 2 ** 20)
    doc = Document()
    doc.add_node("tensor", {"value": [1 / 7] * 200_000})    # about 4 MB of text
    with pytest.raises(FileError) as e:
        save(doc, tmp_path / "big.gsg")
    assert e.value.detail == (
        "could not save because the file would be 4.0 MB, more than the 3 MB GradStudio "
        "opens (make the large literals or datasets smaller and save again); nothing was "
        "written and the graph stays open.")
    assert list(tmp_path.iterdir()) == []
