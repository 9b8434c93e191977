"""Export: a document as a readable PyTorch script that prints what the document's run shows.

The script (``export_script(doc)``), top to bottom:

1. ``import torch`` and, when the document has a seed, ``torch.manual_seed(seed)``.
2. One statement per node, in the run's topological order (so random sources draw from
   the generator in the same order), named after the node's label, else its kind and id
   (``Document.display_name``: ``add_n3``, ``requires_grad_n5``). The expression is
   the kind's own spelling (``NodeKind.code`` in the catalogue).
   Names never shadow what the script itself uses (``torch``, ``print``, ...) and two
   nodes never share a name (a later one becomes ``name_2``). Nodes in no-grad regions
   sit in ``with torch.no_grad():`` blocks, one block per contiguous run of them.
   ``requires_grad_`` and ``retain_grad`` nodes without a label are written in place
   (``a.requires_grad_(True)``) and keep their input's name: they are the same tensor.
   A node the run could not compute is kept as a comment with its error.
3. ``print(t)`` for every watched node, after the forward pass.
4. The timeline, one statement per action (``out.backward()``, ``x.grad.zero_()``,
   ``x.grad = None``, ``torch.autograd.grad(...)`` followed by a ``print`` of each
   gradient it returns). An action PyTorch rejects in the run is wrapped in
   ``try``/``except`` that prints ``"{type(error).__name__}: {error}"``; an action the
   document cannot run (no target, a target with an error) is kept as a comment. After
   every action, ``print(t.grad)`` for every watched node whose ``.grad`` PyTorch keeps
   (a leaf that requires grad, or a tensor marked ``retain_grad``).

``transcript(doc, result)`` builds, from a ``RunResult`` alone, exactly the text that
script prints (its stdout), so "the script prints the same as the document" is a string
comparison: tensor texts after the forward pass, then per action its error line or the
gradients it returned, then the watched gradients at that step.
"""
import keyword
from dataclasses import dataclass, field

from gradstudio.vocabulary import SCRIPT_NAMES

from .catalogue import CATALOGUE, RETURNS_INPUT
from .run import run

__all__ = ["ExportedScript", "export_script", "transcript", "action_code", "action_text",
           "node_names", "RESERVED_NAMES"]

# Names the exported script uses itself; nodes labelled like this are renamed.
RESERVED_NAMES = SCRIPT_NAMES
_INDENT = "    "
@dataclass(frozen=True)
class ExportedScript:
    """The script's ``text``; ``lines`` maps a node id (and ``action_lines`` an action id)
    to the 1-based line where it is written; ``names`` gives each node's Python name."""
    text: str
    lines: dict = field(default_factory=dict)
    action_lines: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)


# ----------------------------------------------------------------------------- names
class _Namer:
    def __init__(self):
        self.taken = set(RESERVED_NAMES)

    def claim(self, wanted):
        name, n = wanted, 1
        while name in self.taken or keyword.iskeyword(name):
            n += 1
            name = f"{wanted}_{n}"
        self.taken.add(name)
        return name


def node_names(doc, order=None):
    """node id -> the Python name the exported script gives it (what the CLI and the
    Code panel call a node)."""
    return _names(doc, order if order is not None else doc.topological_order())[0]


def _names(doc, order):
    """node id -> Python name; unlabelled aliasing nodes share their input's name."""
    namer = _Namer()
    names = {}
    for nid in order:
        data = doc.node(nid)
        src = doc.source_of(nid, "self")
        if data.kind in RETURNS_INPUT and data.label is None and src is not None:
            names[nid] = names[src]
        else:
            names[nid] = namer.claim(doc.display_name(nid))
    return names, namer


def _node_lines(doc, nid, names, result):
    """The statement(s) for one node, and whether they are live code (not a comment)."""
    data = doc.node(nid)
    spec = CATALOGUE[data.kind]
    inputs = doc.inputs_of(nid)
    a = {}
    for port in spec.input_names(data.params):
        if port in inputs:
            a[port] = names[inputs[port]]
        elif spec.port(port).fallback is None and not spec.port(port).optional:
            a[port] = "?"           # (an optional port left unconnected is left out)
    expr = spec.code(data.params, a)
    name = names[nid]
    if data.kind in RETURNS_INPUT and name == a.get("self"):
        stmts = [expr]                                   # in place: same tensor, same name
    elif data.kind == "retain_grad":
        stmts = [f"{name} = {a.get('self', '?')}", f"{name}.retain_grad()"]
    else:
        stmts = [f"{name} = {expr}"]
    error = result.errors.get(nid)
    if error is not None:
        return [f"# {s}" for s in stmts[:-1]] + [f"# {stmts[-1]}  # {_one_line(error)}"], False
    return stmts, True


def _one_line(text):
    return " ".join(str(text).split())


def _not_run(reason):
    """The comment on an action the document could not run: ``not run:`` and the run's
    reason, said once even when the reason already starts with it."""
    reason = _one_line(reason)
    return reason if reason.lower().startswith("not run") else f"not run: {reason}"


def _grad_watch(doc, result):
    """Watched nodes whose ``.grad`` PyTorch keeps, in run order."""
    out = []
    for nid in result.order:
        if not doc.node(nid).watched or not result.computed(nid):
            continue
        s = result.state(nid, 0)
        if (s.is_leaf and s.requires_grad) or s.retains_grad:
            out.append(nid)
    return out


def _watched(doc, result):
    return [n for n in result.order if doc.node(n).watched and result.computed(n)]


def _ref(names, node_id):
    return names.get(node_id, "?") if node_id is not None else "?"


def _action_code(action, ref, namer):
    """(statements, result names) for one timeline action; ``ref(node_id)`` spells a node."""
    p = action.params
    flags = [f"{k}=True" for k in ("retain_graph", "create_graph") if p.get(k)]
    if action.kind == "backward":
        args = ([ref(p["gradient"])] if p.get("gradient") is not None else []) + flags
        return [f"{ref(p['target'])}.backward({', '.join(args)})"], []
    if action.kind == "zero_grad":
        return [f"{ref(p['tensor'])}.grad.zero_()"], []
    if action.kind == "set_grad_none":
        return [f"{ref(p['tensor'])}.grad = None"], []
    # autograd.grad: one name per input
    outs = ", ".join(ref(n) for n in p["outputs"])
    ins = ", ".join(ref(n) for n in p["inputs"])
    call = (f"torch.autograd.grad([{outs}], [{ins}]{''.join(', ' + f for f in flags)}, "
            "allow_unused=True)")
    if namer is None:
        return [call], []
    results = [namer.claim(f"grad_{ref(n)}".replace("?", "")) for n in p["inputs"]]
    if len(results) == 1:
        return [f"{results[0]} = {call}[0]"] + [f"print({results[0]})"], results
    if not results:
        return [call], []
    return [f"{', '.join(results)} = {call}"] + [f"print({r})" for r in results], results


def action_code(action, names):
    """One timeline action as a PyTorch statement (``out.backward(retain_graph=True)``),
    with ``names`` from ``ExportedScript.names``; ``?`` marks a missing node."""
    return _action_code(action, lambda n: _ref(names, n), None)[0][0]


def action_text(doc, action):
    """One timeline action as the window lists it: the statement, with the nodes' display
    names (a deleted node shows as ``<id deleted>``)."""
    def ref(n):
        if n in doc.graph:
            return doc.display_name(n)
        return "?" if n is None else f"<{n} deleted>"
    return _action_code(action, ref, None)[0][0]


# ----------------------------------------------------------------------------- export
def export_script(doc, result=None) -> ExportedScript:
    """The document as a PyTorch script (see the module docstring). ``result`` is the
    document's run (computed here when not given): it decides which nodes are kept as
    comments and which actions are wrapped in ``try``/``except``."""
    result = result if result is not None else run(doc)
    order = result.order
    names, namer = _names(doc, order)
    lines, node_lines, action_lines = [], {}, {}

    def emit(text, indent=0):
        lines.append(_INDENT * indent + text)
        return len(lines)

    emit('"""Exported from GradStudio. Run it with PyTorch: python <this file>."""')
    emit("import torch")
    emit("")
    if doc.seed is not None:
        emit(f"torch.manual_seed({doc.seed})")
        emit("")

    block = None                 # the statements of an open no_grad block
    for nid in order:
        in_region = doc.in_no_grad(nid)
        if not in_region and block is not None:
            if not block:
                emit("pass", 1)
            block = None
        if in_region and block is None:
            emit("with torch.no_grad():")
            block = []
        stmts, live = _node_lines(doc, nid, names, result)
        for i, s in enumerate(stmts):
            line = emit(s, 1 if in_region else 0)
            if i == 0:
                node_lines[nid] = line
        if in_region and live:
            block.append(nid)
    if block is not None and not block:
        emit("pass", 1)

    watched = _watched(doc, result)
    if watched:
        emit("")
        for nid in watched:
            emit(f"print({names[nid]})")

    grad_watch = _grad_watch(doc, result)
    error_name = None
    if doc.timeline:
        emit("")
    for action, outcome in zip(doc.timeline, result.outcomes):
        blocked = outcome.error is not None and outcome.error_type is None
        stmts, _ = _action_code(action, lambda n: _ref(names, n), None if blocked else namer)
        if blocked:
            first = emit(f"# {stmts[0]}  # {_not_run(outcome.error)}")
        elif outcome.error_type is not None:
            if error_name is None:
                error_name = namer.claim("error")
            first = emit("try:")
            for s in stmts:
                emit(s, 1)
            emit(f"except Exception as {error_name}:")
            emit(f'print(f"{{type({error_name}).__name__}}: {{{error_name}}}")', 1)
        else:
            first = emit(stmts[0])
            for s in stmts[1:]:
                emit(s)
        action_lines[action.id] = first
        for nid in grad_watch:
            emit(f"print({names[nid]}.grad)")
    return ExportedScript("\n".join(lines) + "\n", node_lines, action_lines, dict(names))


def transcript(doc, result=None) -> str:
    """Exactly what the exported script prints (its stdout) for this run."""
    result = result if result is not None else run(doc)
    out = []
    for nid in _watched(doc, result):
        out.append(result.state(nid, 0).text)
    grad_watch = _grad_watch(doc, result)
    for step, outcome in enumerate(result.outcomes, start=1):
        if outcome.error_type is not None:
            out.append(outcome.error)
        elif outcome.error is None and outcome.results is not None:
            out.extend("None" if g is None else g.text for g in outcome.results)
        for nid in grad_watch:
            out.append(result.state(nid, step).grad_text)
    return "".join(s + "\n" for s in out)
