"""Save never silently replaces what it did not write: a file changed on disk since the
window opened or last saved it (another window on the same file, another program), or a
read-only file, is replaced only when the user says Overwrite; Save As… and Cancel leave
it as it is. A file merely touched, or saved by this window itself, is not a conflict."""
import os
import stat

import pytest

from gradstudio.document import files
from gradstudio.document.examples import build
from gradstudio.ui import save_guard
from gradstudio.ui.commands import AddNode
from gradstudio.ui.window_files import example_paths

from driving import main_window


def _window(qtbot, tmp_path, name, answer=save_guard.CANCEL):
    w = main_window(qtbot, tmp_path / name)
    w.asked = []
    asked = w.asked                 # (the lambda holds the list, not the window)
    w.files.ask_overwrite = lambda reason: asked.append(reason) or answer
    return w


def _edit(w, kind="exp"):
    w.session.push(AddNode(w.session.document, kind, position=(0.0, 300.0)))


@pytest.fixture
def shared(tmp_path):
    path = tmp_path / "lesson.gsg"
    files.save(build("01_autograd_tutorial"), path)
    for name in ("a", "b", "c"):
        (tmp_path / name).mkdir()
    return path


@pytest.mark.parametrize("answer", [save_guard.CANCEL, save_guard.OVERWRITE,
                                    save_guard.SAVE_AS])
def test_two_windows_on_one_file_do_not_overwrite_each_other_silently(qtbot, tmp_path,
                                                                      shared, answer):
    first = _window(qtbot, tmp_path, "a", answer)
    second = _window(qtbot, tmp_path, "b")
    assert first.files.open_file(shared) and second.files.open_file(shared)
    _edit(second, "sin")
    assert second.files.save() and second.asked == []           # unchanged on disk: no question
    theirs = shared.read_bytes()
    _edit(first, "cos")
    other = tmp_path / "mine.gsg"
    first.ask_save_path = lambda *_: str(other)
    saved = first.files.save()
    assert len(first.asked) == 1 and "lesson.gsg" in first.asked[0]
    assert "changed on disk" in first.asked[0]
    if answer == save_guard.OVERWRITE:
        assert saved and shared.read_bytes() == files.dumps(first.session.document).encode()
    else:
        assert shared.read_bytes() == theirs               # the other window's work stays
    if answer == save_guard.SAVE_AS:
        assert saved and first.session.path == str(other.resolve())
        assert other.read_bytes() == files.dumps(first.session.document).encode()
    if answer == save_guard.CANCEL:
        assert not saved and first.session.is_modified


def test_a_file_touched_but_not_changed_and_a_window_s_own_saves_ask_nothing(qtbot,
                                                                            tmp_path, shared):
    w = _window(qtbot, tmp_path, "a")
    assert w.files.open_file(shared)
    os.utime(shared, ns=(0, 10**18))                      # touched: same bytes, new time
    _edit(w)
    assert w.files.save()
    _edit(w, "sin")
    assert w.files.save() and w.asked == []


def test_a_file_changed_by_another_program_of_the_same_size_is_seen(qtbot, tmp_path, shared):
    w = _window(qtbot, tmp_path, "a")
    assert w.files.open_file(shared)
    text = shared.read_bytes()
    shared.write_bytes(text.replace(b'"seed": 0', b'"seed": 1'))   # same size
    st = os.stat(shared)
    assert st.st_size == len(text)
    _edit(w)
    assert not w.files.save() and len(w.asked) == 1


def test_a_read_only_file_is_replaced_only_when_the_user_says_so(qtbot, tmp_path, shared):
    w = _window(qtbot, tmp_path, "a")
    assert w.files.open_file(shared)
    shared.chmod(stat.S_IRUSR)
    before = shared.read_bytes()
    _edit(w)
    assert not w.files.save()
    assert w.asked == ["“lesson.gsg” is read-only; saving now would replace it anyway."]
    assert shared.read_bytes() == before
    w.files.ask_overwrite = lambda reason: save_guard.OVERWRITE
    assert w.files.save() and shared.read_bytes() == files.dumps(w.session.document).encode()


def test_save_as_over_another_read_only_file_asks_too(qtbot, tmp_path, shared):
    w = _window(qtbot, tmp_path, "a")
    w.files.open_example(example_paths()[0])
    target = tmp_path / "protected.gsg"
    files.save(build("05_retain_graph"), target)
    target.chmod(stat.S_IRUSR)
    before = target.read_bytes()
    assert not w.files.save_as(target)
    assert len(w.asked) == 1 and "read-only" in w.asked[0]
    assert target.read_bytes() == before


def test_changed_since_reads_the_bytes_only_when_time_or_size_differ(tmp_path):
    path = tmp_path / "f.gsg"
    path.write_bytes(b"abc")
    stamp = save_guard.stamp_of(path)
    assert not save_guard.changed_since(path, stamp)
    os.utime(path, ns=(0, stamp.mtime_ns + 10**9))
    assert not save_guard.changed_since(path, stamp)      # touched: same bytes
    path.write_bytes(b"abd")
    assert save_guard.changed_since(path, stamp)
    path.unlink()
    assert not save_guard.changed_since(path, stamp)      # gone: saving makes it again
    assert save_guard.stamp_of(path) is None
