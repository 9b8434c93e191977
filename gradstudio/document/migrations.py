"""Upgrading older graph files, one format version at a time.

``MIGRATIONS[v]`` turns the parsed JSON of a version ``v`` file into version ``v + 1``.
A migration only rewrites what changed between the two versions; everything else is
left for the loader to check. Where the old layout itself is malformed, it raises
``MigrationDefect`` with the place in the *old* file, so the user sees where to look.

Version history
  1  positions as separate ``"x"``/``"y"`` numbers, edges as ``"from"``/``"to"``/
     ``"input"``, no ``watched`` flag, no region labels, no view state.
  2  positions as ``"position": [x, y]``, edges as ``"source"``/``"target"``/``"port"``,
     ``watched`` on nodes, ``label`` on regions, ``view``.
  3  ``retain_grad()`` is a mark on the tensor it retains (``"retains_grad": true`` on
     its node), no longer a ``retain_grad`` node passing its input on.
  4  an optional ``lesson``: the notebook a graph was traced from, or an example's text
     (``lesson.Lesson``); nothing else changed.
  5  an optional ``exercise``: questions a student predicts and their attempts
     (``exercise.Exercise``), and optional ``notes`` on the canvas (``notes.Note``);
     nothing else changed.
  6  an optional ``recorded_against``: the digest of what a traced graph computed when
     its recorded text was recorded (``recorded.py``); nothing else changed.
"""
from gradstudio.words import translate

from .actions import ACTION_KINDS, NODE_TYPES
from .params import _is_number

__all__ = ["FORMAT_VERSION", "MIGRATIONS", "MigrationDefect"]


class MigrationDefect(Exception):
    """A defect in an old-format file: ``place`` in that file and what is wrong."""

    def __init__(self, place, message):
        super().__init__(f"{place}: {message}")
        self.place = place
        self.message = message


def _v1_to_v2(data):
    nodes = data.get("nodes", [])
    if isinstance(nodes, list):
        for i, node in enumerate(nodes):
            if not isinstance(node, dict):
                continue          # the loader reports it at the same place
            if "position" in node:
                raise MigrationDefect(f"nodes[{i}].position", translate(
                        "Reader", "a version 1 file stores the position as separate x and y "
                        "fields"))
            xy = []
            for axis in ("x", "y"):
                value = node.pop(axis, 0.0)
                if not _is_number(value):
                    raise MigrationDefect(f"nodes[{i}].{axis}", translate(
                            "Reader", "must be a number"))
                xy.append(value)
            node["position"] = xy
    edges = data.get("edges", [])
    if isinstance(edges, list):
        for i, edge in enumerate(edges):
            if not isinstance(edge, dict):
                continue
            for old, new in (("from", "source"), ("to", "target"), ("input", "port")):
                if new in edge:
                    raise MigrationDefect(f"edges[{i}].{new}", translate(
                            "Reader", "a version 1 file names this field '{old}'").format(
                            old=old))
                if old in edge:
                    edge[new] = edge.pop(old)
    data["format_version"] = 2
    return data


def _v2_to_v3(data):
    """Each ``retain_grad`` node becomes a mark on the node it was fed by (through a
    chain of them); its consumers, timeline references, name and watch go to that node.
    An unconnected one is dropped: it had no tensor to retain, so what it fed had none
    either, and still has none."""
    nodes = data.get("nodes", [])
    edges = data.get("edges", [])
    if not isinstance(nodes, list) or not isinstance(edges, list):
        data["format_version"] = 3
        return data
    by_id = {n["id"]: n for n in nodes if isinstance(n, dict) and isinstance(n.get("id"), str)}
    marks = {i for i, n in by_id.items() if n.get("kind") == "retain_grad"}
    if not marks:
        data["format_version"] = 3
        return data
    to = _mark_origins(marks, edges)
    for m in sorted(marks):                  # (a stable order: names go to the first)
        mark, target = by_id[m], by_id.get(to[m])
        if target is None:
            continue
        target["retains_grad"] = True
        if mark.get("watched") is True:
            target["watched"] = True
        if target.get("label") is None and mark.get("label") is not None:
            target["label"] = mark["label"]
    data["nodes"] = [n for n in nodes
                     if not (isinstance(n, dict) and _is_mark(n.get("id"), marks))]
    data["edges"] = _edges_past_marks(edges, marks, to)
    regions = data.get("regions")
    if isinstance(regions, list):
        data["regions"] = _regions_without_marks(regions, marks)
    timeline = data.get("timeline")
    for action in timeline if isinstance(timeline, list) else []:
        _action_past_marks(action, marks, to)
    data["format_version"] = 3
    return data


def _is_mark(value, marks):
    return isinstance(value, str) and value in marks


def _mark_origins(marks, edges):
    """Each ``retain_grad`` node -> the node that feeds its chain of them (None: none)."""
    fed_by = {}
    for e in edges:
        if isinstance(e, dict) and _is_mark(e.get("target"), marks) and e.get("port") == "self":
            fed_by.setdefault(e["target"], e.get("source"))

    def origin(node_id):
        seen = set()
        while _is_mark(node_id, marks) and node_id not in seen:
            seen.add(node_id)
            node_id = fed_by.get(node_id)
        return node_id if isinstance(node_id, str) and not _is_mark(node_id, marks) else None
    return {m: origin(m) for m in marks}


def _edges_past_marks(edges, marks, to):
    """The edges into a mark dropped; those out of one start at its origin (or go)."""
    kept = []
    for e in edges:
        if isinstance(e, dict) and _is_mark(e.get("target"), marks):
            continue
        if isinstance(e, dict) and _is_mark(e.get("source"), marks):
            if to[e["source"]] is None:
                continue
            e["source"] = to[e["source"]]
        kept.append(e)
    return kept


def _regions_without_marks(regions, marks):
    kept = []
    for region in regions:
        members = region.get("nodes") if isinstance(region, dict) else None
        if isinstance(members, list) and any(_is_mark(n, marks) for n in members):
            region["nodes"] = [n for n in members if not _is_mark(n, marks)]
            if not region["nodes"]:
                continue              # a region of retain_grad nodes only
        kept.append(region)
    return kept


def _action_past_marks(action, marks, to):
    """An action's node settings that name a mark name its origin."""
    if not isinstance(action, dict) or not isinstance(action.get("params"), dict):
        return
    kind = action.get("kind")
    types = {n: t for n, t, _ in (ACTION_KINDS.get(kind, ()) if isinstance(kind, str) else ())}
    params = action["params"]
    for name, value in params.items():
        if types.get(name) not in NODE_TYPES:
            continue
        if isinstance(value, list):
            params[name] = [to[v] or v if _is_mark(v, marks) else v for v in value]
        elif _is_mark(value, marks) and to[value] is not None:
            params[name] = to[value]


def _v3_to_v4(data):
    """Nothing to change: a version 3 file has no lesson."""
    data["format_version"] = 4
    return data


def _v4_to_v5(data):
    """Nothing to change: a version 4 file has no exercise and no notes."""
    data["format_version"] = 5
    return data


def _v5_to_v6(data):
    """Nothing to change: a version 5 file recorded nothing it could find stale."""
    data["format_version"] = 6
    return data


MIGRATIONS = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6}
FORMAT_VERSION = max(MIGRATIONS) + 1    # the version this GradStudio writes
