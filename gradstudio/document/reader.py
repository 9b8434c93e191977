"""Reading graph files: decoding, limits, migration, and checking every field.

``read(text, source)`` turns file text into a ``Document`` or raises one ``FileError``
naming the file and the place in it. Nothing named in the file is ever executed or
imported: kinds are looked up in the catalogue, values are checked by the model's own
``check_param``, and the document is built through its public edit methods.
"""
import json
import math
import re
from contextlib import contextmanager

import numpy as np

from .catalogue import CATALOGUE
from .migrations import FORMAT_VERSION, MIGRATIONS, MigrationDefect
from .actions import NODE_TYPES
from .graph_store import networkx
from .exercise import Exercise
from .lesson import Lesson
from .notes import notes_from_json
from .model import ACTION_KINDS, Document, DocumentError
from .params import _is_int, _is_number, check_param

__all__ = ["read", "FileError", "check_view", "LIMITS"]

MAX_BYTES = 64 * 1024 * 1024    # whole file
MAX_DEPTH = 16                  # nesting of [ ] and { } (8-d tensor literals fit easily)
MAX_NODES = 100_000
MAX_EDGES = 400_000
MAX_REGIONS = 1_000
MAX_ACTIONS = 10_000
MAX_STRING = 256                # any text value; ids and names are at most 64
MAX_NAME = 64
MAX_DIGITS = 100                # digits in one whole number
MAX_VIEW_KEYS = 64
MAX_VIEW_LIST = 16
LIMITS = dict(bytes=MAX_BYTES, depth=MAX_DEPTH, nodes=MAX_NODES, edges=MAX_EDGES,
              regions=MAX_REGIONS, actions=MAX_ACTIONS, string=MAX_STRING, name=MAX_NAME,
              digits=MAX_DIGITS, view_keys=MAX_VIEW_KEYS, view_list=MAX_VIEW_LIST)

_PROGRESS_EVERY = 1000          # nodes or edges between two calls of ``progress``
_ID = re.compile(r"[A-Za-z0-9_.:\-]{1,64}\Z")
_TOP = ("format_version", "seed", "nodes", "edges", "regions", "timeline", "view", "lesson",
        "exercise", "notes", "recorded_against")


class FileError(DocumentError):
    """A defect in a graph file. ``source`` is the file, ``place`` where in it (such as
    ``nodes[3].params.shape``, or ``line 2, column 5``), ``detail`` what is wrong."""

    def __init__(self, source, place, detail):
        where = f"{source}: {place}: " if place else f"{source}: "
        super().__init__(where + detail)
        self.source, self.place, self.detail = source, place, detail


def read(text, source="<string>", progress=None) -> Document:
    """Builds a document from file text (``str`` or UTF-8 ``bytes``). ``progress(done,
    total)``, when given, is called as nodes and edges are checked (a few hundred times
    for the largest file); an exception it raises (a cancel, say) ends the reading."""
    def fail(place, msg):
        return FileError(source, place, msg)
    if len(text) > MAX_BYTES:
        raise fail("", f"the file is larger than {MAX_BYTES // 2 ** 20} MB, the most "
                   "GradStudio reads; check in its folder that it is the graph you meant, "
                   "or choose another file.")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise fail(f"byte {e.start}", "the file is not UTF-8 text; is it a GradStudio "
                       "graph?") from None
    elif text.startswith("\ufeff"):
        text = text[1:]
    _check_depth(text, fail)
    try:
        data = json.loads(text, object_pairs_hook=_Object.from_pairs,
                          parse_constant=_CONSTANTS.__getitem__, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        raise fail(f"line {e.lineno}, column {e.colno}", f"this is not valid JSON "
                   f"({e.msg}).") from None
    except RecursionError:               # _check_depth should make this impossible
        raise fail("", f"the file is nested more than {MAX_DEPTH} levels deep.") from None
    data = _migrate(data, fail)
    return _Builder(fail, progress).build(data)


class _Object(dict):
    """A JSON object; remembers a key that appeared twice so the reader can say where."""
    duplicate = None

    @classmethod
    def from_pairs(cls, pairs):
        obj = cls()
        for key, value in pairs:
            if key in obj and obj.duplicate is None:
                obj.duplicate = key
            obj[key] = value
        return obj


class _TooLong:
    """A whole number with more than MAX_DIGITS digits (kept out of int())."""


_CONSTANTS = {"Infinity": math.inf, "-Infinity": -math.inf, "NaN": math.nan}


def _parse_int(s):
    return int(s) if len(s) <= MAX_DIGITS else _TooLong()


_CHUNK = 1 << 20


def _check_depth(text, fail):
    """Refuses deep nesting before ``json.loads`` recurses into it: outside strings, the
    running count of open brackets must stay within MAX_DEPTH. A quote preceded by an odd
    number of backslashes is inside a string. Where the text is not valid JSON the count
    may be off, but only after the point where ``json.loads`` stops anyway."""
    codes = np.frombuffer(text.encode("utf-8", "surrogatepass"), np.uint8)
    depth = inside = run = 0        # carried over chunks: nesting, in a string, backslashes
    for start in range(0, len(codes), _CHUNK):
        c = codes[start:start + _CHUNK]
        idx = np.arange(len(c))
        last = np.maximum.accumulate(np.where(c != 92, idx, -1 - run))  # last non-backslash
        before = np.empty(len(c), np.int64)              # backslashes just before each
        before[0], before[1:] = run, idx[:-1] - last[:-1]
        quotes = np.cumsum((c == 34) & (before % 2 == 0)) + inside
        outside = quotes % 2 == 0
        steps = (((c == 91) | (c == 123)) & outside).astype(np.int32)
        steps -= ((c == 93) | (c == 125)) & outside
        running = np.cumsum(steps) + depth
        if running.max() > MAX_DEPTH:
            raise fail("", f"the file is nested more than {MAX_DEPTH} levels deep.")
        depth, inside, run = int(running[-1]), int(quotes[-1] % 2), int(len(c) - 1 - last[-1])


def _migrate(data, fail):
    if not isinstance(data, dict):
        raise fail("", "the file holds no JSON object; is it a GradStudio graph?")
    version = data.get("format_version")
    if version is None:
        raise fail("format_version", "missing; is this a GradStudio graph file?")
    if not _is_int(version) or version < 1:
        raise fail("format_version", "must be a whole number from 1.")
    if version > FORMAT_VERSION:
        raise fail("format_version", f"the file was written by a newer GradStudio (format "
                   f"{version}); this one reads formats up to {FORMAT_VERSION}. Update "
                   "GradStudio to open it.")
    try:
        while data["format_version"] < FORMAT_VERSION:
            data = MIGRATIONS[data["format_version"]](data)
    except MigrationDefect as e:
        raise fail(e.place, e.message) from None
    return data


def _show(s):
    """A value from the file, made short and printable for a message."""
    text = str(s)[:41]
    text = text if text.isprintable() else text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= 40 else text[:37] + "..."


def check_view(view, fail):
    """Checks view state (a small dict the UI keeps, such as zoom and center): at most
    MAX_VIEW_KEYS names, each a finite number, short text, true/false, null or a short
    list of these. ``fail(place, message)`` makes the exception to raise."""
    if not isinstance(view, dict):
        raise fail("view", "must be an object of settings.")
    if len(view) > MAX_VIEW_KEYS:
        raise fail("view", f"has more than {MAX_VIEW_KEYS} settings.")
    for key, value in view.items():
        if not isinstance(key, str) or not _ID.match(key):
            raise fail("view", f"'{_show(key)}' is not a valid setting name (letters, digits, "
                       "_ . : -, at most 64).")
        items = value if isinstance(value, (list, tuple)) else [value]
        if len(items) > MAX_VIEW_LIST:
            raise fail(f"view.{key}", f"a list of at most {MAX_VIEW_LIST} values.")
        for v in items:
            if v is None or isinstance(v, bool):
                continue
            if isinstance(v, str):
                if len(v) > MAX_STRING or not _utf8(v):
                    raise fail(f"view.{key}", f"text must be UTF-8, at most {MAX_STRING} "
                               "characters.")
            elif not (_is_number(v) and abs(v) <= 1e15):
                raise fail(f"view.{key}", "must be a number within ±1e15, text, true/false, "
                           "null or a short list of these.")


def _utf8(s):
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _has_nan(value):
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, float) and math.isnan(v):
            return True
    return False


class _Builder:
    """Checks parsed JSON (already migrated to FORMAT_VERSION) and builds the document."""

    def __init__(self, fail, progress=None):
        self.fail = fail
        self.doc = Document()
        self.progress = progress or (lambda done, total: None)

    @contextmanager
    def at(self, place):
        """Turns the model's own refusals into a located FileError."""
        try:
            yield
        except FileError:
            raise
        except DocumentError as e:
            raise self.fail(place, str(e)) from None

    def obj(self, value, place, required=(), optional=()):
        if not isinstance(value, dict):
            raise self.fail(place, "must be an object { ... }.")
        if value.duplicate is not None:
            raise self.fail(place, f"the field '{_show(value.duplicate)}' appears twice.")
        for key in value:
            if key not in required and key not in optional:
                raise self.fail(place, f"unknown field '{_show(key)}'.")
        for key in required:
            if key not in value:
                raise self.fail(place, f"the field '{key}' is missing.")
        return value

    def list(self, value, place, limit):
        if not isinstance(value, list):
            raise self.fail(place, "must be a list [ ... ].")
        if len(value) > limit:
            raise self.fail(place, f"has {len(value):,} entries; at most {limit:,} are allowed.")
        return value

    def ident(self, value, place):
        if not isinstance(value, str) or not _ID.match(value):
            raise self.fail(place, "must be an id: 1 to 64 letters, digits or _ . : -.")
        return value

    def name(self, value, place, what):
        if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
            raise self.fail(place, f"must be {what}, a text of 1 to {MAX_NAME} characters.")
        return value

    def node_ref(self, value, place):
        self.ident(value, place)
        if value not in self.doc.graph:
            raise self.fail(place, f"node '{value}' does not exist.")
        return value

    def build(self, data):
        self.obj(data, "", ("format_version",), _TOP)
        nodes = self.list(data.get("nodes", []), "nodes", MAX_NODES)
        edges = data.get("edges", [])
        total = len(nodes) + (len(edges) if isinstance(edges, list) else 0)
        for i, node in enumerate(nodes):
            if i % _PROGRESS_EVERY == 0:
                self.progress(i, total)
            self.node(node, f"nodes[{i}]")
        self.edges(self.list(edges, "edges", MAX_EDGES), len(nodes), total)
        for i, region in enumerate(self.list(data.get("regions", []), "regions", MAX_REGIONS)):
            self.region(region, f"regions[{i}]")
        for i, action in enumerate(self.list(data.get("timeline", []), "timeline",
                                             MAX_ACTIONS)):
            self.action(action, f"timeline[{i}]")
        seed = data.get("seed", 0)
        if isinstance(seed, _TooLong):
            seed = -1                    # out of range: the model says what is allowed
        with self.at("seed"):
            self.doc.set_seed(seed)
        view = data.get("view", {})
        if isinstance(view, _Object) and view.duplicate is not None:
            raise self.fail("view", f"the field '{_show(view.duplicate)}' appears twice.")
        check_view(view, self.fail)
        self.doc.view = dict(view)
        if data.get("lesson") is not None:
            actions = {a.id for a in self.doc.timeline}
            self.doc.lesson = Lesson.from_json(
                data["lesson"], self.fail, lambda i: i in self.doc.graph or i in actions)
        if data.get("notes") is not None:
            self.doc.notes = notes_from_json(data["notes"], self.fail,
                                             lambda i: i in self.doc.graph)
        if data.get("exercise") is not None:
            self.doc.exercise = Exercise.from_json(data["exercise"], self.fail,
                                                   lambda i: i in self.doc.graph)
        against = data.get("recorded_against")
        if against is not None:
            if not isinstance(against, str) or len(against) != 64 or \
                    any(c not in "0123456789abcdef" for c in against):
                raise self.fail("recorded_against", "must be the 64 hexadecimal digits of "
                                "a digest.")
            self.doc.recorded_against = against
        return self.doc

    def node(self, node, place):
        self.obj(node, place, ("id", "kind"),
                 ("params", "position", "label", "watched", "retains_grad", "recorded"))
        node_id = self.ident(node["id"], f"{place}.id")
        kind = self.name(node["kind"], f"{place}.kind", "a kind of node")
        spec = CATALOGUE.get(kind)
        if spec is None:
            raise self.fail(f"{place}.kind", f"'{_show(kind)}' is not a kind of node "
                            "GradStudio knows.")
        params = self.obj(node.get("params", _Object()), f"{place}.params", (),
                          tuple(p.name for p in spec.params))
        position = self.list(node.get("position", [0.0, 0.0]), f"{place}.position", 2)
        if len(position) != 2 or not all(_is_number(v) for v in position):
            raise self.fail(f"{place}.position", "must be a pair of numbers [x, y].")
        label = node.get("label")
        if label is not None:
            self.name(label, f"{place}.label", "a name")
        flags = {}
        for flag in ("watched", "retains_grad"):
            flags[flag] = node.get(flag, False)
            if not isinstance(flags[flag], bool):
                raise self.fail(f"{place}.{flag}", "must be true or false.")
        recorded = node.get("recorded")
        if recorded is not None:
            if isinstance(recorded, bool) or not isinstance(recorded, int) or recorded < 1:
                raise self.fail(f"{place}.recorded", "must be a line number.")
            flags["recorded"] = recorded
        try:
            self.doc.add_node(kind, params, position, label, node_id, **flags)
        except DocumentError as e:
            for name, value in params.items():      # which param was it?
                where = f"{place}.params.{name}"
                if _has_nan(value):
                    raise self.fail(where, "NaN (not a number) is not allowed here.") from None
                with self.at(where):
                    _check_param(spec, name, value)
            raise self.fail(place, str(e)) from None

    def edges(self, edges, done=0, total=0):
        taken = {}
        nx = networkx()
        cycles = nx.DiGraph()           # the file's edges, checked before any is made
        cycles.add_nodes_from(self.doc.graph)
        last = {}                       # (source, target) -> the last edge joining them
        for i, edge in enumerate(edges):
            if i % _PROGRESS_EVERY == 0:
                self.progress(done + i, total)
            place = f"edges[{i}]"
            self.obj(edge, place, ("source", "target", "port"))
            source = self.node_ref(edge["source"], f"{place}.source")
            target = self.node_ref(edge["target"], f"{place}.target")
            port = self.name(edge["port"], f"{place}.port", "an input name")
            data = self.doc.node(target)
            ports = CATALOGUE[data.kind].input_names(data.params)
            if port not in ports:
                raise self.fail(f"{place}.port", f"node '{target}' ({data.kind}) has no input "
                                f"'{_show(port)}'; its inputs are {', '.join(ports) or 'none'}.")
            if (target, port) in taken:
                raise self.fail(place, f"input '{port}' of node '{target}' is already "
                                f"connected by edges[{taken[target, port]}].")
            taken[target, port] = i
            cycles.add_edge(source, target)
            last[source, target] = i
        try:
            order = list(nx.topological_sort(cycles))
        except nx.NetworkXUnfeasible:
            cycle = nx.find_cycle(cycles)
            closing = max(last[edge] for edge in cycle)
            path = " -> ".join([cycle[0][0]] + [v for _, v in cycle])
            raise self.fail(f"edges[{closing}]", f"this edge closes a cycle ({_show(path)}); "
                            "a tensor cannot depend on itself.")
        # Connecting in topological order of the targets keeps each cycle check trivial.
        rank = {n: r for r, n in enumerate(order)}
        for i in sorted(range(len(edges)), key=lambda i: (rank[edges[i]["target"]], i)):
            with self.at(f"edges[{i}]"):
                self.doc.connect(edges[i]["source"], edges[i]["target"], edges[i]["port"])

    def region(self, region, place):
        self.obj(region, place, ("id", "nodes"), ("label",))
        region_id = self.ident(region["id"], f"{place}.id")
        members = self.list(region["nodes"], f"{place}.nodes", MAX_NODES)
        seen = set()
        for j, n in enumerate(members):
            self.node_ref(n, f"{place}.nodes[{j}]")
            if n in seen:
                raise self.fail(f"{place}.nodes[{j}]", f"node '{n}' is listed twice.")
            seen.add(n)
        label = region.get("label", "no_grad")
        self.name(label, f"{place}.label", "a name")
        with self.at(place):
            self.doc.add_region(members, label, region_id)

    def action(self, action, place):
        self.obj(action, place, ("id", "kind"), ("params",))
        action_id = self.ident(action["id"], f"{place}.id")
        kind = self.name(action["kind"], f"{place}.kind", "a kind of action")
        if kind not in ACTION_KINDS:
            raise self.fail(f"{place}.kind", f"'{_show(kind)}' is not a timeline action; use "
                            f"one of {', '.join(ACTION_KINDS)}.")
        types = {n: t for n, t, _ in ACTION_KINDS[kind]}
        params = self.obj(action.get("params", _Object()), f"{place}.params", (), tuple(types))
        for name, value in params.items():
            if isinstance(value, list):
                self.list(value, f"{place}.params.{name}", MAX_NODES)
            for j, v in enumerate(value if isinstance(value, list) else [value]):
                if isinstance(v, str) and types[name] in NODE_TYPES + ("action",):
                    self.ident(v, f"{place}.params.{name}" +
                               (f"[{j}]" if isinstance(value, list) else ""))
                elif isinstance(v, str) and types[name] != "text":   # (texts: their own)
                    self.name(v, f"{place}.params.{name}", "a choice")
        with self.at(f"{place}.params"):
            self.doc.add_action(kind, params, action_id=action_id)


def _check_param(spec, name, value):
    if isinstance(value, _TooLong):
        raise DocumentError(f"a whole number with more than {MAX_DIGITS} digits.")
    return check_param(spec, name, value)
