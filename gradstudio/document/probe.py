"""Probing a run: the Jacobian of one node with respect to another, the vector-Jacobian
product a backward step computed, a gradient check against finite differences and a
sweep of one element. No Qt: the probe panel and tests call these.

Everything here is a function of one tensor ``x`` (the *input* node): the nodes on the
paths from ``x`` to the *output* node ``y`` are computed again with the engine, in the
document's order and no-grad regions, from a fresh leaf holding ``x``'s value at the
chosen step; every other node they read is a constant holding its value at that step
(``RunResult.state(...).value``). A random node on those paths would draw new numbers,
so the probe refuses it; so it does a path through a failed node, a non-floating input
or a Jacobian too large to compute in a moment (``MAX_ENTRIES``, ``MAX_OUTPUTS``,
``MAX_CHECK_ELEMENTS``: a probe of a bundled example takes milliseconds, the largest one
allowed under a second). Refusals are ``ProbeError``s whose message is one sentence for
the user.

The gradient check casts every floating tensor to float64 and compares the engine's
analytic Jacobian (one ``autograd.grad`` per output element) with central differences;
the verdict is the engine's own ``autograd.gradcheck`` (PyTorch's tolerances).
"""
import warnings
from dataclasses import dataclass

import numpy as np

import gradstudio.engine as torch
from gradstudio.engine import autograd
from gradstudio.timeline import ACTIONS
from gradstudio.words import Number, translate

from .catalogue import CATALOGUE
from .run_timeline import NodeFailure, compute

__all__ = ["ProbeError", "Jacobian", "VJP", "VJPRow", "GradientCheck", "Sweep", "jacobian",
           "vjp", "gradient_check", "check_function", "sweep", "element_label",
           "element_labels", "candidate_inputs", "gradient_holders", "backward_actions",
           "is_random", "RANDOM_KINDS", "MAX_ENTRIES", "MAX_OUTPUTS", "MAX_CHECK_ELEMENTS",
           "MAX_SWEEP_POINTS", "EPS", "ATOL", "RTOL"]

MAX_ENTRIES = 4096          # output elements x input elements of a Jacobian (or a check)
MAX_OUTPUTS = 1024          # output elements of a Jacobian (one backward pass each)
MAX_CHECK_ELEMENTS = 256    # input or output elements of a gradient check (which takes
                            # four forwards per input element, two backwards per output's)
MAX_SWEEP_POINTS = 1001
EPS, ATOL, RTOL = 1e-6, 1e-5, 1e-3     # autograd.gradcheck's (and PyTorch's) defaults

# kinds that draw random numbers: computed again they would draw new ones (a kind may
# also say so itself with a true ``random`` attribute)
RANDOM_KINDS = frozenset({
    "rand", "randn", "randint", "randperm", "uniform", "normal", "bernoulli", "multinomial",
    "exponential", "poisson", "dropout", "dropout1d", "dropout2d", "dropout3d",
    "alpha_dropout", "feature_alpha_dropout", "rrelu", "rand_like", "randn_like",
    "randint_like", "loader_batch"})       # (a loader's next batch: drawn anew each time)

# how close vᵀJ must be to the .grad the run left, by dtype (relative to the largest)
_CLOSE = {"float16": 2e-3, "bfloat16": 1e-2, "float32": 2e-6, "float64": 1e-12}


class ProbeError(ValueError):
    """Why a probe cannot be computed, in one sentence for the user."""


def is_random(kind):
    """Whether nodes of ``kind`` draw random numbers when computed."""
    return kind in RANDOM_KINDS or bool(getattr(CATALOGUE.get(kind), "random", False))


# ---------------------------------------------------------------------- labels
def element_label(name, shape, index):
    """``name`` for a one-element tensor of shape ``()``, else ``name[i, j]`` for the
    element at flat (C order) ``index``: ``x[1]``, ``w[0, 2]``."""
    shape = tuple(shape)
    if not shape:
        return name
    return f"{name}[{', '.join(str(int(i)) for i in np.unravel_index(index, shape))}]"


def element_labels(name, shape):
    return [element_label(name, shape, k) for k in range(int(np.prod(shape, dtype=int)))]


# ---------------------------------------------------------------------- results
class _Labelled:
    """Row and column labels of a matrix of ∂output[i]/∂input[j] (``y[0]``, ``x[1, 2]``)."""

    @property
    def row_labels(self):
        return element_labels(self.output_name, self.output_shape)

    @property
    def column_labels(self):
        return element_labels(self.input_name, self.input_shape)


@dataclass
class Jacobian(_Labelled):
    """∂output/∂input at one step: ``matrix[m, k]`` is d output[m] / d input[k] (both
    flattened in C order), as the engine computed it in the input's dtype."""
    output: str
    input: str
    output_name: str
    input_name: str
    output_shape: tuple
    input_shape: tuple
    dtype: str
    matrix: np.ndarray
    step: int


@dataclass
class VJPRow:
    """One tensor a backward step gave a ``.grad``: the Jacobian of the target with
    respect to it (before the step), vᵀJ, and its ``.grad`` before and after the step.
    ``problem`` says in words why the Jacobian could not be computed (then ``jacobian``
    and ``vtj`` are None)."""
    node: str
    name: str
    dtype: str
    jacobian: Jacobian | None
    vtj: np.ndarray | None
    grad: np.ndarray | None
    grad_before: np.ndarray | None
    problem: str | None = None

    @property
    def increment(self):
        """What the step added to ``.grad`` (the whole ``.grad`` when there was none)."""
        if self.grad is None:
            return None
        if self.grad_before is None or self.grad_before.shape != self.grad.shape:
            return np.asarray(self.grad, np.float64)
        return np.asarray(self.grad, np.float64) - np.asarray(self.grad_before, np.float64)

    @property
    def max_difference(self):
        inc = self.increment
        if inc is None or self.vtj is None or inc.shape != self.vtj.shape:
            return None
        return float(np.max(np.abs(inc - self.vtj), initial=0.0))

    @property
    def equal(self):
        """Whether vᵀJ equals what the step added to ``.grad`` (to the dtype's rounding;
        None when either is missing)."""
        diff = self.max_difference
        if diff is None:
            return None
        scale = max(float(np.max(np.abs(self.increment), initial=0.0)),
                    float(np.max(np.abs(self.vtj), initial=0.0)))
        return diff <= _CLOSE.get(self.dtype, 1e-6) * 8 * scale


@dataclass
class VJP:
    """The backward step at timeline index ``action_index``: ``target.backward(v)``.
    ``v`` is its ``gradient`` (ones for a one-element target without one: ``implied``)."""
    action_index: int
    action_id: str
    target: str
    target_name: str
    v: np.ndarray
    v_dtype: str
    implied: bool
    rows: list


@dataclass
class GradientCheck(_Labelled):
    """Autograd against central differences in float64 for ``input`` -> ``output``.
    ``analytic``, ``numeric`` and ``difference`` are (output elements, input elements)
    like ``Jacobian.matrix``; ``ok`` is ``autograd.gradcheck``'s verdict; ``worst`` the
    (row, column) of the largest error."""
    ok: bool
    max_error: float
    analytic: np.ndarray
    numeric: np.ndarray
    difference: np.ndarray
    worst: tuple
    output_name: str = "y"
    input_name: str = "x"
    output_shape: tuple = ()
    input_shape: tuple = ()
    input: str | None = None
    output: str | None = None

    @property
    def tolerance(self):
        """What each entry of ``difference`` may be and still pass: gradcheck's
        ``ATOL + RTOL * |numeric|``, entry by entry."""
        return ATOL + RTOL * np.abs(self.numeric)


@dataclass
class Sweep:
    """``output_label`` as element ``input_label`` of the input goes over ``xs`` (the
    values the input's dtype holds), every other value kept: ``ys`` and the derivatives
    ``slopes``; ``x0``, ``y0``, ``slope0`` at the element's value in the run."""
    xs: np.ndarray
    ys: np.ndarray
    slopes: np.ndarray
    x0: float
    y0: float
    slope0: float
    input_label: str
    output_label: str

    def tangent(self, xs=None):
        """The tangent line at the current point, over ``xs`` (default: the sweep's)."""
        xs = self.xs if xs is None else np.asarray(xs, np.float64)
        return self.y0 + self.slope0 * (xs - self.x0)


# ---------------------------------------------------------------------- the function
def _dtype(name):
    return getattr(torch, name)


def _floating(name):
    return name is not None and _dtype(name).is_floating_point


def _numpy(t):
    return np.array(t.detach().numpy(), copy=True)


class _Program:
    """The output node as a function of the input node's tensor (see the module doc).
    ``x0`` is the input's value (float64 with ``float64``); ``leaf(array)`` a fresh leaf
    to call it with."""

    def __init__(self, doc, result, output, input, step=-1, float64=False, limit=MAX_ENTRIES,
                 outputs=MAX_OUTPUTS):
        self.doc, self.float64 = doc, float64
        self.names = {n: doc.display_name(n) for n in doc.node_ids}
        for nid in (output, input):
            if nid is None or not doc.has_node(nid):
                raise ProbeError(translate(
                        "Probe", "Choose an output and an input that are nodes of the "
                        "program."))
        self.output, self.input = output, input
        self.out_name, self.in_name = self.names[output], self.names[input]
        if output != input and not doc.has_path(input, output):
            raise ProbeError(translate(
                    "Probe", "{out_name} does not depend on {in_name}: no path leads from "
                    "{in_name} to {out_name}.").format(
                    out_name=self.out_name, in_name=self.in_name))
        order = doc.topological_order()
        self.path = self._path_checked(order)
        on_path = set(self.path) | {input}
        needed = [input] + self.path + sorted(
            {src for n in self.path for src in doc.inputs_of(n).values()} - on_path,
            key=order.index)
        states = self._states(result, needed, step)
        x, y = states[input], states[output]
        self._check_sizes(x, y, limit, outputs)
        self.dtype = "float64" if float64 else x.dtype
        self.x0 = np.array(x.value, dtype=np.float64 if float64 else x.value.dtype)
        self.constants = {n: self._constant(states[n]) for n in needed
                          if n not in on_path and n not in self.path}

    def _path_checked(self, order):
        """The nodes from the input to the output, in run order; none may draw random
        numbers or be a ``.grad``."""
        doc, input, output = self.doc, self.input, self.output
        after, before = doc.descendants(input), doc.ancestors(output)
        path = [n for n in order if n in after and (n in before or n == output)]
        for nid in path:
            kind = doc.node(nid).kind
            if is_random(kind):
                raise ProbeError(translate(
                        "Probe", "{name} draws random numbers ({kind}) on the way from "
                        "{in_name} to {out_name}: computed again it would draw new ones, so "
                        "it cannot be probed.").format(
                        name=self.names[nid], kind=kind, in_name=self.in_name,
                        out_name=self.out_name))
            if kind == "grad_of":
                raise ProbeError(translate(
                        "Probe", "{names} is a .grad on the way from {in_name} to "
                        "{out_name}: what a backward left, not a function of {in_name} "
                        "computed again, so it cannot be probed.").format(
                        names=self.names[nid], in_name=self.in_name, out_name=self.out_name))
        return path

    def _states(self, result, needed, step):
        """The run's state of each needed node at ``step``; each must have a value."""
        states = {}
        for nid in needed:
            state = result.state(nid, step)
            if state.pending:
                raise ProbeError(translate(
                        "Probe", "{names} is not computed yet at this step: it is computed "
                        "at {value}.").format(
                        names=self.names[nid], value=result.late.when(nid)))
            if not state.ok or state.value is None:
                raise ProbeError(translate(
                        "Probe", "{names} has no value in this run (it has an error): fix it "
                        "first.").format(
                        names=self.names[nid]))
            states[nid] = state
        return states

    def _check_sizes(self, x, y, limit, outputs):
        """Floating-point input and output, a Jacobian of at most ``limit`` entries and
        at most ``outputs`` backward passes; sets the shapes and sizes."""
        if not _floating(x.dtype):
            raise ProbeError(translate(
                    "Probe", "{in_name} holds {dtype} values: only a floating-point tensor "
                    "has derivatives.").format(
                    in_name=self.in_name, dtype=x.dtype))
        if not _floating(y.dtype):
            raise ProbeError(translate(
                    "Probe", "{out_name} holds {dtype} values: only a floating-point result "
                    "has derivatives.").format(
                    out_name=self.out_name, dtype=y.dtype))
        self.in_shape, self.out_shape = tuple(x.shape), tuple(y.shape)
        self.n_in, self.n_out = x.value.size, y.value.size
        if self.n_in * self.n_out > limit:
            raise ProbeError(
                translate(
                        "Probe", "The Jacobian of {out_name} with respect to {in_name} has "
                        "{n_out:,} × {n_in:,} = {entries:,} entries, more than the {limit:,} "
                        "a probe computes: choose smaller tensors.").format(
                        out_name=self.out_name, in_name=self.in_name, n_out=Number(self.n_out),
                        n_in=Number(self.n_in), entries=Number(self.n_in * self.n_out),
                        limit=Number(limit)))
        if self.n_out > outputs:
            raise ProbeError(
                translate(
                        "Probe", "{out_name} has {n_out:,} elements, more than the "
                        "{outputs:,} backward passes (one per element) a probe takes: choose "
                        "a smaller output.").format(
                        out_name=self.out_name, n_out=Number(self.n_out),
                        outputs=Number(outputs)))

    def _constant(self, state):
        dtype = state.dtype
        if self.float64 and _floating(dtype):
            dtype = "float64"
        return torch.tensor(np.array(state.value, copy=True), dtype=_dtype(dtype))

    def leaf(self, array=None):
        a = self.x0 if array is None else array
        return torch.tensor(np.array(a, copy=True), dtype=_dtype(self.dtype),
                            requires_grad=True)

    def __call__(self, x):
        tensors = dict(self.constants)
        tensors[self.input] = x
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with torch.enable_grad():
                for nid in self.path:
                    try:
                        tensors[nid] = compute(self.doc, nid, tensors, self.names)
                    except NodeFailure as exc:
                        raise ProbeError(translate(
                                "Probe", "{names} could not be computed again: {exc}").format(
                                names=self.names[nid], exc=exc)) from None
        y = tensors[self.output]
        if self.float64:
            for nid in self.path:
                t = tensors[nid]
                if t.dtype.is_floating_point and t.dtype != torch.float64:
                    raise ProbeError(translate(
                            "Probe", "{names} computes in {name}, too coarse for finite "
                            "differences: the check needs float64 all the way.").format(
                            names=self.names[nid], name=t.dtype.name))
        return y


def _flows(y, x, out_name, in_name):
    """Refuses an output no gradient reaches from ``x`` (a detach, no_grad or an integer
    step cuts every path)."""
    if y is not x and not y.requires_grad:
        raise ProbeError(translate(
                "Probe", "No gradient flows from {in_name} to {out_name}: a detach, a "
                "no-grad region or a non-differentiable step cuts every path.").format(
                in_name=in_name, out_name=out_name))


def _analytic(y, x):
    """(y elements, x elements): one ``autograd.grad`` per element of ``y``."""
    n_out = int(np.prod(y.shape, dtype=int))
    matrix = np.zeros((n_out, int(np.prod(x.shape, dtype=int))))
    for m in range(n_out):
        seed = np.zeros(n_out, dtype=_numpy_dtype(y))
        seed[m] = 1
        g, = autograd.grad(y, x, torch.tensor(seed.reshape(tuple(y.shape)), dtype=y.dtype),
                           retain_graph=True, allow_unused=True)
        if g is not None:
            matrix[m] = _numpy(g).reshape(-1)
    return matrix


def _numpy_dtype(t):
    return np.dtype(t.dtype.name if t.dtype.name != "bfloat16" else "float32")


def _numeric(f, x0, make, eps=EPS):
    """(y elements, x elements): central differences of ``f`` at the float64 ``x0``."""
    columns = []
    for k in range(x0.size):     # (with grad: the program may retain_grad on the way)
        hi, lo = x0.copy(), x0.copy()
        hi.flat[k] += eps
        lo.flat[k] -= eps
        plus = _numpy(f(make(hi))).astype(np.float64).reshape(-1)
        minus = _numpy(f(make(lo))).astype(np.float64).reshape(-1)
        columns.append((plus - minus) / (hi.flat[k] - lo.flat[k]))
    return np.stack(columns, axis=1) if columns else np.zeros((0, 0))


# ---------------------------------------------------------------------- the probes
def jacobian(doc, result, output, input, step=-1) -> Jacobian:
    """The full Jacobian ∂output/∂input at ``step``, computed by the engine in the
    program's own dtypes (one ``autograd.grad(..., retain_graph=True)`` per output
    element). Raises ``ProbeError``."""
    program = _Program(doc, result, output, input, step)
    x = program.leaf()
    y = program(x)
    _flows(y, x, program.out_name, program.in_name)
    return Jacobian(output, input, program.out_name, program.in_name, program.out_shape,
                    program.in_shape, program.dtype, _analytic(y, x), step)


def backward_actions(doc):
    """``[(timeline index, action)]`` of the document's backward steps."""
    return [(i, a) for i, a in enumerate(doc.timeline) if ACTIONS[a.kind].target]


def gradient_holders(doc, result, target, step=-1):
    """The nodes a backward of ``target`` gives a ``.grad``: the leaves that require grad
    and the tensors that retain theirs, upstream of ``target`` (one node per tensor), in
    the run's order."""
    if target is None or not doc.has_node(target):
        return []
    upstream = doc.ancestors(target) | {target}
    found = []
    for nid in result.order:
        if nid not in upstream or not result.computed(nid):
            continue
        s = result.state(nid, step)
        if s.ok and ((s.is_leaf and s.requires_grad) or s.retains_grad):
            found.append(nid)
    return result.distinct_tensors(found)


def candidate_inputs(doc, result, output, step=-1):
    """The floating-point nodes ``output`` depends on (itself excluded), leaves that
    require grad first: what a probe of ``output`` can take as input."""
    if output is None or not doc.has_node(output):
        return []
    upstream = doc.ancestors(output)
    leaves, others = [], []
    for nid in result.order:
        if nid not in upstream or not result.computed(nid):
            continue
        s = result.state(nid, step)
        if s.ok and _floating(s.dtype):
            (leaves if s.is_leaf and s.requires_grad else others).append(nid)
    return result.distinct_tensors(leaves) + others


def vjp(doc, result, action_index) -> VJP:
    """The vector-Jacobian product of the backward step at timeline index
    ``action_index``: for each tensor it gave a ``.grad``, J = ∂target/∂tensor before the
    step, vᵀJ and the ``.grad`` before and after it. Raises ``ProbeError``."""
    if not 0 <= action_index < len(doc.timeline) or \
            not ACTIONS[doc.timeline[action_index].kind].target:
        raise ProbeError(translate("Probe", "Choose a backward step of the timeline."))
    action = doc.timeline[action_index]
    before, after = action_index, action_index + 1       # steps around the action
    outcome = result.outcome(action.id)
    if outcome is not None and outcome.error:
        raise ProbeError(translate(
                "Probe", "This backward step failed: {error}").format(
                error=outcome.error))
    target, gradient = action.params.get("target"), action.params.get("gradient")
    if target is None or not doc.has_node(target):
        raise ProbeError(translate(
                "Probe", "This backward step has no target: choose one in the timeline."))
    name = doc.display_name(target)
    t_state = result.state(target, before)
    if not t_state.ok or t_state.value is None:
        raise ProbeError(translate(
                "Probe", "{name} has no value in this run (it has an error): fix it first.").format(
                name=name))
    if gradient is not None and doc.has_node(gradient):
        g_state = result.state(gradient, before)
        if not g_state.ok or g_state.value is None:
            raise ProbeError(translate(
                    "Probe", "The gradient {value} has no value in this run: fix it first.").format(
                    value=doc.display_name(gradient)))
        v, v_dtype, implied = np.array(g_state.value), g_state.dtype, False
    elif t_state.value.size == 1:
        v, v_dtype, implied = np.ones(t_state.shape, t_state.value.dtype), t_state.dtype, True
    else:
        raise ProbeError(translate(
                "Probe", "{name} has {size} elements: its backward needs a gradient v of the "
                "same shape.").format(
                name=name, size=t_state.value.size))
    rows = []
    for nid in gradient_holders(doc, result, target, before):
        s_before, s_after = result.state(nid, before), result.state(nid, after)
        row = VJPRow(nid, doc.display_name(nid), s_before.dtype, None, None,
                     s_after.grad, s_before.grad)
        try:
            jac = jacobian(doc, result, target, nid, before)
        except ProbeError as exc:
            row.problem = str(exc)
        else:
            if v.size != jac.matrix.shape[0]:
                row.problem = (f"v has {v.size} elements where {name} has "
                               f"{jac.matrix.shape[0]}.")
            else:
                row.jacobian = jac
                row.vtj = (np.asarray(v, np.float64).reshape(-1) @ jac.matrix).reshape(
                    jac.input_shape)
        rows.append(row)
    return VJP(action_index, action.id, target, name, v, v_dtype, implied, rows)


def _check(f, x0, make, output_name="y", input_name="x"):
    """The gradient check of ``f`` at the float64 array ``x0`` (``make(array)`` a fresh
    leaf for it)."""
    x = make(x0)
    y = f(x)
    if not isinstance(y, torch.Tensor):
        raise ProbeError(translate("Probe", "The function must return a tensor."))
    if not y.dtype.is_floating_point:
        raise ProbeError(translate(
                "Probe", "{output_name} holds {name} values: only a floating-point result "
                "has derivatives.").format(
                output_name=output_name, name=y.dtype.name))
    _flows(y, x, output_name, input_name)
    analytic = _analytic(y, x)
    numeric = _numeric(f, x0, make)
    ok = bool(autograd.gradcheck(f, (make(x0),), eps=EPS, atol=ATOL, rtol=RTOL,
                                 raise_exception=False))
    difference = analytic - numeric
    error = np.abs(difference)
    worst = np.unravel_index(int(np.argmax(error)), error.shape) if error.size else (0, 0)
    return GradientCheck(ok, float(error.max(initial=0.0)), analytic, numeric, difference,
                         tuple(int(i) for i in worst), output_name, input_name,
                         tuple(y.shape), tuple(x0.shape))


def gradient_check(doc, result, leaf, output, step=-1) -> GradientCheck:
    """Autograd against central differences for ``output`` as a function of ``leaf``,
    every floating tensor cast to float64; the verdict is ``autograd.gradcheck``'s.
    Raises ``ProbeError``."""
    program = _Program(doc, result, output, leaf, step, float64=True,
                       outputs=MAX_CHECK_ELEMENTS)
    if program.n_in > MAX_CHECK_ELEMENTS:
        raise ProbeError(translate(
                "Probe", "{in_name} has {n_in:,} elements, more than the "
                "{MAX_CHECK_ELEMENTS:,} a gradient check moves one by one: choose a smaller "
                "tensor.").format(in_name=program.in_name, n_in=Number(program.n_in),
                                  MAX_CHECK_ELEMENTS=Number(MAX_CHECK_ELEMENTS)))
    check = _check(program, program.x0, program.leaf, program.out_name, program.in_name)
    check.output_shape, check.input = program.out_shape, leaf
    check.output = output
    return check


def check_function(f, x, eps=EPS):
    """The gradient check of any function ``f`` of one tensor (an engine tensor or an
    array-like, taken as float64) at ``x``; ``f`` returns an engine tensor. A custom
    ``autograd.Function`` with a wrong backward gives ``ok`` False."""
    x0 = np.array(x.detach().numpy() if isinstance(x, torch.Tensor) else x, np.float64)

    def make(a):
        return torch.tensor(np.array(a, copy=True), dtype=torch.float64, requires_grad=True)

    def call(t):
        try:
            return f(t)
        except ProbeError:
            raise
        except Exception as exc:  # the user's function failed: say so in its words
            raise ProbeError(translate(
                    "Probe", "The function failed: {name__}: {exc}").format(
                    name__=type(exc).__name__, exc=exc)) from None
    if x0.size > MAX_CHECK_ELEMENTS:
        raise ProbeError(translate(
                "Probe", "x has {size:,} elements, more than the {MAX_CHECK_ELEMENTS:,} a "
                "gradient check moves one by one.").format(
                size=Number(x0.size), MAX_CHECK_ELEMENTS=Number(MAX_CHECK_ELEMENTS)))
    return _check(call, x0, make)


def sweep(doc, result, leaf, element, output, output_element=0, span=3.0, points=101,
          step=-1) -> Sweep:
    """``output``'s element ``output_element`` and its derivative with respect to element
    ``element`` (flat index) of ``leaf`` as that element goes over its value ± ``span``
    in ``points`` points, everything else as at ``step``. Raises ``ProbeError``."""
    program = _Program(doc, result, output, leaf, step, limit=float("inf"),
                       outputs=float("inf"))
    if not 0 <= element < program.n_in:
        raise ProbeError(translate(
                "Probe", "{in_name} has {n_in} elements: choose one from 0 to {n_in2}.").format(
                in_name=program.in_name, n_in=program.n_in, n_in2=program.n_in - 1))
    if not 0 <= output_element < program.n_out:
        raise ProbeError(translate(
                "Probe", "{out_name} has {n_out} elements: choose one from 0 to {n_out2}.").format(
                out_name=program.out_name, n_out=program.n_out, n_out2=program.n_out - 1))
    if not (np.isfinite(span) and span > 0):
        raise ProbeError(translate("Probe", "The span must be a positive number."))
    points = int(points)
    if not 2 <= points <= MAX_SWEEP_POINTS:
        raise ProbeError(translate(
                "Probe", "A sweep takes from 2 to {MAX_SWEEP_POINTS} points.").format(
                MAX_SWEEP_POINTS=MAX_SWEEP_POINTS))
    x0 = float(program.x0.flat[element])

    def at(value):
        a = program.x0.copy()
        a.flat[element] = value
        x = program.leaf(a)
        y = program(x)
        _flows(y, x, program.out_name, program.in_name)
        seed = np.zeros(program.n_out, _numpy_dtype(y))
        seed[output_element] = 1
        g, = autograd.grad(y, x, torch.tensor(seed.reshape(tuple(y.shape)), dtype=y.dtype),
                           allow_unused=True)
        slope = 0.0 if g is None else float(_numpy(g).reshape(-1)[element])
        return float(a.flat[element]), float(_numpy(y).reshape(-1)[output_element]), slope

    table = np.array([at(v) for v in np.linspace(x0 - span, x0 + span, points)])
    _, y0, slope0 = at(x0)
    return Sweep(table[:, 0], table[:, 1], table[:, 2], x0, y0, slope0,
                 element_label(program.in_name, program.in_shape, element),
                 element_label(program.out_name, program.out_shape, output_element))
