"""What ``autograd.observe()`` keeps of a backward pass never changes afterwards, although
it copies only the arrays the program can reach (a leaf's ``.grad``, what
``autograd.grad`` returns) and keeps the engine's own gradients as they are."""
import numpy as np

import gradstudio.engine as torch


def _values(steps):
    """Every array the steps hold, copied now (to compare with later)."""
    out = []
    for s in steps:
        out.append(None if s.grad_output is None else np.array(s.grad_output, copy=True))
        out.append(tuple(None if g is None else g.copy() for g in s.grad_inputs))
        out.append(None if s.accumulated is None else s.accumulated.copy())
    return out


def _same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        if isinstance(x, tuple):
            _same(x, y)
        elif x is None:
            assert y is None
        else:
            np.testing.assert_array_equal(x, y)


def test_a_second_backward_and_zeroing_leave_the_first_steps_as_they_were():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * 3 + x).sum()
    with torch.autograd.observe() as steps:
        y.backward(retain_graph=True)
    before = _values(steps)
    y.backward()                 # accumulates into x.grad in place
    x.grad.mul_(10)
    _same(before, _values(steps))
    acc = [s for s in steps if s.variable is not None]
    assert acc and acc[-1].accumulated.tolist() == [4.0, 4.0]
    assert x.grad.tolist() == [80.0, 80.0]


def test_a_leaf_backward_seeded_directly_keeps_its_first_gradient():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.autograd.observe() as steps:
        x.backward(torch.tensor([1.0, 1.0]))
    before = _values(steps)
    x.backward(torch.tensor([5.0, 5.0]))
    _same(before, _values(steps))
    assert x.grad.tolist() == [6.0, 6.0]


def test_a_hook_that_changes_its_gradient_in_place_changes_only_what_follows():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    a.register_hook(lambda g: g.mul_(100))     # in place, returns the same tensor
    b = a * 3
    with torch.autograd.observe() as steps:
        b.sum().backward()
    names = [s.name for s in steps]
    mul3 = steps[names.index("MulBackward0", 1)]    # b = a * 3 ran first, sent 3s to a
    assert mul3.grad_inputs[0].tolist() == [3.0, 3.0]
    assert x.grad.tolist() == [600.0, 600.0]         # the hook's change took effect
    # and the same program unobserved computes the same gradient
    x2 = torch.tensor([1.0, 2.0], requires_grad=True)
    a2 = x2 * 2
    a2.register_hook(lambda g: g.mul_(100))
    (a2 * 3).sum().backward()
    assert x2.grad.tolist() == [600.0, 600.0]


def test_a_leaf_hook_in_place_leaves_the_step_before_it_intact():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    x.register_hook(lambda g: g.add_(1))
    with torch.autograd.observe() as steps:
        (x * 2).sum().backward()
    mul = next(s for s in steps if s.name == "MulBackward0")
    assert mul.grad_inputs[0].tolist() == [2.0, 2.0]
    assert x.grad.tolist() == [3.0, 3.0]


def test_what_autograd_grad_returns_can_change_without_changing_the_step():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    with torch.autograd.observe() as steps:
        (g,) = torch.autograd.grad(y, x)
    before = _values(steps)
    g.zero_()
    _same(before, _values(steps))
    captured = [s for s in steps if s.captured]
    assert captured and captured[0].grad_output.tolist() == [2.0, 4.0]


def test_create_graph_steps_are_plain_arrays_that_do_not_follow_the_gradient():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x ** 3).sum()
    with torch.autograd.observe() as steps:
        y.backward(create_graph=True)
    before = _values(steps)
    assert all(type(s.grad_output) is np.ndarray for s in steps)
    x.grad.data.zero_()
    _same(before, _values(steps))
