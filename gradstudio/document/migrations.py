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
"""
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


MIGRATIONS = {1: _v1_to_v2}
FORMAT_VERSION = max(MIGRATIONS) + 1    # the version this GradStudio writes
