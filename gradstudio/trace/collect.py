"""Lists a training loop fills with a value of each iteration (part of the tracing
child): ``losses.append(loss.item())``, ``losses.append(float(loss))``,
``losses.append(loss.detach())`` (``history["loss"].append(...)`` alike) become a
``collect`` node on the tensor kept, computed where the script appended (a ``compute``
step, in a folded loop's body every iteration); ``torch.tensor(losses)`` /
``torch.stack(losses)`` of such a list, exactly as it was filled, a ``collected`` node
computed where the script made it (after the loop).

The script is compiled with each call ``r.append(a)`` of one argument spelled
``__gradstudio_append__(r, a, form, text)``: the call still appends to ``r`` as the
script wrote it (whatever ``r`` is); ``form`` says how ``a`` was read from a tensor
``x`` (``x.item()``, ``float(x)``, ``x.detach()``, or None), ``text`` is ``r``'s source;
``x`` itself is spelled ``__gradstudio_read__(x)``, which notes the tensor as it passes
(evaluated once, in the script's order). The nodes computed for ``a`` after the
iteration's step (``(logits.argmax(1) == y).float().mean().item()``) are computed by the
same compute step. A list is followed from its first such append (it must be empty before
it); anything else appended to it, or appended inside a recorded part, or while nothing
is drawn, makes it a list the graph does not hold: what is made of it is then recorded,
as before (``torch.tensor`` of numbers read from tensors). The list's identity and its
items' identities are compared when it is used, so a list changed otherwise (``pop``,
``losses[0] = ...``, a copy) is not taken for what was collected.

Imports only the engine's public API (through the recorder) and its sibling modules.
"""
import ast
import keyword
import sys

from gradstudio.engine import inspect as raw

from .values import FloatFromTensor, IntFromTensor, _Record, plain

__all__ = ["APPEND_CALL", "READ_CALL", "collecting_appends", "append_call", "read_call",
           "collected_tensor", "collected_stack", "Collecting", "list_parts"]

APPEND_CALL = "__gradstudio_append__"
READ_CALL = "__gradstudio_read__"
_CONVERTERS = {"item": "item", "detach": "detach"}


class Collecting:
    """A list the script fills with collected values: its name in the graph, the values
    appended (the very objects) and whether it is still the graph's."""
    __slots__ = ("items", "name", "values", "form", "broken")

    def __init__(self, items, name):
        self.items, self.name, self.values = items, name, []
        self.form, self.broken = None, False


def _read(x):
    return ast.copy_location(ast.Call(ast.Name(READ_CALL, ast.Load()), [x], []), x)


def _form(arg):
    """``form``: how the appended ``arg`` reads a tensor (``x.item()``, ``float(x)``,
    ``x.detach()``; ``x`` then goes through ``READ_CALL``), or None."""
    if not isinstance(arg, ast.Call) or arg.keywords:
        return None
    f = arg.func
    if isinstance(f, ast.Attribute) and f.attr in _CONVERTERS and not arg.args:
        f.value = _read(f.value)
        return _CONVERTERS[f.attr]
    if isinstance(f, ast.Name) and f.id == "float" and len(arg.args) == 1 and \
            not isinstance(arg.args[0], ast.Starred):
        arg.args[0] = _read(arg.args[0])
        return "float"
    return None


class _Appends(ast.NodeTransformer):
    def visit_Lambda(self, node):
        return node          # (a hook's lambda: ``keeping`` reads what it keeps)

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if not (isinstance(f, ast.Attribute) and f.attr == "append" and
                len(node.args) == 1 and not node.keywords and
                not isinstance(node.args[0], ast.Starred)):
            return node
        text = ast.unparse(f.value)
        form = _form(node.args[0])
        call = ast.Call(ast.Name(APPEND_CALL, ast.Load()),
                        [f.value, node.args[0], ast.Constant(form), ast.Constant(text)], [])
        return ast.copy_location(call, node)


def collecting_appends(tree, source=None):
    """``tree`` with its ``r.append(a)`` calls going through ``append_call``'s function
    (a text that never says ``append`` is returned as it is, unwalked)."""
    if source is not None and source.isascii() and "append" not in source:
        return tree
    return ast.fix_missing_locations(_Appends().visit(tree))


def _name(rec, text):
    """A fresh list name for the graph from the receiver's text (``history['loss']``:
    ``history_loss``)."""
    base = "".join(c if c.isalnum() or c == "_" else "_" for c in text).strip("_")
    while "__" in base:
        base = base.replace("__", "_")
    if not base or not base.isidentifier() or keyword.iskeyword(base) or \
            base in ("torch", "print") or len(base) > 40:
        base = "values"
    taken = {s.name for s in rec.kept.collecting.values()}
    name, k = base, 2
    while name in taken:
        name, k = f"{base}_{k}", k + 1
    return name


def append_call(rec):
    """The function the script's ``r.append(a)`` calls go through (``APPEND_CALL``)."""
    def append(receiver, value, form, text):
        x, rec.collect_read = rec.collect_read, None
        out = receiver.append(value)
        if type(receiver) is list:
            _note(rec, receiver, value, form, x, text)
        return out
    append.__name__ = append.__qualname__ = APPEND_CALL
    return append


def read_call(rec):
    """The function the tensor an appended value is read from goes through
    (``READ_CALL``): noted, handed back as it is."""
    def read(x):
        rec.collect_read = x
        return x
    read.__name__ = read.__qualname__ = READ_CALL
    return read


def _note(rec, items, value, form, x, text):
    state = rec.kept.collecting.get(id(items))
    if state is None:
        if form is None:
            return               # (a list the script fills with other things)
        state = rec.kept.collecting[id(items)] = Collecting(items, _name(rec, text))
        state.broken = len(items) != 1
        rec.keep.append(items)   # (alive to the end: its id stays its own)
    if state.broken:
        return
    if form is None or rec.quiet or len(rec.frames) > 1 or rec.cut is not None or \
            state.form not in (None, form) and "detach" in (state.form, form):
        state.broken = True
        return
    i = rec.node_of.get(id(x)) if isinstance(x, rec.Tensor) else None
    if i is None or not _same(rec, value, form, x, i):
        state.broken = True
        return
    late = rec.last_uid()
    if late is not None:
        _computed_here(rec, rec.node_of[id(value)] if form == "detach" else i, late)
    index = rec._commit(_Record("collect", {"into": state.name, "form": form},
                                {"self": x}, x, alias=True))
    rec.node_of[id(x)] = i       # (the tensor's uses stay the node that made it)
    node = rec.nodes[index]
    node["collecting"], node["keep"] = True, True
    if late is not None:     # (before any step: computed with the forward pass, as drawn)
        node["late"] = late
    state.values.append(value)
    state.form = form


def _computed_here(rec, i, late):
    """Node ``i`` and the nodes it is computed from that the script made since its last
    action without gradients (``loss.detach()``; after the iteration's step,
    ``(logits.argmax(1) == y).float().mean()``) are computed by the compute step that
    collects, as the script did; the forward the backward goes through is not."""
    since = rec.actions[-1]["after"] if rec.actions else 0
    todo = [i]
    while todo:
        j = todo.pop()
        node = rec.nodes[j]
        if j < since or node.get("collecting") or "late" in node or \
                raw.requires_grad(rec.objects[j]):
            continue         # (the iteration's forward, which its backward goes through)
        node["late"], node["collecting"] = late, True
        todo.extend(node["inputs"].values())


def _same(rec, value, form, x, i):
    """Whether ``value`` (what was appended) is ``x`` read as ``form`` says."""
    if form == "detach":
        d = rec.node_of.get(id(value)) if isinstance(value, rec.Tensor) else None
        return d is not None and rec.nodes[d]["kind"] == "detach" and \
            rec.nodes[d]["inputs"].get("self") == i
    data = raw.data(x)
    if not isinstance(value, (FloatFromTensor, IntFromTensor)) or data.size != 1:
        return False
    number = data.reshape(-1)[0].item()
    value = plain(value)
    return type(value) is type(number if form == "item" else float(number)) and \
        value == (number if form == "item" else float(number))


def _whole(rec, state):
    """Whether ``state``'s list holds exactly what was collected into it."""
    items = state.items
    return not state.broken and state.values and len(items) == len(state.values) and \
        all(a is b for a, b in zip(items, state.values))


def _made(rec, state, make, out):
    i = rec._commit(_Record("collected", {"into": state.name, "make": make}, {}, out))
    node = rec.nodes[i]
    node["late"], node["keep"] = rec.last_uid(), True
    return i


def collected_tensor(rec, out, args, kwargs):
    """``torch.tensor(losses)`` of a list of collected numbers: a ``collected`` node
    (True), or False (recorded as any ``torch.tensor`` of numbers read from tensors)."""
    if kwargs or len(args) != 1 or type(args[0]) is not list:
        return False
    state = rec.kept.collecting.get(id(args[0]))
    if state is None or state.form == "detach" or not _whole(rec, state):
        return False
    _made(rec, state, "tensor", out)
    return True


def collected_stack(rec, operands, params, out):
    """``torch.stack(losses)`` of a list of collected tensors (``loss.detach()``): the
    ``collected`` node's index, or None."""
    if (params or {}).get("dim", 0) != 0:
        return None
    for state in rec.kept.collecting.values():
        if state.form == "detach" and _whole(rec, state) and \
                len(operands) == len(state.values) and \
                all(a is b for a, b in zip(operands, state.values)):
            return _made(rec, state, "stack", out)
    return None


# ----------------------------------------------------------------------------- prints
# ``print(losses[0], losses[-1], len(losses), min(losses))``: each argument that reads a
# collected list so (an index that is a whole number, len, min, max, sum of the name the
# list is bound to where the script printed) is printed from the list by the say step
# (``{"list": [name, read]}``), not recorded as text; the value read again must be the
# very one printed.
_READS = ("len", "min", "max", "sum")


def _script_frame(rec):
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename != rec.filename:
        f = f.f_back
    return f


def _print_call(rec, line):
    """The one ``print(...)`` call of the script spanning ``line``, or None."""
    if rec.collect_tree is None:
        try:
            rec.collect_tree = ast.parse(rec.source)
        except (SyntaxError, ValueError):
            rec.collect_tree = ast.Module([], [])
    found = [n for n in ast.walk(rec.collect_tree) if isinstance(n, ast.Call) and
             isinstance(n.func, ast.Name) and n.func.id == "print" and
             n.lineno <= line <= n.end_lineno]
    return found[0] if len(found) == 1 else None


def _named(node):
    """``(name, key)`` when ``node`` is a name, or a name's entry by a constant key
    (``history["loss"]``: the list a dict holds); else None."""
    if isinstance(node, ast.Name):
        return node.id, None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
            isinstance(node.slice, ast.Constant) and type(node.slice.value) is str:
        return node.value.id, node.slice.value
    return None


def _reading(arg):
    """``((name, key), read)`` when ``arg`` reads a list (``_named``): ``len(losses)``,
    ``min(losses)`` ..., ``losses[k]`` of a whole number ``k``; else None."""
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and \
            arg.func.id in _READS and len(arg.args) == 1 and not arg.keywords and \
            _named(arg.args[0]) is not None:
        return _named(arg.args[0]), arg.func.id
    if isinstance(arg, ast.Subscript) and _named(arg.value) is not None:
        k = arg.slice
        sign = 1
        if isinstance(k, ast.UnaryOp) and isinstance(k.op, ast.USub):
            k, sign = k.operand, -1
        if isinstance(k, ast.Constant) and type(k.value) is int:
            return _named(arg.value), sign * k.value
    return None


def _looked_up(frame, named):
    """The object ``named`` (``_named``) is where the script printed, or None."""
    (name, key), missing = named, object()
    found = frame.f_locals.get(name, frame.f_globals.get(name, missing))
    if key is None:
        return None if found is missing else found
    return found.get(key) if type(found) is dict else None


def list_parts(rec, args, parts):
    """Makes each of a print's ``parts`` (``("text", None)`` so far) that reads a
    collected list ``("list", (name, read))``."""
    if not rec.kept.collecting or not any(kind == "text" for kind, _ in parts):
        return
    frame = _script_frame(rec)
    call = None if frame is None else _print_call(rec, frame.f_lineno)
    if call is None or len(call.args) != len(args) or call.keywords and any(
            k.arg is None for k in call.keywords) or \
            any(isinstance(a, ast.Starred) for a in call.args):
        return
    for k, (arg, value) in enumerate(zip(call.args, args)):
        found = _reading(arg) if parts[k][0] == "text" else None
        if found is None:
            continue
        items = _looked_up(frame, found[0])
        state = rec.kept.collecting.get(id(items)) if type(items) is list else None
        if state is None or state.form == "detach" or not _whole(rec, state):
            continue
        read = found[1]
        if isinstance(read, int):
            again = items[read] if -len(items) <= read < len(items) else None
        else:
            again = len(items) if read == "len" else \
                {"min": min, "max": max, "sum": sum}[read](items)
        if again is value or type(again) is type(value) and again == value and \
                str(again) == str(value):
            parts[k] = ("list", (state.name, read))
