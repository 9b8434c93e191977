"""Every grad_fn explains itself: each VJP of the op table carries its derivative rule as
text (``Grad.formula``, in the terms of PyTorch's derivatives.yaml), and
``inspect.derivative(node)`` gives any node's forward, input names and rules, aligned with
its ``next_functions``, for the document layer's step-by-step backward.

A differentiable op without a rule fails ``test_every_vjp_has_a_formula``; a rule that
names something its op does not have fails ``test_formulas_name_only_what_the_op_has``.
"""
import ast
import json
from pathlib import Path

import numpy as np

import gradstudio.engine as torch
from gradstudio.engine import inspect as raw
from gradstudio.engine._autograd.derivative import _forward, _params_env, resolve
from gradstudio.engine._ops.record import NOT_IMPLEMENTED, OPS

import parity

HERE = Path(__file__).parent

# function-ish words a rule may use besides the op's own names
WORDS = {
    "torch", "math", "pi", "T", "mT", "shape", "dtype", "numel", "sum", "mean", "expand",
    "sum_to_size", "reshape", "view_as", "flatten", "t", "transpose", "permute", "argsort",
    "squeeze", "unsqueeze", "flip", "roll", "tril", "triu", "diagonal", "diagonal_scatter",
    "eye", "select", "select_scatter", "slice_scatter", "split", "cat", "stack", "gather",
    "scatter", "scatter_add", "index_select", "index_add", "index_put", "accumulate",
    "masked_fill", "masked_scatter", "one_hot", "zeros", "zeros_like", "where", "clamp",
    "exp", "log", "log1p", "sqrt", "rsqrt", "sin", "cos", "sinh", "cosh", "sign", "abs",
    "erf", "tanh", "sigmoid", "logsigmoid", "outer", "inverse", "cumsum", "to", "keepdim",
    # the functions the rules of convolutions, pooling and the kernel losses name
    # (torch.nn.grad's, nn.functional's and ATen's backward ops)
    "nn", "functional", "fold", "unfold", "chunk", "einsum", "conv2d_input", "conv2d_weight",
    "ops", "aten", "avg_pool2d_backward", "_adaptive_avg_pool2d_backward",
    "multi_margin_loss_backward", "multilabel_margin_loss_backward", "is_target",
    "_embedding_bag_backward",
    # the rules of fmod, nansum, fmax/fmin, cross and dist (derivatives.yaml's words)
    "trunc", "div", "rounding_mode", "isnan", "logical_not", "cross", "norm_backward",
    "cholesky_solve",
    # the rules of F.pad, cdist and the CTC loss (ATen's backward ops)
    "constant_pad_nd", "_cdist_backward", "_ctc_loss_backward",
    # scatter_reduce's and embedding_bag's per-sample weights' (FunctionsManual's, ATen's)
    "scatter_reduce_backward", "_embedding_bag_per_sample_weights_backward",
}


def _grads(op):
    return [(i, g) for i, g in enumerate(op.grads) if g is not None]


def _identifiers(formula):
    """Every name a rule uses: variables, attributes and keyword names."""
    tree = ast.parse(formula, mode="eval")
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
    return names


def _op_names(op):
    """What a rule of ``op`` may name: grad, result, its arguments and its params."""
    import inspect
    names = {"grad", "result", *op.arg_names, *(p.name for p in op.params),
             *op.saved_params}
    try:
        names.update(inspect.signature(op.forward).parameters)
    except (TypeError, ValueError):
        pass
    if op.multi_output:
        names.add("grads")
    if op.variadic:
        names.update({"i", "t"})      # the input's position; a comprehension's tensor
    return names


# ------------------------------------------------------------------------ the table
def test_every_vjp_has_a_formula():
    missing = [f"{name} ({op.arg_names[min(i, len(op.arg_names) - 1)]})"
               for name, op in OPS.items() if op.differentiable
               for i, g in _grads(op) if not (isinstance(g.formula, str) and g.formula.strip())]
    assert not missing, f"VJPs without a formula: {missing}"
    assert sum(len(_grads(op)) for op in OPS.values() if op.differentiable) > 150


def test_missing_derivatives_say_so():
    for name in ("floor_divide", "floor_divide_scalar", "rremainder", "_unique", "unique",
                 "_unique_dim"):
        assert all(g.formula == NOT_IMPLEMENTED for _, g in _grads(OPS[name])), name
    # and only they: a differentiable VJP has a real rule
    for name, op in OPS.items():
        for _, g in _grads(op):
            assert (g.formula == NOT_IMPLEMENTED) == g.missing, name


def test_formulas_name_only_what_the_op_has():
    bad = []
    for name, op in OPS.items():
        if not op.differentiable:
            continue
        allowed = _op_names(op) | WORDS
        for i, g in _grads(op):
            if g.formula == NOT_IMPLEMENTED:
                continue
            try:
                used = _identifiers(g.formula)
            except SyntaxError:
                bad.append(f"{name}[{i}]: not a Python expression: {g.formula!r}")
                continue
            if used - allowed:
                bad.append(f"{name}[{i}]: {sorted(used - allowed)} in {g.formula!r}")
            if not used & {"grad", "grads"} and "zeros_like" not in used:
                bad.append(f"{name}[{i}]: no grad in {g.formula!r}")
    assert not bad, "\n".join(bad)


def test_every_op_reads_as_a_formula_with_its_defaults():
    """Each rule, its conditions decided for the op's default params, is still a Python
    expression, and each forward has no placeholder left."""
    bad = []
    for name, op in OPS.items():
        if not op.differentiable:
            continue
        env = _params_env(op, {})
        forward = _forward(op, env)
        if "{" in forward or "}" in forward:
            bad.append(f"{name}: forward {forward!r}")
        for i, g in _grads(op):
            if g.formula != NOT_IMPLEMENTED:
                try:
                    ast.parse(resolve(g.formula, env), mode="eval")
                except SyntaxError:
                    bad.append(f"{name}[{i}]: {resolve(g.formula, env)!r}")
    assert not bad, "\n".join(bad)


def test_formulas_follow_derivatives_yaml():
    """A few rules as PyTorch writes them (simplified where it calls helpers)."""
    def rules(name):
        return tuple(g.formula for _, g in _grads(OPS[name]))
    assert rules("mul") == ("grad * other", "grad * self")
    assert rules("div") == ("grad / other", "-grad * self / other ** 2")
    assert rules("add") == ("grad", "grad * alpha")
    assert rules("mm") == ("grad @ mat2.T", "self.T @ grad")
    assert rules("tanh") == ("grad * (1 - result ** 2)",)
    assert rules("sigmoid") == ("grad * result * (1 - result)",)
    assert rules("exp") == ("grad * result",)
    assert rules("relu") == ("grad * (result > 0)",)
    assert rules("sum") == ("grad.expand(self.shape)",)


# ------------------------------------------------------------------------ real graphs
def _aligned(d, node):
    assert isinstance(d, raw.Derivative)
    assert d.name == type(node).__name__
    if d.accumulate:
        assert d.inputs == () and d.formulas == (raw.ACCUMULATE,)
        return
    assert len(d.inputs) == len(d.formulas) == len(node.next_functions)
    for (fn, _), f in zip(node.next_functions, d.formulas):
        assert (f is None) == (fn is None), (d, node.next_functions)


def test_mul():
    x = torch.randn(3, requires_grad=True)
    y = torch.randn(3, requires_grad=True)
    d = raw.derivative((x * y).grad_fn)
    assert (d.name, d.op, d.forward) == ("MulBackward0", "mul", "self * other")
    assert d.inputs == ("self", "other")
    assert d.formulas == ("grad * other", "grad * self")
    assert d.params == {} and not d.accumulate


def test_an_input_without_grad_has_no_rule():
    x = torch.randn(3, requires_grad=True)
    z = x * torch.randn(3)
    d = raw.derivative(z.grad_fn)
    assert z.grad_fn.next_functions[1][0] is None
    assert d.inputs == ("self", "other") and d.formulas == ("grad * other", None)
    _aligned(d, z.grad_fn)
    assert raw.derivative((2 * x).grad_fn).formulas == ("grad * other", None)


def test_accumulate_grad():
    x = torch.randn(3, requires_grad=True)
    acc = (x * 2).grad_fn.next_functions[0][0]
    d = raw.derivative(acc)
    assert d.name == "AccumulateGrad" and d.accumulate
    assert d.inputs == () and d.formulas == ("variable.grad += grad",)
    assert d.op is None and d.forward is None


def test_views():
    x = torch.randn(2, 3, requires_grad=True)
    d = raw.derivative(x[0].grad_fn)
    assert d.name == "SelectBackward0" and d.inputs == ("self",)
    assert d.forward == "self.select(dim, index)" and d.params == {"dim": 0, "index": 0}
    assert "grad" in d.formulas[0] and "select" in d.formulas[0]
    d = raw.derivative(x.t().grad_fn)
    assert (d.name, d.forward, d.formulas) == ("TBackward0", "self.t()", ("grad.t()",))
    d = raw.derivative(x.view(6).grad_fn)
    assert d.formulas == ("grad.reshape(self.shape)",)
    pieces = x.split(1)
    d = raw.derivative(pieces[0].grad_fn)
    assert d.name == "SplitBackward0" and d.formulas == ("torch.cat(grads, dim)",)
    _aligned(d, pieces[0].grad_fn)


def test_cat_and_stack_name_each_input():
    a = torch.randn(2, requires_grad=True)
    b = torch.randn(3)
    c = torch.randn(1, requires_grad=True)
    node = torch.cat([a, b, c]).grad_fn
    d = raw.derivative(node)
    assert d.inputs == ("tensors[0]", "tensors[1]", "tensors[2]")
    assert d.forward == "torch.cat(tensors, dim=dim)"
    assert d.formulas[0].endswith("[0]") and d.formulas[1] is None
    assert d.formulas[2].endswith("[2]") and "split" in d.formulas[2]
    _aligned(d, node)
    d = raw.derivative(torch.stack([a, a]).grad_fn)
    assert d.formulas == ("grad.select(dim, 0)", "grad.select(dim, 1)")


def test_sum_and_mean():
    x = torch.randn(2, 3, requires_grad=True)
    d = raw.derivative(x.sum().grad_fn)
    assert (d.name, d.forward, d.formulas) == ("SumBackward0", "self.sum()",
                                               ("grad.expand(self.shape)",))
    d = raw.derivative(x.mean().grad_fn)
    assert (d.name, d.forward) == ("MeanBackward0", "self.mean()")
    assert d.formulas == ("grad.expand(self.shape) / self.numel()",)
    d = raw.derivative(x.mean(1).grad_fn)
    assert d.forward == "self.mean(dim)" and d.params["dim"] in (1, (1,))
    assert d.formulas == ("grad.expand(self.shape) / (self.numel() / result.numel())",)


def test_a_rule_is_given_for_the_node_at_hand():
    x = torch.randn(3, requires_grad=True)
    assert raw.derivative(x.clamp(min=0).grad_fn).formulas == (
        "torch.where(self >= min, grad, 0)",)
    assert raw.derivative(x.clamp(0, 1).grad_fn).formulas == (
        "torch.where((self >= min) & (self <= max), grad, 0)",)
    assert raw.derivative(x.pow(3).grad_fn).formulas == (
        "grad * exponent * self ** (exponent - 1)",)
    assert raw.derivative(x.pow(0).grad_fn).formulas == ("torch.zeros_like(grad)",)
    assert raw.derivative(x.norm().grad_fn).formulas == ("grad * self / result",)
    assert raw.derivative(x.norm(1).grad_fn).formulas == ("grad * torch.sign(self)",)


def test_losses():
    x = torch.randn(4, requires_grad=True)
    y = torch.randn(4)
    d = raw.derivative(torch.nn.functional.mse_loss(x, y).grad_fn)
    assert (d.name, d.op) == ("MseLossBackward0", "mse_loss")
    assert d.forward == "torch.nn.functional.mse_loss(self, target)"
    assert d.inputs == ("self", "target")
    assert d.formulas == ("2 * grad * (self - target) / self.numel()", None)
    d = raw.derivative(torch.nn.functional.mse_loss(x, y, reduction="sum").grad_fn)
    assert d.formulas == ("2 * grad * (self - target)", None)
    logits = torch.randn(2, 3, requires_grad=True)
    node = torch.nn.functional.cross_entropy(logits, torch.tensor([0, 2])).grad_fn
    d = raw.derivative(node)
    assert d.name == "NllLossBackward0"
    assert d.formulas == ("-grad * one_hot(target) * (target != ignore_index) / total_weight",)
    d = raw.derivative(node.next_functions[0][0])
    assert d.name == "LogSoftmaxBackward0"
    assert d.formulas == ("grad - torch.exp(result) * grad.sum(dim, keepdim=True)",)


def test_custom_function():
    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, inp, scale):
            ctx.save_for_backward(inp)
            return inp ** 3 * scale

        @staticmethod
        def backward(ctx, g):
            (inp,) = ctx.saved_tensors
            return 3 * inp ** 2 * g, None

    x = torch.randn(3, requires_grad=True)
    node = Cube.apply(x, 2.0).grad_fn
    d = raw.derivative(node)
    assert (d.name, d.op, d.forward) == ("CubeBackward", None, "Cube.apply(inp, scale)")
    assert d.inputs == ("inp",) and d.formulas == ("Cube.backward(ctx, grad)[0]",)
    _aligned(d, node)


def test_copy_slices():
    x = torch.randn(2, 3, requires_grad=True)
    w = torch.randn(3, requires_grad=True)
    b = x.clone()
    b[0].mul_(w)
    node = b.grad_fn
    d = raw.derivative(node)
    assert (d.name, d.op) == ("CopySlices", "mul")
    assert d.forward == "self[view] = self[view] * other"
    assert d.inputs == ("self", "other")
    assert d.formulas == ("grad, with grad[view] replaced by grad[view] * other",
                          "grad[view] * self[view]")
    _aligned(d, node)
    b.sum().backward()          # (the rule outlives the buffers backward frees)
    assert raw.derivative(node) == d


def test_double_backward_nodes():
    x = torch.randn(3, requires_grad=True)
    (g,) = torch.autograd.grad(torch.tanh(x).sum(), x, create_graph=True)
    seen = set()
    stack = [g.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        _aligned(raw.derivative(node), node)
        stack.extend(n for n, _ in node.next_functions)
    assert "TanhBackwardBackward0" in {type(n).__name__ for n in seen}


def test_derivative_reads_nothing_the_program_sees():
    x = torch.randn(3, requires_grad=True)
    y = (x * x).sum()
    before = y.grad_fn.next_functions
    raw.derivative(y.grad_fn)
    y.backward()
    assert y.grad_fn.next_functions == before
    assert np.allclose(x.grad.numpy(), 2 * x.detach().numpy())


# ------------------------------------------------------------------------ many programs
# Every program table of the engine's tests (the seed notebooks, the parity and error
# programs), found as the engine's runner sees them: the test modules imported with the
# engine installed as ``torch``; and the grad_fns that importing them left alive.
_TABLES = """
import gc, importlib, json, sys
from pathlib import Path
here = Path(%r)
sys.path[:0] = [str(here), str(here.parent)]
import parity
from grad_fn_check import alive_report
tables = []
for path in sorted(here.glob("test_*.py")):
    if path.stem == "test_derivative_formulas":
        continue
    mod = importlib.import_module(path.stem)
    for table in vars(mod).values():
        if isinstance(table, (list, tuple)) and table and all(
                isinstance(p, parity.Program) for p in table):
            tables.append([path.stem, [p.as_json() for p in table]])
gc.unfreeze()
gc.collect()
print(json.dumps({"tables": tables, "imports": alive_report()}))
"""


def test_every_node_of_many_programs_explains_itself():
    """The seed notebooks, the parity programs and the error programs run under the
    engine (as ``torch``, in forks of the parity runner's engine child); every grad_fn
    alive after each program (found by the garbage collector, reached from a tensor or
    not) gets a Derivative aligned with its edges. The programs run once for this check
    and their parity tests both (``parity.backend_results``: the engine's runner makes
    this check after each program it runs)."""
    found = json.loads(parity.engine_prints(_TABLES % str(HERE)).splitlines()[-1])
    failures, names, count, seen = [], set(), 0, set()

    def add(label, report):
        nonlocal count
        count += report["nodes"]
        names.update(report["names"])
        failures.extend(f"{label}: {problem}" for problem in report["failures"])
    add("(imports)", found["imports"])
    for stem, table in found["tables"]:
        progs = [parity.Program(**p) for p in table]
        (results,) = parity.backend_results(progs, ("engine",))
        add(f"{stem} (before its first program)", results[parity.START]["grad_fns"])
        for prog in progs:
            if (stem, prog.name) not in seen:
                seen.add((stem, prog.name))
                add(prog.name, results[prog.name]["grad_fns"])
    assert not failures, "\n".join(failures[:50])
    assert len(seen) > 350 and count > 1000
    for expected in ("AccumulateGrad", "MulBackward0", "CopySlices", "AddmmBackward0",
                     "NllLossBackward0", "SplitBackward0", "CatBackward0"):
        assert expected in names, expected
    assert any(n.endswith("Backward") for n in names)      # a custom Function's node


def test_gelus_rule_follows_its_approximation():
    import gradstudio.engine.nn.functional as F
    x = torch.tensor([0.5, -1.0], requires_grad=True)
    exact = raw.derivative(F.gelu(x).grad_fn).formulas[0]
    tanh = raw.derivative(F.gelu(x, approximate="tanh").grad_fn).formulas[0]
    assert "erf" in exact and "tanh" not in exact
    assert "torch.tanh(math.sqrt(2 / math.pi) * (self + 0.044715 * self ** 3))" in tanh
    assert "erf" not in tanh
