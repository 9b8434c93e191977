"""What goes inside ``x[ ]`` on an ``index`` node, as text: parsed without evaluating
anything, formatted back for display and export, and bound to the tensors on the node's
index ports.

The text holds integers, slices, ``None``, ``...``, lists of integers or booleans
(``[0, 2]``, ``[True, False]``) and the names of the node's index ports (``i``, ``j``)
where a tensor is the index (``x[mask]``, ``x[:, idx]``, ``logp[rows, target]``):
``"0, 1:3, None, ..."`` -> ``(0, slice(1, 3), None, Ellipsis)``.
"""
import ast

from gradstudio.words import translate

INDEX_PORTS = ("i", "j")
MAX_TEXT = 4000


class PortName(str):
    """An index port's name in a parsed key (the tensor connected there goes in its
    place)."""
    __slots__ = ()


def _parts(text):
    """``text`` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for k, c in enumerate(text):
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(translate("IndexText", "a ']' has no '[' before it"))
        elif c == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    if depth:
        raise ValueError(translate("IndexText", "a '[' is not closed"))
    parts.append(text[start:].strip())
    return parts


def _list(part):
    """A list index: nested lists of integers or of booleans, nothing else."""
    try:
        value = ast.literal_eval(part)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = None
    if not isinstance(value, list):
        raise ValueError(translate(
                "IndexText", "'{part}' is not a list of whole numbers or of True/False").format(
                part=part[:40]))
    stack, kinds = [(value, 0)], set()
    while stack:
        v, depth = stack.pop()
        if isinstance(v, list):
            if depth > 8:
                raise ValueError(translate(
                        "IndexText", "the list '{part}' is nested too deeply").format(
                        part=part[:40]))
            stack.extend((x, depth + 1) for x in v)
        elif isinstance(v, (bool, int)):
            kinds.add(type(v))
        else:
            raise ValueError(translate(
                    "IndexText", "'{part}' is not a list of whole numbers or of True/False").format(
                    part=part[:40]))
    if len(kinds) > 1:
        raise ValueError(translate(
                "IndexText", "'{part}' mixes whole numbers and True/False").format(
                part=part[:40]))
    return value


def _int(s, whole):
    try:
        return int(s.strip())
    except ValueError:
        raise ValueError(translate(
                "IndexText", "'{whole}' is not a whole number, a slice, a list, None, ... or "
                "an index port ({value})").format(
                whole=whole, value=' or '.join(INDEX_PORTS))) from None


def parse_index(text):
    """The key ``text`` stands for; raises ValueError saying what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(translate(
                "IndexText", "an index is text such as 0, 1:3, [0, 2], i or ..., None"))
    parts = _parts(text) if text.strip() else []
    if not parts or parts == [""]:
        raise ValueError(translate(
                "IndexText", "the index is empty; write for example 0 or 1:3"))
    key = []
    for part in parts:
        if part == "...":
            key.append(Ellipsis)
        elif part == "None":
            key.append(None)
        elif part in INDEX_PORTS:
            if part in key:
                raise ValueError(translate(
                        "IndexText", "the index uses {part} twice").format(
                        part=part))
            key.append(PortName(part))
        elif part.startswith("["):
            key.append(_list(part))
        elif ":" in part:
            bits = part.split(":")
            if len(bits) > 3:
                raise ValueError(translate(
                        "IndexText", "'{part}' is not a slice; write start:stop:step").format(
                        part=part))
            key.append(slice(*(_int(b, part) if b.strip() else None for b in bits)))
        else:
            key.append(_int(part, part))
    return key[0] if len(key) == 1 else tuple(key)


def ports_used(key):
    """The index ports a parsed key names, in order."""
    return [k for k in (key if isinstance(key, tuple) else (key,)) if isinstance(k, PortName)]


def bind_index(key, tensors):
    """The parsed ``key`` with each port name replaced by the tensor on that port
    (``tensors``: port name -> tensor, the connected ones only)."""
    used = ports_used(key)
    for name in used:
        if tensors.get(name) is None:
            raise ValueError(translate(
                    "IndexText", "the index uses {name}, but nothing is connected to port "
                    "{name}").format(
                    name=name))
    for name, t in tensors.items():
        if t is not None and name not in used:
            raise ValueError(translate(
                    "IndexText", "port {name} is connected but the index does not use it; "
                    "write {name} where it goes, for example {name} or :, {name}").format(
                    name=name))
    if isinstance(key, PortName):
        return tensors[key]
    if isinstance(key, tuple):
        return tuple(tensors[k] if isinstance(k, PortName) else k for k in key)
    return key


def format_index(key, names=None):
    """The inverse of ``parse_index``, for display and export; ``names`` maps an index
    port to the Python name written in its place."""
    items = key if isinstance(key, tuple) else (key,)
    out = []
    for k in items:
        if k is Ellipsis:
            out.append("...")
        elif k is None:
            out.append("None")
        elif isinstance(k, PortName):
            out.append((names or {}).get(k, str(k)))
        elif isinstance(k, slice):
            s = ("" if k.start is None else str(k.start)) + ":" + \
                ("" if k.stop is None else str(k.stop))
            if k.step is not None:
                s += ":" + str(k.step)
            out.append(s)
        else:
            out.append(str(k))     # an int, or a list: [0, 2], [True, False]
    return ", ".join(out)
