"""A custom Function's node is a step of the backward pass like any other: ``observe()``
sees it receive its gradient and send the user's backward's results, and it frees what
it saved."""
import numpy as np
import pytest

import gradstudio.engine as torch


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


def test_observe_sees_the_custom_node_receive_and_send_gradients():
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = MyExp.apply(x)
    with torch.autograd.observe() as steps:
        (y * 2).sum().backward()
    assert [s.name for s in steps] == ["SumBackward0", "MulBackward0", "MyExpBackward",
                                      "AccumulateGrad"]
    mine = steps[2]
    np.testing.assert_array_equal(mine.grad_output, [2.0, 2.0])
    np.testing.assert_allclose(mine.grad_inputs[0], 2 * np.exp([0.0, 1.0]), rtol=1e-6)
    assert mine.freed == ("saved_tensors",) and mine.node is y.grad_fn
    assert y.grad_fn.saved_names == () and y.grad_fn.freed
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        y.grad_fn.saved_tensors


def test_a_custom_node_that_saved_nothing_frees_nothing():
    class Twice(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = torch.ones(2, requires_grad=True)
    with torch.autograd.observe() as steps:
        Twice.apply(x).sum().backward()
    assert steps[1].name == "TwiceBackward" and steps[1].freed == ()
    np.testing.assert_array_equal(x.grad.numpy(), [2.0, 2.0])
