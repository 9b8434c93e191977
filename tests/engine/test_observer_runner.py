"""A listener's ``op_runner`` wraps each op's run and its ``op`` event in one call."""
import numpy as np

from gradstudio import engine as torch
from gradstudio.engine import observer


class Wrapping(observer.Listener):
    def __init__(self):
        self.events = []

    def op_runner(self, fn, *args):
        self.events.append("enter")
        try:
            return fn(*args)
        finally:
            self.events.append("leave")

    def op(self, op, operands, params, out):
        self.events.append("op")


def test_each_op_and_its_event_run_inside_the_runner():
    w = torch.tensor([[1.5, -2.0], [0.25, 3.0]], requires_grad=True)
    plain = (w * 1.5 + w).tanh()
    listener = Wrapping()
    with observer.listen(listener):
        seen = (w * 1.5 + w).tanh()
    assert listener.events == ["enter", "op", "leave"] * 3
    assert np.array_equal(seen.detach().numpy(), plain.detach().numpy())
    assert type(seen.grad_fn).__name__ == type(plain.grad_fn).__name__ == "TanhBackward0"


def test_a_listener_without_a_runner_sees_the_same_ops():
    seen = []

    class Plain(observer.Listener):
        def op(self, op, operands, params, out):
            seen.append(out)
    w = torch.ones(2, requires_grad=True)
    with observer.listen(Plain()):
        y = w * 2.0
    assert len(seen) == 1 and seen[0] is y
