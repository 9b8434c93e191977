"""The timeline when the document is replaced (New, Open) while an action is selected:
the old document's action ids must never be looked up in the new one."""
import pytest

from gradstudio.document.examples import build
from gradstudio.ui.window_files import example_paths

from driving import main_window


@pytest.fixture
def window(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    w.session.set_document(build("05_retain_graph"))
    assert len(w.session.document.timeline) >= 3
    return w


@pytest.mark.parametrize("row", [0, 1, -1])
def test_new_with_an_action_selected_raises_nothing(window, row):
    window.timeline.select_action(window.session.document.timeline[row].id)
    window.files.new_document()
    assert window.errors == []
    assert window.timeline.list.count() == 0 and window.timeline.current_action_id is None
    assert window.timeline.details.hint.isVisibleTo(window.timeline)


def test_open_with_the_first_action_selected_shows_the_new_timeline(window):
    window.timeline.select_action(window.session.document.timeline[0].id)
    tutorial = example_paths()[0]
    assert window.files.open_file(tutorial)
    assert window.errors == []
    assert window.timeline.list.count() == len(window.session.document.timeline)
    window.timeline.list.setCurrentRow(0)            # the new document's own actions work
    assert window.timeline.current_action_id == window.session.document.timeline[0].id
