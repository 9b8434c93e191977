"""The backward pass's branch for plain nodes (``run_backward``: one output, no hooks,
retention, anomaly mode, observer, capture or recorded graph) must do exactly what its
general path does. An attached observer sends every node through the general path, so
each graph here is built twice from the same seed and run both ways: the same gradient
bits, the same nodes freed, the same errors."""
import numpy as np
import pytest

import gradstudio.engine as torch
from gradstudio.engine.autograd import observe


def _graph(seed):
    """A random graph over three leaves of two dtypes: shared inputs (``y * y``),
    broadcasting (a gradient summed to a row), a float64 operand (a gradient cast back
    to float32), numbers, reductions and a matmul."""
    rng = np.random.default_rng(seed)
    a = torch.tensor(rng.standard_normal((3, 4)).astype(np.float32), requires_grad=True)
    b = torch.tensor(rng.standard_normal((4,)).astype(np.float32), requires_grad=True)
    c = torch.tensor(rng.standard_normal((4, 2)), requires_grad=True)   # float64
    y = a
    for k in rng.integers(0, 9, size=12):
        if k == 0:
            y = y * b
        elif k == 1:
            y = y + 0.5
        elif k == 2:
            y = y.tanh()
        elif k == 3:
            y = y * y
        elif k == 4:
            y = y - b
        elif k == 5:
            y = y.sigmoid() / (y * y + 1.0)
        elif k == 6:
            y = (y.double() @ c).float() @ c.float().t()
        elif k == 7:
            y = y.exp().clamp(max=3.0)
        else:
            y = y + y.sum(0, keepdim=True)
    return (a, b, c), y.sum()


def _bits(t):
    return None if t is None else (str(t.dtype), t.detach().numpy().tobytes())


@pytest.mark.parametrize("seed", range(40))
def test_plain_branch_matches_the_general_path(seed):
    leaves, out = _graph(seed)
    out.backward()
    plain = [_bits(t.grad) for t in leaves]
    leaves2, out2 = _graph(seed)
    with observe() as steps:
        out2.backward()
    assert steps, "the observer saw the pass"
    assert [_bits(t.grad) for t in leaves2] == plain
    assert out.grad_fn.saved_tensor_names == out2.grad_fn.saved_tensor_names
    for o in (out, out2):     # both freed what they saved: a second pass fails alike
        with pytest.raises(RuntimeError, match="backward through the graph a second time"):
            o.backward()


def test_plain_branch_accumulates_into_existing_grads_and_keeps_the_graph():
    x = torch.tensor([0.25, -1.5, 3.0], requires_grad=True)
    y = (x * x).tanh() * 3.0 - x
    y.sum().backward(retain_graph=True)
    first = x.grad.clone()
    y.sum().backward()     # retained: runs again, adds into x.grad
    assert x.grad.tolist() == (first * 2).tolist()
    x2 = torch.tensor([0.25, -1.5, 3.0], requires_grad=True)
    y2 = (x2 * x2).tanh() * 3.0 - x2
    with observe():
        y2.sum().backward(retain_graph=True)
        y2.sum().backward()
    assert x2.grad.numpy().tobytes() == x.grad.numpy().tobytes()


def test_plain_branch_reports_a_saved_tensor_modified_in_place():
    messages = []
    for observed in (False, True):
        x = torch.ones(2, 2, requires_grad=True)
        w = torch.full((2, 2), 2.0)
        y = x * w
        w.add_(1)
        with pytest.raises(RuntimeError) as err:
            if observed:
                with observe():
                    y.sum().backward()
            else:
                y.sum().backward()
        messages.append(str(err.value))
    assert "modified by an inplace operation" in messages[0]
    assert messages[0] == messages[1]


def test_plain_branch_leaves_hooked_nodes_to_the_general_path():
    x = torch.ones(3, requires_grad=True)
    y = x * 2.0
    y.register_hook(lambda g: g * 10)
    z = y.tanh()
    z.grad_fn.register_hook(lambda gi, go: (gi[0] + 1,))
    z.sum().backward()
    x2 = torch.ones(3, requires_grad=True)
    z2 = (x2 * 2.0).tanh()
    z2.sum().backward()
    assert x.grad.tolist() == ((x2.grad / 2 + 1) * 10 * 2).tolist()


def test_plain_branch_unpacks_what_saved_tensor_hooks_packed():
    """Packed saved values (operands and a saved result, ``exp``'s and ``tanh``'s) are
    unpacked by the plain branch as by the general path: the unpack hook runs on each."""
    results = []
    for observed in (False, True):
        calls = []

        def pack(t):
            calls.append("pack")
            return t * 1.0

        def unpack(t):
            calls.append("unpack")
            return t

        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
            y = (x.exp() * x).tanh().sum()
        if observed:
            with observe():
                y.backward()
        else:
            y.backward()
        results.append((x.grad.numpy().tobytes(), calls))
    assert results[0] == results[1]
    assert results[0][1].count("unpack") == 4
