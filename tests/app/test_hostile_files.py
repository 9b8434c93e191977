"""Files the loader accepts but that ask for a lot: the run stays bounded in time and
memory, says what it did not compute, and the session and the window stay usable."""
import gc
import tracemalloc

import pytest
from PySide6.QtCore import QSettings

from gradstudio.app import cli
from gradstudio.document import Document, files, limits
from gradstudio.ui.main_window import MainWindow
from gradstudio.ui.session import Session

MB = 1024 ** 2


@pytest.fixture(autouse=True, scope="module")
def _collect_qt_cycles_while_qt_lives():
    yield
    gc.collect()


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    """The same limit, smaller, so that each file runs in well under a second."""
    monkeypatch.setattr(limits, "MAX_RUN_BYTES", 64 * MB)


def _many_big_sources(n=2000):         # 300 KB on disk; 8 GB of tensors if all computed
    doc = Document()
    for i in range(n):
        doc.add_node("ones", {"shape": (1000, 1000)}, node_id=f"n{i}")
    return doc


def _retained_backwards(n=2000):       # 260 KB on disk; ~55 GB of snapshots unbounded
    doc = Document()
    x = doc.add_node("rand", {"shape": (1000, 1000), "requires_grad": True}, node_id="x")
    y = doc.add_node("mul", {"other": 2.0}, node_id="y")
    doc.connect(x, y, "self")
    s = doc.add_node("sum", {}, node_id="s")
    doc.connect(y, s, "self")
    for _ in range(n):
        doc.add_action("backward", {"target": s, "retain_graph": True})
    return doc


def _huge_eyes(n=1000):                # each 10^12 elements
    doc = Document()
    for i in range(n):
        doc.add_node("eye", {"n": 1000000}, node_id=f"e{i}")
    return doc


def _big_chain(n=5000):                # a chain of 1M-element products: 20 GB unbounded
    doc = Document()
    prev = doc.add_node("ones", {"shape": (1000, 1000), "requires_grad": True}, node_id="a")
    for i in range(n):
        nid = doc.add_node("mul", {"other": 1.0}, node_id=f"m{i}")
        doc.connect(prev, nid, "self")
        prev = nid
    return doc


HOSTILE = {"many_big_sources": _many_big_sources, "retained_backwards": _retained_backwards,
           "huge_eyes": _huge_eyes, "big_chain": _big_chain}


@pytest.fixture(params=sorted(HOSTILE))
def hostile_file(request, tmp_path):
    path = tmp_path / f"{request.param}.gsg"
    files.save(HOSTILE[request.param](), path)
    return path


def test_a_session_opens_each_file_within_bounded_memory(hostile_file):
    doc = files.load(hostile_file)
    tracemalloc.start()
    try:
        session = Session(doc)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 * MB
    result = session.result
    refused = [n for n in result.order if not result.state(n).ok] + \
        [o for o in result.outcomes if o.error]
    assert refused                                  # each file asks for too much
    assert all("limit" in (result.state(n).error or "") or
               result.state(n).error.startswith("Not computed")
               for n in result.order if not result.state(n).ok)
    session.set_step(result.step_count // 2)        # scrubbing still works
    assert session.state(result.order[0]) is not None


def test_the_command_line_runs_each_file(hostile_file, capsys):
    assert cli.main(["run", str(hostile_file)]) == 0
    out = capsys.readouterr().out
    assert "the limit is 1,000,000" in out or "its limit" in out
    assert cli.main(["explain", str(hostile_file)]) == 0     # explains what did run


def test_the_window_opens_the_worst_files(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    errors = []
    w.show_error = lambda title, text: errors.append(text)
    w.show()
    for name in ("retained_backwards", "many_big_sources"):
        path = tmp_path / f"{name}.gsg"
        files.save(HOSTILE[name](), path)
        assert w.files.open_file(path)
        assert w.session.result is not None and not errors
    last = w.session.result.state(w.session.result.order[-1])
    assert last.error.startswith("Not computed: the run keeps more than 64 MB")
