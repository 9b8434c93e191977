"""Engine-side behaviour of in-place ops on views (``_views``) that the torch parity
programs cannot see: where a view sits in bases of any memory layout, what the backward
observer shows of a ``CopySlices``, what backward frees, and the engine's own refusal."""
import numpy as np
import pytest

import gradstudio.engine as torch
from gradstudio.engine._autograd import views as _views
from gradstudio.engine import Tensor


@pytest.mark.parametrize("key", [
    (slice(None, None, -1), slice(None, None, 2)),   # negative strides
    (slice(None, None, 2), slice(1, None, 2)),       # gaps between rows and columns
    (slice(None, None, -2), slice(None, None, -3)),  # both
    (slice(None), slice(None)),                      # plain C order
])
def test_positions_name_the_base_elements_a_view_sees(key):
    base = Tensor._make(np.arange(24.0).reshape(4, 6)[key])
    for view in (base.t(), base[1:], base.t()[0], base[:, 1:].t()[1:], base.view(-1)
                 if base.is_contiguous() else base[0]):
        pos, strides, offset = _views.geometry(view, base)
        assert pos.shape == view.shape
        np.testing.assert_array_equal(np.ascontiguousarray(base._data).reshape(-1)[pos],
                                      view._data)


def test_a_view_of_memory_outside_its_base_has_no_place():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    v = y[1:]
    y.data = torch.zeros(3)
    assert _views.geometry(v, y) is None
    with pytest.raises(RuntimeError, match="cannot find this view inside its base"):
        v.mul_(2)


def test_select_and_unbind_of_a_vector_are_views():
    t = torch.arange(3.0)
    t[1].add_(10)
    t.unbind()[2].mul_(-1)
    assert t.tolist() == [0.0, 11.0, -2.0]
    assert t._version == 2


def test_writing_through_a_row_of_an_expanded_view_reaches_the_base():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.expand(2, 3)[1].add_(torch.tensor([1.0, 2.0, 3.0]))
    assert y.tolist() == [3.0, 4.0, 5.0]
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0, 2.0]


def test_the_observer_sees_copy_slices_and_backward_frees_its_node():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([4.0, 5.0], requires_grad=True)
    y = x * 2
    y[1:].mul_(w)
    node = y.grad_fn
    assert node.saved_names == ("fn",) and not node.freed
    with torch.autograd.observe() as steps:
        y.sum().backward()
    step = next(s for s in steps if s.name == "CopySlices")
    np.testing.assert_array_equal(step.grad_output, [1.0, 1.0, 1.0])
    base_grad, w_grad = step.grad_inputs
    np.testing.assert_array_equal(base_grad, [1.0, 4.0, 5.0])   # the slice times w
    np.testing.assert_array_equal(w_grad, [4.0, 6.0])           # the old slice, 2 * x
    assert step.freed == ("fn",) and node.freed and node._saved is None
    assert x.grad.tolist() == [2.0, 8.0, 10.0] and w.grad.tolist() == [4.0, 6.0]


def test_an_element_written_twice_through_two_views_gets_both_factors():
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64, requires_grad=True)
    y = x * 1
    y[1:3].mul_(3)
    y.view(2, 2).t()[0].mul_(5)      # elements 0 and 2
    y.sum().backward()
    assert x.grad.tolist() == [5.0, 3.0, 15.0, 1.0]
