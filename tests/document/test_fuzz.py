"""Fuzzing the graph-file loader: whatever the bytes, ``loads`` either builds a document
(which then saves and reloads to the same text) or raises ``DocumentError`` — never any
other exception, and within a second."""
import json
import math
import pathlib
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradstudio.document import Document, DocumentError
from gradstudio.document.files import dumps, loads

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
FUZZ = settings(max_examples=200, deadline=1000, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def _sample():
    d = Document()
    x = d.add_node("tensor", {"value": [[1.0, -2.5], [math.inf, 0]], "requires_grad": True},
                   label="x")
    c = d.add_node("cat", {"count": 3, "dim": 1})
    i = d.add_node("index", {"key": "0, 1:3"})
    d.connect(x, c, "t0")
    d.connect(x, c, "t2")
    d.connect(c, i, "self")
    d.add_region([i], "quiet")
    d.add_action("grad", {"outputs": [i], "inputs": [x]})
    d.view = {"zoom": 2, "center": [0.5, 1], "name": "ü"}
    return dumps(d)


BASES = [_sample(), (FIXTURES / "v2_lesson.gsg").read_text(encoding="utf-8"),
         (FIXTURES / "v2_tutorial_retain_grad_node.gsg").read_text(encoding="utf-8"),
         (FIXTURES / "v1_lesson.gsg").read_text(encoding="utf-8")]


def _loads_or_refuses(text):
    start = time.perf_counter()
    try:
        doc = loads(text)
    except DocumentError as e:
        assert str(e).startswith("<string>: ")
        doc = None
    assert time.perf_counter() - start < 1.0
    if doc is not None:                      # whatever loads also saves stably
        saved = dumps(doc)
        assert dumps(loads(saved)) == saved


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([10 ** 300, -(2 ** 64), 2 ** 63]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["n1", "n2", "self", "other", "x", "float64", "0, 1:3", "backward",
                     "tensor", "é" * 300, "t0"]))
json_values = st.recursive(scalars, lambda c: st.lists(c, max_size=4) |
                           st.dictionaries(st.text(max_size=8) | st.sampled_from(
                               ["id", "kind", "params", "shape", "nodes"]), c, max_size=4),
                           max_leaves=12)


def _containers(value, path=()):
    """Every (path, container) inside a parsed JSON value."""
    out = []
    if isinstance(value, (dict, list)):
        out.append((path, value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            out.extend(_containers(v, path + (k,)))
    return out


@st.composite
def mutated(draw):
    data = json.loads(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        places = _containers(data)
        _, box = draw(st.sampled_from(places))
        keys = list(box) if isinstance(box, dict) else list(range(len(box)))
        op = draw(st.sampled_from(["delete", "replace", "nest", "add", "duplicate"]))
        if op == "add" or not keys:
            new = draw(json_values)
            if isinstance(box, dict):
                box[draw(st.text(max_size=8) | st.sampled_from(["x", "from", "label"]))] = new
            else:
                box.insert(draw(st.integers(0, len(box))), new)
            continue
        key = draw(st.sampled_from(keys))
        if op == "delete":
            del box[key]
        elif op == "replace":
            box[key] = draw(json_values)
        elif op == "nest":
            for _ in range(draw(st.integers(1, 40))):
                box[key] = [box[key]] if draw(st.booleans()) else {"k": box[key]}
        elif isinstance(box, list):
            box.append(box[key])
        else:
            box[key + "_"] = box[key]
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


@FUZZ
@given(mutated())
def test_mutated_documents(text):
    _loads_or_refuses(text)


@st.composite
def damaged_text(draw):
    text = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["truncate", "insert", "delete", "brackets"]))
        if op == "truncate":
            text = text[:i]
        elif op == "insert":
            text = text[:i] + draw(st.text(max_size=6) | st.sampled_from(
                ['"', "\\", "{", "]", ",", "NaN", "1e999", "9" * 500, '"a": 1,'])) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 20)):]
        else:
            n = draw(st.integers(1, 3000))
            text = text[:i] + "[" * n + "]" * draw(st.integers(0, n)) + text[i:]
    return text


@FUZZ
@given(damaged_text())
def test_damaged_text(text):
    _loads_or_refuses(text)


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes(data):
    _loads_or_refuses(data)


@FUZZ
@given(json_values)
def test_random_json(value):
    _loads_or_refuses(json.dumps(value))
    _loads_or_refuses(json.dumps({"format_version": 2, "nodes": [value]}))


def _reference_depth(text):
    """The deepest bracket nesting outside strings, one character at a time. (A
    backslash outside a string is already a JSON error; here it escapes a quote too.)"""
    depth = deepest = 0
    inside = escaped = False
    for c in text:
        was_escaped, escaped = escaped, c == "\\" and not escaped
        if c == '"' and not was_escaped:
            inside = not inside
        elif inside:
            pass
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


@FUZZ
@given(st.text(alphabet='[]{}"\\ab', max_size=80), st.integers(1, 9))
def test_depth_scan_agrees_with_a_plain_scan(text, chunk):
    _depth_scan_agrees(text, chunk)


@FUZZ
@given(st.text(alphabet='[]{}"aé ', max_size=80), st.integers(1, 9))
def test_depth_scan_of_a_text_without_backslashes_agrees_with_a_plain_scan(text, chunk):
    """(Such a text, a graph file's usual one, takes the scan of quotes and brackets only.)"""
    _depth_scan_agrees(text, chunk)


def _depth_scan_agrees(text, chunk):
    """The vectorised depth check (in chunks of any size) refuses exactly the texts whose
    nesting outside strings exceeds the limit."""
    from gradstudio.document import reader

    def fail(place, message):
        return ValueError(message)
    old, reader._CHUNK = reader._CHUNK, chunk
    try:
        for limit in (2, 5):
            reader.MAX_DEPTH, saved = limit, reader.MAX_DEPTH
            try:
                reader._check_depth(text, fail)
                refused = False
            except ValueError:
                refused = True
            finally:
                reader.MAX_DEPTH = saved
            assert refused == (_reference_depth(text) > limit)
    finally:
        reader._CHUNK = old
