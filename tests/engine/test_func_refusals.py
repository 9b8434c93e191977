"""What the engine's ``torch.func`` and forward-mode AD refuse in plain words where
PyTorch computes: random draws in ``vmap(randomness='different'|'same')`` (a per-sample
loop cannot draw what PyTorch's batched draw does), forward-mode levels nested in each
other, and forward mode through the linalg decompositions (no JVP yet). Each refusal is
one sentence saying what to do instead."""
import pytest

import gradstudio.engine as torch
from gradstudio.engine.autograd import forward_ad as fwAD
from gradstudio.engine.func import jacfwd, jacrev, jvp, vmap


@pytest.mark.parametrize("randomness", ["different", "same"])
def test_random_draws_inside_vmap_are_refused_and_leave_the_generator_as_it_was(randomness):
    torch.manual_seed(0)
    first = torch.randn(3)
    torch.manual_seed(0)
    with pytest.raises(RuntimeError, match="draw the random numbers outside vmap"):
        vmap(lambda x: x + torch.randn(3), randomness=randomness)(torch.ones(2, 3))
    assert torch.equal(torch.randn(3), first)


def test_vmap_without_random_draws_is_unaffected_by_randomness():
    out = vmap(lambda x: x * 2, randomness="different")(torch.ones(2, 3))
    assert out.tolist() == [[2.0] * 3] * 2


def test_nested_forward_mode_is_refused_but_forward_over_reverse_works():
    f = lambda x: (x ** 3).sum()
    x = torch.tensor([1.0, 2.0])
    with pytest.raises(RuntimeError, match="use jacrev for one of the two"):
        jacfwd(jacfwd(f))(x)
    assert jacfwd(jacrev(f))(x).tolist() == [[6.0, 0.0], [0.0, 12.0]]
    with fwAD.dual_level():
        with pytest.raises(RuntimeError, match="use jacrev for one of the two"):
            jvp(f, (x,), (torch.ones(2),))


def test_forward_mode_through_a_linalg_decomposition_is_refused():
    a = torch.tensor([[2.0, 1.0], [1.0, 3.0]])
    with fwAD.dual_level():
        d = fwAD.make_dual(a, torch.ones(2, 2))
        with pytest.raises(NotImplementedError, match="Forward-mode AD through Solve is not "
                                                       "supported by the engine yet"):
            torch.linalg.solve(d, torch.ones(2))
        # what has a JVP still works at the same level
        assert fwAD.unpack_dual(d.inverse()).tangent is not None
