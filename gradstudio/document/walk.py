"""A backward pass step by step, in the document's words: which grad_fn ran, whose tensor
it belongs to, the gradient it received, what it sent along each ``next_functions`` edge
and by which rule, and what each ``AccumulateGrad`` added to a leaf's ``.grad``.

Everything comes from the run: the engine's own record of the pass (``BackwardStepState``:
the gradients that really flowed), the backward graph as it stood before the action, the
values of the tensors at that moment, and the derivative rule each grad_fn carries in the
op table (``gradstudio.engine.inspect.derivative``). Nothing is recomputed, so what is
explained is what ran. The window's step-through panel and ``gradstudio explain`` both
read ``walk``.
"""
import re
from dataclasses import dataclass

import numpy as np

from gradstudio.timeline import ACTIONS, Spell
from gradstudio.words import translate

from .catalogue import CATALOGUE
from .graph_store import networkx
from .export import action_text, optimizer_names

__all__ = ["Walk", "WalkStep", "Send", "walk", "walk_actions", "explain_action", "preview",
           "flow_text", "explain_text", "step_lines", "grad_fn_summary"]

_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
BIG = 12        # a value with more elements is named by its shape, not printed


class Send:
    """The gradient one step sends along ``next_functions[input_nr]``: to the grad_fn
    ``target`` (a key of the backward graph), which belongs to the document node ``node``
    (None for an intermediate tensor the document does not name). ``rule`` is the
    derivative as the op table writes it (``grad * other``), ``named`` the chain rule in
    the tensors' names, ``numbers`` with their values, ending in what really flowed
    (written when first read: a walk of a big graph shows few of them)."""
    __slots__ = ("input_nr", "input_name", "target", "target_name", "node", "gradient",
                 "rule", "named", "_numbers")

    def __init__(self, input_nr, input_name, target, target_name, node, gradient, rule,
                 named, numbers):
        self.input_nr, self.input_name = input_nr, input_name
        self.target, self.target_name, self.node = target, target_name, node
        self.gradient, self.rule, self.named = gradient, rule, named
        self._numbers = numbers             # the text, or a function that writes it

    @property
    def numbers(self):
        if callable(self._numbers):
            self._numbers = self._numbers()
        return self._numbers

    def __repr__(self):
        return f"Send({self.input_nr}, {self.input_name!r} -> {self.target_name})"


@dataclass(frozen=True)
class WalkStep:
    """One grad_fn the engine executed (``number`` counts from 1 in engine order)."""
    number: int
    name: str
    key: str
    nodes: tuple            # document nodes whose tensor this grad_fn produced
    title: str              # "MulBackward0 of z = y_times_y * 3"
    received: object        # the gradient it received (numpy array)
    received_name: str      # "∂out/∂z"
    sends: tuple            # one Send per non-None next_functions entry
    freed: tuple            # saved tensors released after it ran
    node: str | None = None         # the document node whose tensor it produced
    leaf: str | None = None         # AccumulateGrad: the leaf's document node
    before: object = None           # ... its .grad before (None: it had none)
    after: object = None            # ... and after
    arrived: int = 0                # how many gradients reached it (summed), 0 for a root
    leaf_name: str = ""             # AccumulateGrad: the leaf's name
    words: str = ""                 # what its node's kind says its backward does, if any

    @property
    def accumulate(self):
        return self.name == "AccumulateGrad"

    @property
    def highlighted(self):
        """The document nodes to highlight at this step."""
        return (self.leaf,) if self.leaf else (self.node,) if self.node else ()


@dataclass(frozen=True)
class Walk:
    """The step-through of the action at ``index`` of the timeline (a backward or an
    ``autograd.grad``), or why there is none (``problem``)."""
    index: int
    title: str
    steps: tuple
    graph: object = None        # the backward graph before the action (a networkx.MultiDiGraph)
    problem: str | None = None
    roots: tuple = ()
    seeded: bool = False


def preview(value, limit=BIG):
    """A value as it reads in a formula: ``4.5``, ``[0.25, 0.25]``, ``[[1, 2], [3, 4]]``, a
    bigger tensor by its shape (``‹3×4›``)."""
    if value is None:
        return "None"
    if isinstance(value, tuple):
        return "(" + ", ".join(preview(v, limit) for v in value) + ")"
    a = np.asarray(value)
    if a.size > limit:
        return "‹" + "×".join(str(d) for d in a.shape) + "›"
    if a.dtype == np.bool_:
        return repr(a.tolist()).replace("True", "true").replace("False", "false")
    if a.ndim == 0:
        return _number(a.item())
    return _nested(a)


def flow_text(gradient):
    """A gradient written small (on an arrow, in a tag): its values, or its shape."""
    if isinstance(gradient, tuple):
        return preview(gradient, limit=6)
    text = preview(gradient, limit=6)
    if len(text) > 28:
        text = "‹" + "×".join(map(str, np.shape(gradient))) + "›"
    return text


def _nested(a):
    if a.ndim == 1:
        return "[" + ", ".join(_number(x) for x in a.tolist()) + "]"
    return "[" + ", ".join(_nested(r) for r in a) + "]"


def _number(x):
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    if isinstance(x, complex):
        return str(x)
    if isinstance(x, int):
        return str(x)
    if x != x or x in (float("inf"), float("-inf")):
        return str(x)
    text = np.format_float_positional(x, precision=4, unique=True, fractional=False,
                                      trim="-")
    if abs(x) >= 1e6 or (x != 0 and abs(x) < 1e-4):
        text = f"{x:.4g}"
    return text


_SHAPE_USE = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)(\.numel\(\)|\.shape|'s shape|\.sizes\(\))")


def _substitute(formula, names, shapes=None):
    """``formula`` with each identifier replaced by what it stands for; with ``shapes``
    (identifier -> shape) a tensor used only for its size (``self.numel()``, ``self's
    shape``) is replaced by that size, not by its values."""
    if shapes:
        def size(m):
            shape = shapes.get(m.group(1))
            if shape is None:
                return m.group(0)
            if m.group(2) == ".numel()":
                return str(int(np.prod(shape, dtype=np.int64)))
            return ("shape " if m.group(2) == "'s shape" else "") + str(tuple(shape))
        formula = _SHAPE_USE.sub(size, formula)
    def name(m):
        after = formula[m.end():m.end() + 2]
        if after[:1] == "=" and after != "==":
            return m.group(0)            # a keyword (beta=beta): the name stays
        text = names.get(m.group(0), m.group(0))
        if text != m.group(0) and formula[m.end():m.end() + 1] == "." and \
                not text.endswith(("]", ")")) and not _WORD.fullmatch(text):
            text = f"({text})"        # ∂out/∂out.expand(...) reads (∂out/∂out).expand(...)
        return text
    return _WORD.sub(name, formula)


def _grad_name(root_name, name):
    return f"∂{root_name}/∂{name}"


class _Context:
    """What a walk of one action knows: the document, the run, the step the values are
    read at (before the action), the backward graph then, and the roots' names."""

    def __init__(self, doc, result, index, roots, root_name, seeded):
        self.doc, self.result, self.index = doc, result, index
        self.before = index               # RunResult step index: after action index-1
        self.root_name = root_name
        self.roots = tuple(roots)
        self.seeded = seeded
        self.inside = {}          # key of an intermediate grad_fn -> the node computing it
        self.intermediate = {}    # ... -> the argument name it was given there (mat2)              # the root's gradient was given (a vector v)
        graphs = [result.backward_graph(r, self.before) for r in roots]
        self.graph = _union(graphs)

    def name(self, nid):
        return self.doc.display_name(nid)

    def value(self, nid):
        state = self.result.state(nid, self.before)
        return state.value if state.ok else None

    def owner(self, key):
        """The document node whose tensor the grad_fn ``key`` produced (the producer, not
        a ``requires_grad_`` node passing the same tensor on), or the leaf it accumulates."""
        attrs = self.graph.nodes.get(key)
        if attrs is None:
            return None
        return self.owner_at(key, 0)

    def owner_at(self, key, output_nr):
        """``owner`` of output ``output_nr`` of the grad_fn ``key`` (a custom Function of
        several outputs: its node is output 0, a ``function_output`` node another)."""
        attrs = self.graph.nodes.get(key)
        if attrs is None:
            return None
        if attrs["accumulate"]:
            return attrs["variable"]
        owners = list(attrs["tensors"])
        for n in owners:
            data = self.doc.node(n)
            if (data.params.get("index") if CATALOGUE[data.kind].output_of else 0) == \
                    output_nr:
                return n
        return owners[0] if owners else None

    def several(self, owner):
        """How many outputs node ``owner``'s grad_fn has (a custom Function's: 1 else)."""
        outputs = CATALOGUE[self.doc.node(owner).kind].outputs if owner else None
        return len(outputs(self.doc.node(owner).params)) if outputs is not None else 1

    def targets(self, key):
        """``input_nr -> key`` of each ``next_functions`` entry of ``key``."""
        if key not in self.graph:
            return {}
        return {d["input_nr"]: v for _, v, d in self.graph.out_edges(key, data=True)}

    def target_outputs(self, key):
        """``input_nr -> output_nr`` of each ``next_functions`` entry of ``key``."""
        if key not in self.graph:
            return {}
        return {d["input_nr"]: d.get("output_nr", 0)
                for _, v, d in self.graph.out_edges(key, data=True)}


def _union(graphs):
    g = networkx().MultiDiGraph()
    for h in graphs:
        g.add_nodes_from(h.nodes(data=True))
        for u, v, k, d in h.edges(keys=True, data=True):
            if not g.has_edge(u, v, k):
                g.add_edge(u, v, key=k, **d)
    return g


def walk_actions(doc, result):
    """Timeline indices of the actions that can be stepped through: those running a
    backward pass (their record's ``walk``: backward, ``autograd.grad``) that ran (inside
    a loop, in the iteration shown)."""
    return [i for i, a in enumerate(doc.timeline)
            if ACTIONS[a.kind].walk is not None and i < len(result.outcomes)
            and result.outcomes[i].steps]


def walk(doc, result, index):
    """The step-through of the action at timeline ``index``; an action running no
    backward pass is explained in words (its record's ``explain``)."""
    action = doc.timeline[index]
    kind = ACTIONS[action.kind]
    if kind.walk is None:
        return Walk(index, action_text(doc, action), (), problem=" ".join(filter(None, (
            explain_action(doc, action), translate(
                "Walk", "Only a backward() or an autograd.grad() action can be stepped "
                "through.")))))
    outcome = result.outcomes[index] if index < len(result.outcomes) else None
    roots, seeded = kind.walk(action.params)
    roots = [r for r in roots if doc.has_node(r)]
    root_name = ", ".join(doc.display_name(r) for r in roots) or "?"
    title = kind.walk_title(action, lambda n: doc.display_name(n) if doc.has_node(n)
                            else None, root_name)
    if outcome is None or not outcome.steps:
        why = (outcome.error or outcome.note) if outcome is not None else None
        return Walk(index, title, (), problem=why or translate(
            "Walk", "This action ran no backward step."),
                    roots=tuple(roots))
    ctx = _Context(doc, result, index, roots, root_name if len(roots) == 1 else "L",
                   seeded)
    steps = []
    arrivals = {}
    for number, s in enumerate(outcome.steps, 1):
        step = _step(ctx, s, number, arrivals.get(s.key, 0))
        steps.append(step)
        for send in step.sends:    # an intermediate belongs to what its gradient came from
            arrivals[send.target] = arrivals.get(send.target, 0) + 1
            if send.node is None:
                ctx.inside.setdefault(send.target, step.node or ctx.inside.get(step.key))
    steps = tuple(steps)
    problem = outcome.error
    return Walk(index, title, steps, ctx.graph, problem, tuple(roots), seeded)


def explain_action(doc, action):
    """What ``action`` does, in words (its record's ``explain``), naming the nodes and
    optimizers as the timeline lists them."""
    return ACTIONS[action.kind].explain(action, _spell(doc))


def _spell(doc):
    """How an explanation names nodes and optimizers: as the timeline lists them."""
    optimizers = optimizer_names(doc.timeline)
    return Spell(lambda n: doc.display_name(n) if doc.has_node(n) else "?",
                 lambda a: optimizers.get(a, "?"))


def _step(ctx, s, number, arrived=0):
    owner = ctx.owner(s.key)
    attrs = ctx.graph.nodes.get(s.key, {})
    nodes = tuple(attrs.get("tensors", ()))
    if s.name == "AccumulateGrad":
        return _accumulate_step(ctx, s, number, nodes, attrs, arrived)
    own, received_name, arrived = _received(ctx, s.key, owner, attrs, arrived)
    rule = ctx.result.derivative(s.key)
    targets = ctx.targets(s.key)
    outputs = ctx.target_outputs(s.key)
    behind = {i: ctx.owner_at(t, outputs.get(i, 0)) for i, t in targets.items()}
    if own is not None and owner in ctx.roots and number == 1 and ctx.seeded:
        received_name = "v"
    names = _symbols(ctx, owner, rule, behind, received_name, s.grad_output)
    values = []            # [numbers, shapes], worked out when a send's numbers are read

    def numbers_line(formula, g):
        if not values:
            values.extend(_symbols(ctx, owner, rule, behind, received_name,
                                   s.grad_output, values=True))
        shown = _substitute(formula, *values)
        return f"{shown} = {preview(g)}" if g is not None else translate(
            "Walk", "{formula}: nothing flows").format(formula=shown)
    forward = _substitute(rule.forward, names) if rule is not None and rule.forward else ""
    inside = ctx.inside.get(s.key) if owner is None else None
    title = _step_title(s.name, own, forward, inside and ctx.name(inside), ctx.root_name)
    sends = []
    for i, g in enumerate(s.grad_inputs):
        target = targets.get(i)
        if target is None:
            continue
        node = behind[i]
        input_name = rule.inputs[i] if rule is not None and i < len(rule.inputs) else f"#{i}"
        formula = rule.formulas[i] if rule is not None and i < len(rule.formulas) else None
        to = ctx.name(node) if node else input_name
        lhs = _grad_name(ctx.root_name, to)
        if node is None:          # an intermediate tensor: named by its role here
            ctx.intermediate.setdefault(target, input_name)
        if formula:
            named = f"{lhs} = {_substitute(formula, names)}"
            numbers = (lambda formula=formula, g=g: numbers_line(formula, g))
        else:
            named = translate("Walk", "{gradient}: computed by {grad_fn}").format(
                gradient=lhs, grad_fn=s.name)
            numbers = (lambda g=g: preview(g))
        sends.append(Send(i, input_name, target, ctx.graph.nodes[target]["name"], node, g,
                          formula, named, numbers))
    return WalkStep(number, s.name, s.key, nodes, title, s.grad_output, received_name,
                    tuple(sends), tuple(s.freed), owner or inside, arrived=arrived,
                    words=_backward_words(ctx.doc, owner))


def _received(ctx, key, owner, attrs, arrived):
    """``(own, received_name, arrived)`` of the grad_fn ``key``: what its tensor is
    called and what the gradient it received is; a custom Function of several outputs
    receives one gradient per output, ``(∂L/∂a, ∂L/∂b)``, never their sum."""
    several = ctx.several(owner)
    if several > 1:
        outs = [ctx.owner_at(key, k) for k in range(several)]
        each = [ctx.name(o) if o and o in attrs.get("tensors", ()) else "_" for o in outs]
        return ", ".join(each), "(" + ", ".join(_grad_name(ctx.root_name, n)
                                               for n in each) + ")", 0
    own = ctx.name(owner) if owner else None
    middle = ctx.intermediate.get(key)
    return own, (_grad_name(ctx.root_name, own) if own else
                 _grad_name(ctx.root_name, middle) if middle else
                 translate("Walk", "the gradient of an intermediate tensor of "
                           "{root}").format(root=ctx.root_name)), arrived


def _backward_words(doc, owner):
    """What the kind of node ``owner`` says its backward does (a custom Function's
    statements), or ""."""
    if owner is None:
        return ""
    data = doc.node(owner)
    words = CATALOGUE[data.kind].backward_words
    return words(data.params) if words is not None else ""


def _accumulate_step(ctx, s, number, nodes, attrs, arrived):
    """An ``AccumulateGrad`` step: what it adds to its leaf's ``.grad``."""
    leaf = s.variable or attrs.get("variable")
    leaf_name = ctx.name(leaf) if leaf else translate("Walk", "a leaf")
    state = ctx.result.state(leaf, ctx.before) if leaf else None
    before = state.grad if state is not None else None
    return WalkStep(number, s.name, s.key, nodes,
                    translate("Walk", "AccumulateGrad into {leaf}.grad").format(
                        leaf=leaf_name), s.grad_output,
                    _grad_name(ctx.root_name, leaf_name), (), tuple(s.freed),
                    None, leaf, before, s.accumulated, arrived, leaf_name)


def _step_title(grad_fn, own, forward, inside, root_name):
    """A step's title: ``MulBackward0 of z = y * 3`` (what the panel shortens keeps its
    `` = ``)."""
    if own and forward:
        return translate("Walk", "{grad_fn} of {node} = {forward}").format(
            grad_fn=grad_fn, node=own, forward=forward)
    if own:
        return translate("Walk", "{grad_fn} of {node}").format(grad_fn=grad_fn, node=own)
    if inside:
        return translate("Walk", "{grad_fn}, a step inside computing {node}").format(
            grad_fn=grad_fn, node=inside)
    return translate("Walk", "{grad_fn} (inside {root}'s graph)").format(
        grad_fn=grad_fn, root=root_name)


def _symbols(ctx, owner, rule, targets, received_name, received, values=False):
    """The names each identifier of the rule stands for (``targets``: input_nr -> the
    document node behind that next_functions entry); with ``values``, ``(numbers,
    shapes)``: the values written out and the tensors' shapes instead."""
    names = {"grad": received_name}
    numbers = {"grad": preview(received)} if values else {}
    shapes = {"grad": np.shape(received) if not isinstance(received, tuple) else None}
    if rule is None:
        return (numbers, shapes) if values else names
    if owner is not None:
        names["result"] = ctx.name(owner)
        if values:
            numbers["result"] = preview(ctx.value(owner))
            shapes["result"] = np.shape(ctx.value(owner))
    ports = ctx.doc.inputs_of(owner) if owner is not None else {}
    params = ctx.doc.node(owner).params if owner is not None else {}
    for i, arg in enumerate(rule.inputs):
        node = targets[i] if i in targets else ports.get(arg)
        if node is not None:
            names[arg] = ctx.name(node)
            if values:
                value = ctx.value(node)
                numbers[arg] = preview(value)
                shapes[arg] = None if value is None else np.shape(value)
        elif arg in params and not isinstance(params[arg], (list, dict)):
            names[arg] = numbers[arg] = preview(params[arg])
    for key, value in rule.params.items():
        if key not in names and (value is None or
                                 isinstance(value, (int, float, bool, tuple, str))):
            names[key] = numbers[key] = _param(value)
    for key, value in params.items():
        if key not in names and isinstance(value, (int, float, bool)):
            names[key] = numbers[key] = _param(value)
    return (numbers, shapes) if values else names


def _param(value):
    if isinstance(value, float):
        return _number(value)
    return repr(value) if isinstance(value, str) else str(value)


def grad_fn_summary(doc, result, node_id, step=-1):
    """What the node's grad_fn does in backward, in the document's names: lines such as
    ``MulBackward0 (recorded by z = y_times_y * 3)`` and ``to y_times_y: grad * 3``;
    [] when the node has no grad_fn at ``step``."""
    key = result.grad_fn_key(node_id, step)
    rule = None if key is None else result.derivative(key)
    if rule is None:
        return []
    ports = doc.inputs_of(node_id)
    params = doc.node(node_id).params
    names = {"grad": "grad", "result": doc.display_name(node_id)}
    for arg in rule.inputs:
        if arg in ports:
            names[arg] = doc.display_name(ports[arg])
        elif isinstance(params.get(arg), (int, float)):
            names[arg] = _param(params[arg])
    for k, v in rule.params.items():
        if isinstance(v, (int, float, bool)):
            names.setdefault(k, _param(v))
    forward = _substitute(rule.forward, names) if rule.forward else ""
    name = doc.display_name(node_id)
    lines = [translate("Walk", "{grad_fn}, recorded by {node} = {forward}").format(
        grad_fn=rule.name, node=name, forward=forward) if forward else rule.name]
    lines.append(translate("Walk", "in backward it receives grad (the gradient of the "
                           "output with respect to {node}) and sends").format(node=name))
    for arg, formula in zip(rule.inputs, rule.formulas):
        if formula:
            lines.append("  " + translate("Walk", "to {input}: {formula}").format(
                input=names.get(arg, arg), formula=_substitute(formula, names)))
    return lines


# ------------------------------------------------------------------------------ as text
def step_lines(step, root_name=None):
    """One step explained in words and formulas, line by line."""
    lines = [translate("Walk", "Step {number}: {title}").format(number=step.number,
                                                                 title=step.title)]
    summed = "  " + translate("Walk", "(the sum of the {count} gradients sent to it)").format(
        count=step.arrived) if step.arrived > 1 else ""
    if step.accumulate:
        leaf = step.leaf_name
        lines.append("  " + translate("Walk", "received {gradient} = {value}").format(
            gradient=step.received_name, value=preview(step.received)) + summed)
        if step.before is None:
            lines.append("  " + translate("Walk", "{leaf}.grad was None, so it becomes the "
                                          "gradient: {after} = 0 + {received}").format(
                leaf=leaf, after=preview(step.after), received=preview(step.received)))
        else:
            lines.append("  " + translate("Walk", "{leaf}.grad += gradient: {after} = "
                                          "{before} + {received}").format(
                leaf=leaf, after=preview(step.after), before=preview(step.before),
                received=preview(step.received)))
        return lines
    lines.append("  " + translate("Walk", "received grad = {gradient} = {value}").format(
        gradient=step.received_name, value=preview(step.received)) + summed)
    lines.extend("  " + line for line in step.words.split("\n") if line)
    for send in step.sends:
        lines.extend(_send_lines(send))
    if not step.sends:
        lines.append("  " + translate("Walk", "sends nothing further (no input requires "
                                      "grad)"))
    if step.freed:
        lines.append("  " + translate("Walk", "frees its saved {tensors} (a second backward "
                                      "through it needs retain_graph=True)").format(
            tensors=", ".join(step.freed)))
    return lines


def _send_lines(send):
    """What one step sends along one edge: the rule, the chain rule, the numbers."""
    target = _target_name(send)
    to = send.input_name if target == send.input_name else \
        f"{send.input_name} = {target}"
    lines = ["  " + translate("Walk", "to {input} (next: {grad_fn}):").format(
        input=to, grad_fn=send.target_name)]
    if send.rule:
        lines.append("    " + translate("Walk", "rule      {input}: {rule}").format(
            input=send.input_name, rule=send.rule))
    lines.append("    " + translate("Walk", "chain     {formula}").format(formula=send.named))
    lines.append("    " + translate("Walk", "numbers   {formula}").format(
        formula=send.numbers))
    return lines


def _target_name(send):
    lhs = send.named.split(" = ", 1)[0] if " = " in send.named else send.named
    return lhs.split("/∂", 1)[1] if "/∂" in lhs else lhs


def explain_text(doc, result, index):
    """The step-through of one action as text (what ``gradstudio explain`` prints)."""
    w = walk(doc, result, index)
    lines = [translate("Walk", "Action {number}: {title}").format(number=index + 1,
                                                                   title=w.title)]
    outcome = result.outcomes[index]
    if outcome.iteration is not None:
        lines[0] += "  " + translate("Walk", "(iteration {number})").format(
            number=outcome.iteration + 1)
    if w.seeded:
        lines.append("  " + translate("Walk", "(with a gradient v: each ∂ below is "
                                      "v-weighted, the vector-Jacobian product vᵀ·J)"))
    for step in w.steps:
        lines.extend(step_lines(step))
    if w.problem:
        lines.append("  " + (translate("Walk", "stopped: {problem}").format(
            problem=w.problem) if w.steps else w.problem))
    return "\n".join(lines)
