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
"""
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
                raise MigrationDefect(f"nodes[{i}].position", "a version 1 file stores the "
                                      "position as separate x and y fields")
            xy = []
            for axis in ("x", "y"):
                value = node.pop(axis, 0.0)
                if not _is_number(value):
                    raise MigrationDefect(f"nodes[{i}].{axis}", "must be a number")
                xy.append(value)
            node["position"] = xy
    edges = data.get("edges", [])
    if isinstance(edges, list):
        for i, edge in enumerate(edges):
            if not isinstance(edge, dict):
                continue
            for old, new in (("from", "source"), ("to", "target"), ("input", "port")):
                if new in edge:
                    raise MigrationDefect(f"edges[{i}].{new}", f"a version 1 file names this "
                                          f"field '{old}'")
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

    def is_mark(value):
        return isinstance(value, str) and value in marks

    fed_by = {}
    for e in edges:
        if isinstance(e, dict) and is_mark(e.get("target")) and e.get("port") == "self":
            fed_by.setdefault(e["target"], e.get("source"))

    def origin(node_id):
        seen = set()
        while is_mark(node_id) and node_id not in seen:
            seen.add(node_id)
            node_id = fed_by.get(node_id)
        return node_id if isinstance(node_id, str) and not is_mark(node_id) else None

    to = {m: origin(m) for m in marks}
    for m in sorted(marks):                  # (a stable order: names go to the first)
        mark, target = by_id[m], by_id.get(to[m])
        if target is None:
            continue
        target["retains_grad"] = True
        if mark.get("watched") is True:
            target["watched"] = True
        if target.get("label") is None and mark.get("label") is not None:
            target["label"] = mark["label"]
    data["nodes"] = [n for n in nodes if not (isinstance(n, dict) and is_mark(n.get("id")))]
    kept = []
    for e in edges:
        if isinstance(e, dict) and is_mark(e.get("target")):
            continue
        if isinstance(e, dict) and is_mark(e.get("source")):
            if to[e["source"]] is None:
                continue
            e["source"] = to[e["source"]]
        kept.append(e)
    data["edges"] = kept
    regions = data.get("regions")
    if isinstance(regions, list):
        kept = []
        for region in regions:
            members = region.get("nodes") if isinstance(region, dict) else None
            if isinstance(members, list) and any(is_mark(n) for n in members):
                region["nodes"] = [n for n in members if not is_mark(n)]
                if not region["nodes"]:
                    continue              # a region of retain_grad nodes only
            kept.append(region)
        data["regions"] = kept
    timeline = data.get("timeline")
    for action in timeline if isinstance(timeline, list) else []:
        if not isinstance(action, dict) or not isinstance(action.get("params"), dict):
            continue
        kind = action.get("kind")
        types = {n: t for n, t, _ in (ACTION_KINDS.get(kind, ()) if isinstance(kind, str) else ())}
        params = action["params"]
        for name, value in params.items():
            if types.get(name) not in NODE_TYPES:
                continue
            if isinstance(value, list):
                params[name] = [to[v] or v if is_mark(v) else v for v in value]
            elif is_mark(value) and to[value] is not None:
                params[name] = to[value]
    data["format_version"] = 3
    return data


def _v3_to_v4(data):
    """Nothing to change: a version 3 file has no lesson."""
    data["format_version"] = 4
    return data


def _v4_to_v5(data):
    """Nothing to change: a version 4 file has no exercise and no notes."""
    data["format_version"] = 5
    return data


MIGRATIONS = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5}
FORMAT_VERSION = max(MIGRATIONS) + 1    # the version this GradStudio writes
