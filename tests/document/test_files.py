"""Graph files: canonical round trip, migration, atomic save, and one located
``DocumentError`` for every kind of defect."""
import json
import math
import os
import pathlib

import pytest

from gradstudio.document import CATALOGUE, ACTION_KINDS, Document, DocumentError, run
from gradstudio.document import files
from gradstudio.document.files import (EXTENSION, FORMAT_VERSION, FileError, dumps, load, loads,
                                       save)

FIXTURES = pathlib.Path(__file__).parent / "fixtures"


# ----------------------------------------------------------------------------- documents
def lesson():
    """The autograd tutorial's first graph, with a region, a timeline and view state."""
    d = Document()
    x = d.add_node("ones", {"shape": (5,)}, (0, 0), "x")
    w = d.add_node("randn", {"shape": (5, 3), "requires_grad": True}, (0, 120), "w")
    b = d.add_node("randn", {"shape": (3,), "requires_grad": True}, (0, 240), "b")
    mm = d.add_node("matmul", position=(200, 60))
    z = d.add_node("add", position=(400, 120), label="z")
    loss = d.add_node("mean", position=(600, 120), label="loss", watched=True)
    d.connect(x, mm, "self")
    d.connect(w, mm, "other")
    d.connect(mm, z, "self")
    d.connect(b, z, "other")
    d.connect(z, loss, "self")
    d.add_region([z], label="frozen")
    d.add_action("backward", {"target": loss, "retain_graph": True})
    d.add_action("grad", {"outputs": [loss], "inputs": [w, b]})
    d.add_action("zero_grad", {"tensor": w})
    d.add_action("set_grad_none", {"tensor": b})
    d.set_seed(2 ** 63 - 1)
    d.view = {"zoom": 1.25, "center": [10.5, -3], "grid": True, "theme": "dark"}
    return d


def every_kind():
    """One node of every catalogue kind with its default params, in a chain where it can
    take an input; exercises every ParamSpec kind."""
    d = Document()
    src = d.add_node("tensor", {"value": [[1, 2.5], [True, -0.0]], "dtype": "float64"})
    for i, name in enumerate(CATALOGUE):
        n = d.add_node(name, position=(i * 10.0, -i / 3))
        ports = CATALOGUE[name].input_names(d.node(n).params)
        if ports:
            d.connect(src, n, ports[0])
    return d


def odd_values():
    d = Document()
    d.set_seed(None)
    d.add_node("full", {"fill_value": math.inf, "shape": (2, 0)}, (1e-300, -1e9 + 1), "θ_1")
    d.add_node("full", {"fill_value": -math.inf, "shape": (1,)}, (-0.0, 0.1 + 0.2))
    d.add_node("index", {"key": "..., None, 1:3:2"})
    c = d.add_node("cat", {"count": 3, "dim": -1})
    for p in ("t0", "t2"):
        d.connect(d.node_ids[0], c, p)
    return d


def edited():
    """A document after removals, restores and moves, so ids and order are irregular."""
    d = lesson()
    removed = d.remove_node("n4")
    d.add_node("exp", node_id="late")
    d.restore_node(removed)
    d.move_action(d.timeline[-1].id, 0)
    d.remove_node("n2")                  # actions naming n2 stay (they fail at run time)
    return d


DOCS = [Document, lesson, every_kind, odd_values, edited]


def _facts(d):
    return ([(n.id, n.kind, n.params, n.position, n.label, n.watched) for n in d.nodes()],
            d.edges(), {r.id: (r.label, r.nodes) for r in d.regions.values()},
            [(a.id, a.kind, a.params) for a in d.timeline], d.seed, d.view)


@pytest.mark.parametrize("make", DOCS, ids=lambda f: f.__name__)
def test_round_trip_is_byte_identical(make, tmp_path):
    doc = make()
    text = dumps(doc)
    assert text.endswith("}\n") and json.loads(text)["format_version"] == FORMAT_VERSION
    again = loads(text)
    assert _facts(again) == _facts(doc)
    assert dumps(again) == text
    path = tmp_path / ("g" + EXTENSION)
    save(again, path)
    first = path.read_bytes()
    save(load(path), path)
    assert path.read_bytes() == first == text.encode("utf-8")


def test_loaded_document_runs_like_the_original():
    doc = lesson()
    a, b = run(doc), run(loads(dumps(doc)))
    for n in doc.node_ids:
        assert a.state(n).text == b.state(n).text
        assert a.state(n).grad_text == b.state(n).grad_text


def test_unicode_identifier_labels_are_kept_and_other_labels_refused():
    assert "θ_1" in dumps(odd_values())
    text = dumps(lesson()).replace('"label": "loss"', '"label": "my loss"')
    with pytest.raises(DocumentError, match=r"nodes\[5\]: 'my loss' cannot be a name"):
        loads(text)
    text = dumps(lesson()).replace('"label": "loss"', '"label": "lambda"')
    with pytest.raises(DocumentError, match=r"nodes\[5\]: 'lambda' is reserved"):
        loads(text)


# ----------------------------------------------------------------------------- versions
def test_version_1_fixture_migrates_to_the_version_6_fixture():
    old = load(FIXTURES / "v1_lesson.gsg")
    expected = (FIXTURES / "v6_lesson.gsg").read_text(encoding="utf-8")
    assert dumps(old) == expected
    assert old.node("n2").position == (0.0, 120.5)
    assert old.inputs_of("n4") == {"self": "n1", "other": "n2"}
    assert old.regions["r1"].label == "no_grad" and old.view == {}


@pytest.mark.parametrize("name", ["v2_lesson.gsg", "v3_lesson.gsg", "v4_lesson.gsg",
                                  "v5_lesson.gsg"])
def test_older_fixtures_migrate_to_the_version_6_fixture(name):
    doc = load(FIXTURES / name)
    assert dumps(doc) == (FIXTURES / "v6_lesson.gsg").read_text(encoding="utf-8")
    assert doc.lesson is None and doc.exercise is None


def test_version_6_fixture_loads_and_saves_identically():
    text = (FIXTURES / "v6_lesson.gsg").read_text(encoding="utf-8")
    doc = loads(text)
    assert dumps(doc) == text
    assert [a.kind for a in doc.timeline] == ["backward", "zero_grad"]
    assert doc.topological_order()[-2:] == ["n6", "n7"] and doc.in_no_grad("n7")


@pytest.mark.parametrize("version, message", [
    (FORMAT_VERSION + 1, "written by a newer GradStudio"),
    (0, "whole number from 1"), ("2", "whole number from 1"), (True, "whole number from 1")])
def test_unsupported_versions(version, message):
    with pytest.raises(DocumentError, match=f"format_version: .*{message}"):
        loads(json.dumps({"format_version": version}))


@pytest.mark.parametrize("change, place", [
    (lambda n: n.update(x="left"), r"nodes\[0\]\.x: must be a number"),
    (lambda n: n.update(position=[0, 0]), r"nodes\[0\]\.position: a version 1 file"),
])
def test_version_1_defects_are_located_in_the_old_layout(change, place):
    data = json.loads((FIXTURES / "v1_lesson.gsg").read_text(encoding="utf-8"))
    change(data["nodes"][0])
    with pytest.raises(DocumentError, match=place):
        loads(json.dumps(data))


def test_version_1_edge_field_names():
    data = json.loads((FIXTURES / "v1_lesson.gsg").read_text(encoding="utf-8"))
    data["edges"][2]["source"] = "n1"
    with pytest.raises(DocumentError, match=r"edges\[2\]\.source: a version 1 file names"):
        loads(json.dumps(data))


# ----------------------------------------------------------------------------- saving
def test_save_keeps_the_previous_file_as_backup(tmp_path):
    path = tmp_path / "lesson.gsg"
    save(Document(), path)
    empty = path.read_bytes()
    assert not (tmp_path / "lesson.gsg.bak").exists()
    save(lesson(), path)
    assert (tmp_path / "lesson.gsg.bak").read_bytes() == empty
    assert path.read_bytes() == dumps(lesson()).encode()
    save(edited(), str(path))
    assert (tmp_path / "lesson.gsg.bak").read_bytes() == dumps(lesson()).encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.gsg", "lesson.gsg.bak"]


def test_backup_is_copied_where_hard_links_are_not_possible(tmp_path, monkeypatch):
    path = tmp_path / "lesson.gsg"
    save(lesson(), path)
    monkeypatch.setattr(files.os, "link", lambda *a: (_ for _ in ()).throw(OSError("no links")))
    save(Document(), path)
    assert (tmp_path / "lesson.gsg.bak").read_bytes() == dumps(lesson()).encode()
    assert path.read_bytes() == dumps(Document()).encode()


def test_save_through_a_symbolic_link_keeps_the_link(tmp_path):
    real = tmp_path / "real.gsg"
    save(Document(), real)
    link = tmp_path / "link.gsg"
    link.symlink_to(real)
    save(lesson(), link)
    assert link.is_symlink() and real.read_text(encoding="utf-8") == dumps(lesson())
    assert (tmp_path / "real.gsg.bak").read_text(encoding="utf-8") == dumps(Document())


def test_view_tuples_are_saved_as_lists():
    d = Document()
    d.view = {"center": (1.0, 2)}
    assert loads(dumps(d)).view == {"center": [1.0, 2]}


def test_save_keeps_the_file_mode(tmp_path):
    path = tmp_path / "shared.gsg"
    save(Document(), path)
    os.chmod(path, 0o640)
    save(lesson(), path)
    assert os.stat(path).st_mode & 0o777 == 0o640


@pytest.mark.parametrize("broken", ["replace", "final replace", "fsync", "write", "link"])
def test_a_failing_save_leaves_the_old_file_intact(tmp_path, monkeypatch, broken):
    path = tmp_path / "lesson.gsg"
    save(lesson(), path)
    before = path.read_bytes()
    real_replace = os.replace

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    def fail_final(src, dst):
        if os.fspath(dst) == str(path):
            fail()
        real_replace(src, dst)
    if broken == "write":
        monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: _FailingFile(fd))
    elif broken == "final replace":
        monkeypatch.setattr(files.os, "replace", fail_final)
    elif broken == "link":               # no hard links: the backup is copied instead,
        monkeypatch.setattr(files.os, "link", fail)          # and the copy fails too
        monkeypatch.setattr(files.shutil, "copyfile", fail)
    else:
        monkeypatch.setattr(files.os, broken, fail)
    with pytest.raises(DocumentError, match="could not save .*No space left.* unchanged"):
        save(Document(), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) in (["lesson.gsg"],
                                                          ["lesson.gsg", "lesson.gsg.bak"])


class _FailingFile:
    def __init__(self, fd):
        self.fd = fd

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        os.close(self.fd)

    def write(self, data):
        raise OSError(28, "No space left on device")


def test_save_into_a_missing_folder(tmp_path):
    with pytest.raises(DocumentError, match="could not save"):
        save(Document(), tmp_path / "nowhere" / "g.gsg")


def test_load_reports_a_missing_file(tmp_path):
    with pytest.raises(DocumentError, match=r"missing\.gsg: could not open"):
        load(tmp_path / "missing.gsg")


def test_load_checks_the_size_before_reading_everything(tmp_path, monkeypatch):
    path = tmp_path / "big.gsg"
    path.write_bytes(b" " * 5000 + dumps(Document()).encode())
    monkeypatch.setattr(files.reader, "MAX_BYTES", 1000)
    reads = []
    real_open = open

    def spy(*args, **kwargs):
        f = real_open(*args, **kwargs)
        real_read = f.read
        f_read = lambda n=-1: reads.append(n) or real_read(n)  # noqa: E731
        return _Proxy(f, f_read)
    monkeypatch.setattr(files, "open", spy, raising=False)
    with pytest.raises(DocumentError, match="larger than"):
        load(path)
    assert reads == [1001]


class _Proxy:
    def __init__(self, f, read):
        self.f, self.read = f, read

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


# ----------------------------------------------------------------------------- defects
def _lesson_data():
    return json.loads(dumps(lesson()))


def _defect(change):
    data = _lesson_data()
    result = change(data)
    return result if isinstance(result, str) else json.dumps(data)


DEFECTS = [
    # (name, change to the lesson's JSON (or replacement text), expected message)
    ("bad JSON", lambda d: dumps(lesson())[:-3], r"line 28, column 78: this is not valid JSON \(Expecting .,. delimiter\)"),
    ("not an object", lambda d: "[1, 2]", r"holds no JSON object"),
    ("empty", lambda d: "", r"line 1, column 1: this is not valid JSON"),
    ("missing version", lambda d: d.__delitem__("format_version"), r"format_version: missing"),
    ("unknown top field", lambda d: d.update(extra=1), r"<string>: unknown field 'extra'"),
    ("duplicate key", lambda d: dumps(lesson()).replace('"seed": 9223372036854775807',
                                                        '"seed": 1, "seed": 2'),
     r"the field 'seed' appears twice"),
    ("unknown kind", lambda d: d["nodes"][2].update(kind="os.system"),
     r"nodes\[2\]\.kind: 'os\.system' is not a kind of node"),
    ("missing field", lambda d: d["nodes"][1].__delitem__("id"), r"nodes\[1\]: the field 'id' is missing"),
    ("wrong type", lambda d: d["nodes"][1]["params"].update(shape=[5, "3"]),
     r"nodes\[1\]\.params\.shape: 'shape' of randn must be a list of whole numbers"),
    ("unknown param", lambda d: d["nodes"][3]["params"].update(eval="1"),
     r"nodes\[3\]\.params: unknown field 'eval'"),
    ("absurd shape", lambda d: d["nodes"][0]["params"].update(shape=[10 ** 6, 10 ** 6]),
     r"nodes\[0\]\.params\.shape: A shape of .* too many"),
    ("negative size", lambda d: d["nodes"][0]["params"].update(shape=[-2]),
     r"nodes\[0\]\.params\.shape: Sizes in 'shape' must be 0 or more"),
    ("huge number", lambda d: dumps(lesson()).replace('"shape": [5]', '"shape": [' + "9" * 200 +
                                                      "]"),
     r"nodes\[0\]\.params\.shape: 'shape' of ones must be a list of whole numbers"),
    ("NaN", lambda d: dumps(lesson()).replace('"other": 1.0', '"other": NaN'),
     r"nodes\[4\]\.params\.other: NaN"),
    ("bad position", lambda d: d["nodes"][0].update(position=[0, None]),
     r"nodes\[0\]\.position: must be a pair of numbers"),
    ("far position", lambda d: d["nodes"][0].update(position=[0, 1e300]),
     r"nodes\[0\]: A position must be a finite pair"),
    ("watched not bool", lambda d: d["nodes"][0].update(watched="yes"),
     r"nodes\[0\]\.watched: must be true or false"),
    ("duplicate node id", lambda d: d["nodes"][1].update(id="n1"),
     r"nodes\[1\]: A node with id 'n1' already exists"),
    ("bad id", lambda d: d["nodes"][1].update(id="a b"), r"nodes\[1\]\.id: must be an id"),
    ("long kind", lambda d: d["nodes"][0].update(kind="k" * 100_000),
     r"nodes\[0\]\.kind: must be a kind of node, a text of 1 to 64 characters"),
    ("long port", lambda d: d["edges"][0].update(port="p" * 100_000),
     r"edges\[0\]\.port: must be an input name, a text of 1 to 64 characters"),
    ("long label", lambda d: d["nodes"][1].update(label="w" * 65), r"nodes\[1\]\.label: must be"),
    ("edge to missing node", lambda d: d["edges"][2].update(source="n9"),
     r"edges\[2\]\.source: node 'n9' does not exist"),
    ("edge to missing port", lambda d: d["edges"][0].update(port="bias"),
     r"edges\[0\]\.port: node 'n4' \(matmul\) has no input 'bias'; its inputs are self, other"),
    ("port connected twice", lambda d: d["edges"].append(dict(d["edges"][0])),
     r"edges\[5\]: input 'other' of node 'n4' is already connected by edges\[0\]"),
    ("cycle", lambda d: d["edges"].append({"source": "n6", "target": "n4", "port": "other"})
     or d["edges"].pop(0), r"edges\[4\]: this edge closes a cycle \(.*\); a tensor cannot"),
    ("self loop", lambda d: d["edges"].append({"source": "n5", "target": "n5", "port": "self"})
     or d["edges"].pop(3), r"edges\[4\]: this edge closes a cycle \(n5 -> n5\)"),
    ("region of missing node", lambda d: d["regions"][0]["nodes"].append("n77"),
     r"regions\[0\]\.nodes\[1\]: node 'n77' does not exist"),
    ("region node twice", lambda d: d["regions"][0]["nodes"].append("n5"),
     r"regions\[0\]\.nodes\[1\]: node 'n5' is listed twice"),
    ("unknown action", lambda d: d["timeline"][1].update(kind="jump"),
     r"timeline\[1\]\.kind: 'jump' is not a timeline action"),
    ("action param type", lambda d: d["timeline"][0]["params"].update(retain_graph=1),
     r"timeline\[0\]\.params: 'retain_graph' must be true or false"),
    ("duplicate action id", lambda d: d["timeline"][1].update(id=d["timeline"][0]["id"]),
     r"timeline\[1\]\.params: An action with id .* already exists"),
    ("bad seed", lambda d: d.update(seed=-1), r"seed: The seed must be a whole number"),
    ("view value", lambda d: d["view"].update(zoom={"a": 1}), r"view\.zoom: must be a number"),
    ("view infinity", lambda d: d["view"].update(zoom=math.inf), r"view\.zoom: must be a number"),
    ("long view text", lambda d: d["view"].update(theme="x" * 300), r"view\.theme: text must"),
    ("too deep", lambda d: dumps(lesson()).replace('"grid": true', '"grid": ' + "[" * 5000 +
                                                   "]" * 5000),
     r"nested more than 16 levels deep"),
    ("too many nodes", lambda d: d.update(nodes=[{}] * (files.LIMITS["nodes"] + 1)),
     r"nodes: has 100,001 entries; at most 100,000"),
    ("tensor too big", lambda d: d["nodes"].append(
        {"id": "big", "kind": "tensor", "params": {"value": [0] * 1_000_001}}),
     r"nodes\[6\]\.params\.value: A tensor literal may hold at most 1,000,000"),
    ("tensor too deep", lambda d: d["nodes"].append(
        {"id": "deep", "kind": "tensor", "params": {"value": [[[[[[[[[[1]]]]]]]]]]}}),
     r"nodes\[6\]\.params\.value: Tensor values are nested more than 8"),
]


@pytest.mark.parametrize("change, message", [d[1:] for d in DEFECTS], ids=[d[0] for d in DEFECTS])
def test_every_defect_is_one_located_document_error(change, message):
    text = _defect(change)
    with pytest.raises(FileError, match=message) as info:
        loads(text, source="<string>")
    assert isinstance(info.value, DocumentError)
    assert str(info.value).startswith("<string>: ")


def test_error_names_the_file_and_keeps_the_place(tmp_path):
    path = tmp_path / "lesson.gsg"
    path.write_text(_defect(lambda d: d["edges"][2].update(target="n9")), encoding="utf-8")
    with pytest.raises(FileError) as info:
        load(path)
    assert str(info.value).startswith(str(path) + ": edges[2].target: ")
    assert (info.value.place, info.value.detail) == ("edges[2].target",
                                                     "node 'n9' does not exist.")


def test_not_utf8(tmp_path):
    path = tmp_path / "photo.gsg"
    path.write_bytes(b'{"format_version": 2, "seed": \xff}')
    with pytest.raises(DocumentError, match=r"byte 30: the file is not UTF-8 text"):
        load(path)


def test_loading_never_runs_anything_named_in_the_file(tmp_path):
    marker = tmp_path / "pwned"
    payload = f"__import__('os').system('touch {marker}')"
    for change in (lambda d: d["nodes"][0].update(kind=payload),
                   lambda d: d["nodes"][0]["params"].update(dtype=payload),
                   lambda d: d["nodes"][0].update(label=payload)):
        with pytest.raises(DocumentError):
            loads(_defect(change))
    assert not marker.exists()


def test_view_state_that_cannot_be_saved_is_refused_by_dumps():
    d = Document()
    d.view = {"zoom": math.nan}
    with pytest.raises(DocumentError, match="view state cannot be saved"):
        dumps(d)


def test_action_kinds_all_round_trip():
    d = Document()
    n = d.add_node("ones", {"requires_grad": True})
    for kind in ACTION_KINDS:
        d.add_action(kind)
    d.add_action("grad", {"outputs": [n], "inputs": [n], "create_graph": True})
    assert dumps(loads(dumps(d))) == dumps(d)


def test_a_big_literal_is_written_a_slice_at_a_time_and_the_text_is_the_same(monkeypatch):
    # issue 29: one call of the C JSON encoder over a million numbers holds the interpreter
    # for seconds, and the window with it while its autosave writes in a worker thread
    import json
    from gradstudio.document import files as files_module
    doc = Document()
    x = doc.add_node("tensor", {"value": [[float(i % 7) / 3, 1.5, -2.0] for i in range(900)]},
                     (0.0, 0.0))
    doc.add_node("tensor", {"value": [0.25] * 50}, (0.0, 200.0))
    whole = files_module.dumps(doc)
    monkeypatch.setattr(files_module, "CHUNK_NUMBERS", 100)
    calls = []
    real = files_module._ENCODER.encode

    class Spy:
        def encode(self, value):
            calls.append(value)
            return real(value)

    monkeypatch.setattr(files_module, "_ENCODER", Spy())
    assert files_module.dumps(doc) == whole              # byte for byte the same text
    assert json.loads(whole)["nodes"][0]["params"]["value"] == doc.node(x).params["value"]
    longest = max(files_module._numbers(v) for v in calls if isinstance(v, list))
    assert longest <= 100                                # ... each call a slice of it
    assert len([v for v in calls if isinstance(v, list)]) >= 27
