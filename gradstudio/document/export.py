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
   ``requires_grad_`` nodes and writes made in place without a label are written in
   place (``a.requires_grad_(True)``, ``y[0] = 0.0``) and keep their input's name: they
   are the same tensor (a labelled one is ``z = y`` and then its write). A write into a
   copy is ``x_2 = x.clone()`` and then its write.
   A node marked ``retain_grad`` is followed by ``name.retain_grad()``, or, when its
   tensor does not require grad (PyTorch would refuse the call, and the run leaves it
   out), by a comment saying so.
   A node the run could not compute is kept as a comment with its error.
3. ``print(t)`` for every watched node, after the forward pass.
   The nodes a ``compute`` step computes (``run_late``) are written at that step
   instead, followed by ``print(t)`` for the watched ones among them.
4. The timeline, one statement per action (``out.backward()``, ``x.grad.zero_()``,
   ``x.grad = None``, ``torch.autograd.grad(...)`` followed by a ``print`` of each
   gradient it returns). An action PyTorch rejects in the run is wrapped in
   ``try``/``except`` that prints ``"{type(error).__name__}: {error}"``; an action the
   document cannot run (no target, a target with an error) is kept as a comment. After
   every action but ``print`` and ``compute``, ``print(t.grad)`` for every watched node
   whose ``.grad`` PyTorch keeps
   (a leaf that requires grad, or a tensor marked ``retain_grad``).

``transcript(doc, result)`` builds, from a ``RunResult`` alone, exactly the text that
script prints (its stdout), so "the script prints the same as the document" is a string
comparison: tensor texts after the forward pass, then per action its error line or the
gradients it returned, then the watched gradients at that step. ``transcript_sections``
gives the same text cut where the script's sections start (the forward pass, each
top-level action, a whole loop), which is how the notebook export fills its cells.
"""
import keyword
from dataclasses import dataclass, field

from gradstudio.hook_text import is_open_line
from gradstudio.vocabulary import SCRIPT_NAMES
from gradstudio.words import translate

from gradstudio.timeline import ACTIONS, Spell, one_statement

from .actions import epoch_split, loop_structure
from .catalogue import CATALOGUE, returns_input
from .catalogue_data import has_dataset
from .generators import ExportGenerators
from .export_plot import plot_lines
from .notes import comment_lines
from .recorded import is_stale
from .run import run

__all__ = ["ExportedScript", "export_script", "transcript", "transcript_sections",
           "action_code", "action_text", "node_names", "RESERVED_NAMES", "graph_outputs",
           "prints_nothing"]

# Names the exported script uses itself; nodes labelled like this are renamed.
RESERVED_NAMES = SCRIPT_NAMES
_INDENT = "    "
@dataclass(frozen=True)
class ExportedScript:
    """The script's ``text``; ``lines`` maps a node id (and ``action_lines`` an action id)
    to the 1-based line where it is written; ``names`` gives each node's Python name and
    ``optimizers`` the name of each optimizer an ``optimizer`` action makes.
    ``line_nodes`` maps back: every line a node's statements take (a forward pass
    written again included) to that node's id. ``forward_line`` is the line where the
    forward pass starts, after the import and the seed."""
    text: str
    lines: dict = field(default_factory=dict)
    action_lines: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)
    optimizers: dict = field(default_factory=dict)
    line_nodes: dict = field(default_factory=dict)
    forward_line: int = 0
    plot_line: int = 0          # where the plot of the trained model starts (0: none)


# ----------------------------------------------------------------------------- names
class _Namer:
    def __init__(self):
        self.taken = set(RESERVED_NAMES)

    def claim(self, wanted, suffixes=()):
        """A free name like ``wanted``; with ``suffixes``, one whose ``name + suffix``
        names are free too (they are claimed with it)."""
        name, n = wanted, 1
        while any(v in self.taken or keyword.iskeyword(v)
                  for v in (name, *(name + s for s in suffixes))):
            n += 1
            name = f"{wanted}_{n}"
        self.taken.update((name, *(name + s for s in suffixes)))
        return name


def node_names(doc, order=None):
    """node id -> the Python name the exported script gives it (what the CLI and the
    Code panel call a node)."""
    return _names(doc, order if order is not None else doc.topological_order())[0]


def _preludes(doc):
    """``(statements, names)`` of each node kind's prelude the document's nodes need
    (once per distinct one, in the nodes' order)."""
    out, bound = [], {}
    for nid in doc.node_ids:
        data = doc.node(nid)
        prelude = CATALOGUE[data.kind].prelude
        if prelude is not None and prelude(data.params) not in out:
            made = prelude(data.params)
            for name in made[1]:        # (two custom Functions of one name: which?)
                if bound.setdefault(name, made[0]) != made[0]:
                    from .model import DocumentError
                    raise DocumentError(translate(
                        "Export", "Two custom Functions are both called {name} but compute "
                        "differently: give one of them another name.").format(name=name))
            out.append(made)
    for action in doc.timeline:          # (the modules an action's code imports: math)
        for module in ACTIONS[action.kind].imports(action.params):
            if ([f"import {module}"], [module]) not in out:
                out.append(([f"import {module}"], [module]))
    return out


def _names(doc, order):
    """node id -> Python name; unlabelled aliasing nodes share their input's name."""
    namer = _Namer()
    names = {}
    for lines, bound in _preludes(doc):          # (names a prelude binds, taken first)
        for name in bound:
            namer.claim(name)
    for nid in order:
        data = doc.node(nid)
        src = doc.source_of(nid, "self")
        if returns_input(data) and data.label is None and src is not None:
            names[nid] = names[src]
        else:
            binds = CATALOGUE[data.kind].binds
            names[nid] = namer.claim(doc.display_name(nid),
                                     binds(data.params) if binds is not None else ())
    return names, namer


def _node_lines(doc, nid, names, result, generators=None):
    """The statement(s) for one node, and whether they are live code (not a comment);
    ``generators`` (``ExportGenerators``) names the torch.Generators it draws from."""
    data = doc.node(nid)
    spec = CATALOGUE[data.kind]
    inputs = doc.inputs_of(nid)
    a = {}
    for port in spec.input_names(data.params):
        if port in inputs:
            a[port] = names[inputs[port]]
        elif spec.port(port).fallback is None and not spec.port(port).optional:
            a[port] = "?"           # (an optional port left unconnected is left out)
    made = generators.lines(data.params, a) if generators is not None else []
    expr = spec.code(data.params, a)
    name = names[nid]
    if returns_input(data) and name == a.get("self"):
        # in place: same tensor, same name (a hook is only its register_hook line, a
        # write made in place only its write)
        stmts = [] if expr == name else [expr]
    elif spec.statements is not None:      # a, b = MyFn.apply(x): several outputs
        stmts = spec.statements(doc, nid, names, expr)
        if not stmts:                      # (an output that statement binds already)
            return [], False
    else:
        stmts = [f"{name} = {expr}"]
    if spec.then is not None:                            # a write into the copy
        stmts += spec.then(data.params, a, name)
    stmts[:0] = made                                     # its torch.Generator, made first
    if data.params.get("manual_seed") is not None:       # a random source re-seeding first
        stmts.insert(0, f"torch.manual_seed({data.params['manual_seed']})")
    error = result.errors.get(nid)
    if error is not None:
        return [f"# {s}" for s in stmts[:-1]] + [f"# {stmts[-1]}  # {_one_line(error)}"], False
    if data.retains_grad:
        stmts.append(retain_line(name, nid not in result.retain_left_out))
    return stmts, True


def retain_line(name, taken):
    """A retain_grad mark as the script writes it: the call, or, where the run left it
    out (the tensor did not require grad; PyTorch would refuse it), a comment saying so."""
    if taken:
        return f"{name}.retain_grad()"
    return (f"# {name}.retain_grad() is left out: {name} does not require grad "
            "(PyTorch refuses retain_grad() on it)")


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


def _watched(doc, result, nodes=None):
    """The watched computed nodes printed after the forward pass, or, with ``nodes``
    (a ``compute`` step's), those printed after that step."""
    if nodes is None:
        late = result.late
        return [n for n in result.order if doc.node(n).watched and result.computed(n)
                and n not in late]
    return [n for n in nodes if doc.node(n).watched and result.computed(n)]


def _ref(names, node_id):
    return names.get(node_id, "?") if node_id is not None else "?"


def optimizer_names(timeline):
    """action id -> the name of what the action makes: an optimizer (``optimizer``, then
    ``optimizer_2``, ...) or a scheduler (``scheduler``, ...)."""
    names, counts = {}, {}
    for a in timeline:
        what = ACTIONS[a.kind].makes
        if what:
            counts[what] = counts.get(what, 0) + 1
            names[a.id] = what if counts[what] == 1 else f"{what}_{counts[what]}"
    return names


def _action_code(action, ref, namer, oref=lambda a: "?", loop_var="epoch", stale=False):
    """(statements, result names) for one timeline action, as its record writes them;
    ``ref(node_id)`` spells a node, ``oref(action_id)`` an optimizer; ``stale``: what the
    trace recorded may no longer match (``recorded.is_stale``). Statements after a
    ``with`` line carry their own indentation."""
    spell = Spell(ref, oref, namer.claim if namer is not None else None, loop_var, stale)
    return ACTIONS[action.kind].code(action, spell)


def action_code(action, names, optimizers=None):
    """One timeline action as a PyTorch statement (``out.backward(retain_graph=True)``),
    with ``names`` from ``ExportedScript.names`` and ``optimizers`` from
    ``ExportedScript.optimizers``; ``?`` marks a missing node."""
    optimizers = optimizers or {}
    return one_statement(_action_code(action, lambda n: _ref(names, n), None,
                                       lambda a: optimizers.get(a, "?"))[0])


def action_text(doc, action):
    """One timeline action as the window lists it: the statement, with the nodes' display
    names (a deleted node shows as ``<id deleted>``)."""
    def ref(n):
        if doc.has_node(n):
            return doc.display_name(n)
        return "?" if n is None else f"<{n} deleted>"
    optimizers = optimizer_names(doc.timeline)
    return ACTIONS[action.kind].listed(action, Spell(ref, lambda a: optimizers.get(a, "?")))


# ----------------------------------------------------------------------------- export
def prints_as_script(doc):
    """Whether the document prints what a traced script printed: its say steps (a
    ``transcript`` kind) print, and nothing is printed for it (no watched tensors, no
    gradients after a step, no loop summary line, no step's error)."""
    return any(ACTIONS[a.kind].transcript for a in doc.timeline)


def _loop_prints(doc, result, loop_id):
    """The watched one-element nodes a loop prints at the end of every iteration."""
    history = result.histories.get(loop_id)
    if history is None:
        return []
    return [n for n in history.nodes if doc.node(n).watched and history.scalar(n) is not None]


def export_script(doc, result=None) -> ExportedScript:
    """The document as a PyTorch script (see the module docstring). ``result`` is the
    document's run (computed here when not given): it decides which nodes are kept as
    comments and which actions are wrapped in ``try``/``except``."""
    result = result if result is not None else run(doc)
    return _Script(doc, result).write()


class _Script:
    """One export being written: its lines, and where each node and action landed."""

    def __init__(self, doc, result):
        self.doc, self.result = doc, result
        self.names, self.namer = _names(doc, result.order)
        self.optimizers = {aid: self.namer.claim(name)
                           for aid, name in optimizer_names(doc.timeline).items()}
        self.generators = ExportGenerators(self.namer.claim)   # (named as first drawn)
        self.lines, self.node_lines, self.action_lines, self.line_nodes = [], {}, {}, {}
        self.script = prints_as_script(doc)     # (its say steps print, nothing else)
        self.stale = is_stale(doc)
        self.grad_watch = [] if self.script else _grad_watch(doc, result)
        self.error_name = None           # the name ``except Exception as ...`` binds
        self.loop, self.loop_var = None, None     # the loop being written, its variable
        self.depth = 1                   # the indent of the loop's steps (2 in an epoch)
        self.epoch_var = None            # the variable of a loop over epochs
        self.step_var = None             # ... and its steps' while writing an epoch's end
        self.inner_break = False         # a step of an epoch may leave the loop (an error)
        self.epoch_else = False          # ... so an epoch's end is the steps' loop's else
        self.pinned = {}

    def write(self):
        """The header, the forward pass, the watched prints, then the timeline."""
        doc, result = self.doc, self.result
        self.emit('"""Exported from GradStudio. Run it with PyTorch: python <this file>."""')
        self.pinned = {}                 # node id -> the notes pinned to it, as comments
        for note in doc.notes.values():
            if doc.has_node(note.node):
                self.pinned.setdefault(note.node, []).append(note)
            else:                        # a free note: at the top
                for c in comment_lines(note.text):
                    self.emit(c)
        preludes = [line for lines, _ in _preludes(doc) for line in lines]
        imports = [line for line in preludes if line.startswith("import ")]
        for line in dict.fromkeys(imports + ["import torch"]):
            self.emit(line)
        self.emit("")
        if doc.seed is not None:
            self.emit(f"torch.manual_seed({doc.seed})")
            self.emit("")
        made = [line for line in dict.fromkeys(preludes) if line not in imports]
        for line in made:          # (what a prelude makes draws nothing: a DataLoader)
            self.emit(line)
        if made:
            self.emit("")
        forward_line = len(self.lines) + 1
        order = result.order
        self.emit_nodes([n for n in order if n not in result.late] if result.late else order, 0)
        watched = [] if self.script else _watched(doc, result)
        if watched:
            self.emit("")
            for nid in watched:
                self.emit(f"print({self.names[nid]})")
        if doc.timeline:
            self.emit("")
        self.emit_timeline()
        plot = [] if self.script or not has_dataset(doc) else \
            plot_lines(doc, result, self.names, self.namer.claim)
        plot_line = 0
        for i, line in enumerate(plot):          # (a blank line, then the part itself)
            number = self.emit(line)
            plot_line = number if i == 1 else plot_line
        return ExportedScript("\n".join(self.lines) + "\n", self.node_lines, self.action_lines,
                              dict(self.names), self.optimizers, self.line_nodes, forward_line,
                              plot_line)

    def emit(self, text, indent=0):
        """Appends one line; returns its number."""
        self.lines.append(_INDENT * indent + text)
        return len(self.lines)

    def emit_nodes(self, nodes, indent):
        """The nodes' statements, those in a no-grad region inside ``with
        torch.no_grad():``; returns the first line written (None: none)."""
        block = None                 # the statements of an open no_grad block
        first = None
        for nid in nodes:
            in_region = self.doc.in_no_grad(nid)
            if not in_region and block is not None:
                if not block:
                    self.emit("pass", indent + 1)
                block = None
            if in_region and block is None:
                line = self.emit("with torch.no_grad():", indent)
                first = first or line
                block = []
            stmts, live = _node_lines(self.doc, nid, self.names, self.result,
                                      self.generators)
            recorded = self.doc.node(nid).recorded
            if recorded is not None and stmts and "\n" not in stmts[-1]:
                # (what the script had there, as data: not computed by the graph)
                stmts = stmts[:-1] + [stmts[-1] + Spell(None, stale=self.stale).recorded(
                    recorded)]
            for note in self.pinned.get(nid, ()):      # a note on the canvas, as comments
                for c in comment_lines(note.text):
                    self.emit(c, indent + (1 if in_region else 0))
            for i, s in enumerate(stmts):
                line = self.emit(s, indent + (1 if in_region else 0))
                first = first or line
                self.line_nodes[line] = nid
                if i == 0:
                    self.node_lines.setdefault(nid, line)
            if in_region and live:
                block.append(nid)
        if block is not None and not block:
            self.emit("pass", indent + 1)
        return first

    def ref(self, node):
        return _ref(self.names, node)

    def emit_timeline(self):
        """Every action in order: a loop's body indented under its ``for``."""
        _, problems = loop_structure(self.doc.timeline)
        for i, (action, outcome) in enumerate(zip(self.doc.timeline, self.result.outcomes)):
            indent = 0 if self.loop is None else self.depth
            if ACTIONS[action.kind].loop == "epoch" and self.depth == 2:
                line = self.end_of_epoch(action)
            elif i in problems:
                stmts = _action_code(action, self.ref, None, self.optimizers.get,
                                     self.loop_var or "epoch")[0]
                line = self.emit(f"# {stmts[0]}  # {_not_run(outcome.error)}", indent)
            elif ACTIONS[action.kind].loop == "opens":
                line = self.open_loop(action)
            elif ACTIONS[action.kind].loop == "closes":
                line = self.close_loop()
            else:
                line = self.emit_action(action, outcome, ACTIONS[action.kind], indent)
                if line is None:
                    continue
            self.action_lines[action.id] = line

    def open_loop(self, action):
        self.loop = action
        every = self._epoch_steps(action)
        if every > 1:        # (split into epochs: a loop over epochs, one over its steps)
            self.epoch_var = self.epoch_var or self.namer.claim("epoch")
            self.loop_var = self.loop_var or self.namer.claim("step")
            self.depth, e, count = 2, self.epoch_var, action.params["count"]
            first = self.emit(f"for {e} in range({count // every}):")
            self.emit(f"for {self.loop_var} in range({e} * {every}, ({e} + 1) * {every}):", 1)
            return first
        # (a loop over a loader's batches counts steps, every epoch's batches: not epochs)
        self.loop_var = self.loop_var or self.namer.claim(
            "step" if self._draws_batches(action) else "epoch")
        return self.emit(_action_code(action, None, None, loop_var=self.loop_var)[0][0])

    def _epoch_steps(self, loop):
        """The iterations per epoch of ``loop`` (1: not split into epochs)."""
        timeline = self.doc.timeline
        start = next(i for i, a in enumerate(timeline) if a.id == loop.id)
        end = loop_structure(timeline)[0].get(start, start)
        return epoch_split(timeline[start + 1:end], loop.params["count"])[0]

    def end_of_epoch(self, action):
        """The ``epoch_end`` step: the steps after it run once an epoch's steps ran, with
        the epoch as the loop variable."""
        self.emit_loop_prints(2)
        if self.lines[-1].lstrip().startswith("for "):
            self.emit("pass", 2)
        self.step_var, self.loop_var = self.loop_var, self.epoch_var
        if self.inner_break:     # (a step that failed left the steps' loop: leave both)
            self.emit("else:", 1)
            self.epoch_else, self.inner_break = True, False
            return self.emit(_action_code(action, None, None)[0][0], 2)
        self.depth = 1
        return self.emit(_action_code(action, None, None)[0][0], 1)

    def _draws_batches(self, loop):
        """Whether a compute step of ``loop``'s body computes a node whose kind has a
        prelude (the next batch of a loader written before the program)."""
        timeline = self.doc.timeline
        start = next(i for i, a in enumerate(timeline) if a.id == loop.id)
        end = loop_structure(timeline)[0].get(start, start)
        late = self.result.late.at
        return any(CATALOGUE[self.doc.node(n).kind].prelude is not None
                   for a in timeline[start + 1:end] for n in late.get(a.id, ()))

    def close_loop(self):
        """The loop's end: its prints each iteration (or ``pass``), then the watched
        grads once it is over."""
        first = None if self.step_var is not None else self.emit_loop_prints(1)
        if first is None and (self.lines[-1].startswith("for ") or not self.lines[-1].strip()):
            first = self.emit("pass", 1)
        if self.epoch_else:
            line = self.emit("continue", 2)
            first = first or line
            self.emit("break", 1)
            self.epoch_else = False
        self.inner_break = False
        line = first or len(self.lines)
        self.loop = None
        if self.step_var is not None:            # (after an epoch's end: the steps' again)
            self.loop_var, self.step_var = self.step_var, None
        self.depth = 1
        for nid in self.grad_watch:
            self.emit(f"print({self.names[nid]}.grad)")
        return line

    def emit_loop_prints(self, indent):
        """The loop's prints at the end of each iteration (its losses); the first line,
        or None."""
        prints = [] if self.script else _loop_prints(self.doc, self.result, self.loop.id)
        if not prints:
            return None
        names = self.names
        items = " ".join(f"{names[n]}={{{names[n]}.item():.4f}}" for n in prints)
        return self.emit(f'print(f"{{{self.loop_var}}}: {items}")', indent)

    def emit_action(self, action, outcome, kind, indent):
        """One action's statements (commented out when the run could not run it, in a
        ``try`` when it raised); returns its first line."""
        loop = self.loop
        blocked = outcome.error is not None and outcome.error_type is None
        stmts, _ = _action_code(action, self.ref,
                                None if blocked or loop is not None else self.namer,
                                lambda a: self.optimizers.get(a, "?"),
                                self.loop_var if loop is not None else None, self.stale)
        if (loop is not None or self.script) and not kind.transcript:
            # (a print inside a loop: the loop prints its losses instead; a traced
            # script's prints: its say steps print what it printed)
            stmts = [s for s in stmts if not s.startswith("print(")]
            if not stmts:
                why = "the script's prints are its say steps" if self.script else \
                    "not printed inside a loop"
                self.action_lines[action.id] = self.emit(
                    f"pass  # {action_text(self.doc, action)}: {why}", indent)
                return None
        if blocked:
            first = self.emit(f"# {one_statement(stmts)}  # {_not_run(outcome.error)}", indent)
        elif outcome.error_type is not None:
            first = self.emit_try(stmts, kind, indent)
        elif kind.recomputes == "forward":
            first = self.emit_nodes(self.result.forward_nodes, indent) or self.emit("pass",
                                                                                    indent)
        elif kind.recomputes == "late":
            late = self.result.late.at.get(action.id, [])
            first = self.emit_nodes(late, indent) or self.emit(
                f"pass  # {stmts[0][2:]}: nothing", indent)
            if loop is None and not self.script:
                for nid in _watched(self.doc, self.result, late):
                    self.emit(f"print({self.names[nid]})", indent)
        else:
            first = self.emit(stmts[0], indent)
            for s in stmts[1:]:
                self.emit(s, indent)
        if loop is None and kind.then_grads:
            for nid in self.grad_watch:
                self.emit(f"print({self.names[nid]}.grad)")
        return first

    def emit_try(self, stmts, kind, indent):
        """An action that raised: in ``try``, printing the error as PyTorch words it (and
        leaving the loop it is in)."""
        if self.error_name is None:
            self.error_name = self.namer.claim("error")
        first = self.emit("try:", indent)
        again = kind.recomputes == "forward"
        body = self.emit_nodes(self.result.forward_nodes, indent + 1) if again else None
        for s in ([] if again else stmts):
            self.emit(s, indent + 1)
        if again and body is None:
            self.emit("pass", indent + 1)
        self.emit(f"except Exception as {self.error_name}:", indent)
        # (a traced script printed its error itself, if it did: a say step)
        self.emit("pass" if self.script else
                  f'print(f"{{type({self.error_name}).__name__}}: {{{self.error_name}}}")',
                  indent + 1)
        if self.loop is not None:
            self.emit("break", indent + 1)
            self.inner_break = self.inner_break or self.depth == 2 and self.step_var is None
        return first


def graph_outputs(doc, result=None):
    """The graph's outputs, in run order: the computed nodes that no other node uses
    (what a user means by "print the outputs" when nothing is watched)."""
    result = result if result is not None else run(doc)
    return [n for n in result.order if result.computed(n) and not doc.consumers_of(n)]


def prints_nothing(doc, result=None) -> bool:
    """Whether the exported script would print nothing at all (no watched tensor, no
    print action, no error, no loop's losses)."""
    return not transcript(doc, result)


def transcript(doc, result=None) -> str:
    """Exactly what the exported script prints (its stdout) for this run."""
    return "".join(text for _, text in transcript_sections(doc, result))


def transcript_sections(doc, result=None):
    """What the exported script prints, section by section, as ``[(key, text)]``:
    ``"forward"`` for the watched tensors printed after the forward pass, then one
    entry per top-level timeline action (its id, in timeline order): what the action
    and the gradient prints after it print, and for a loop everything the whole loop
    prints up to and after its end. Concatenated, the texts are ``transcript``."""
    result = result if result is not None else run(doc)
    script = prints_as_script(doc)
    watched = [] if script else _watched(doc, result)
    sections = [("forward", list(result.printed) +
                 [result.state(nid, 0).text for nid in watched])]
    grad_watch = [] if script else _grad_watch(doc, result)
    names = node_names(doc, result.order)
    ends, problems = loop_structure(doc.timeline)
    loop, loop_error = None, None
    for step, (action, outcome) in enumerate(zip(doc.timeline, result.outcomes), start=1):
        if loop is None:
            sections.append((action.id, []))
        out = sections[-1][1]
        if step - 1 in problems:
            continue
        kind = ACTIONS[action.kind]
        if kind.loop == "opens":
            loop, loop_error = action, None
            continue
        if kind.loop == "closes":
            history = result.histories[loop.id]
            prints = [] if script else _loop_prints(doc, result, loop.id)
            ran = history.iterations + (history.failed is not None)
            for k in range(ran):
                out.extend(history.printed.get(k, ()))      # (hooks, during its backward)
                if prints and k < history.iterations:
                    out.append(f"{k}: " + " ".join(
                        f"{names[n]}={float(history.scalar(n)[k]):.4f}" for n in prints))
            if loop_error is not None and not script:
                out.append(loop_error)
            loop = None
        elif loop is not None:
            if outcome.error_type is not None:
                loop_error = outcome.error
            continue
        else:
            out.extend(outcome.printed)      # printing hooks, while the action ran
            if script:
                continue
            if outcome.error_type is not None:
                out.append(outcome.error)
            elif outcome.error is None and outcome.results is not None:
                out.extend("None" if g is None else g.text for g in outcome.results)
        if kind.prints and outcome.error is None:
            out.append(result.state(action.params[kind.prints], step).text)
        if kind.recomputes == "late":
            out.extend(result.state(n, step).text
                       for n in _watched(doc, result, result.late.at.get(action.id, [])))
        if not kind.then_grads:        # (print, compute: no gradient changes)
            continue
        for nid in grad_watch:
            out.append(result.state(nid, step).grad_text)
    return [(key, _lines_text(lines)) for key, lines in sections]


def _lines_text(lines):
    """The printed ``lines`` as text; a print with ``end=" "`` left its line open (the
    next print continues it): no newline after it."""
    return "".join(s if is_open_line(s) else s + "\n" for s in lines)
