"""The tolerant comparison the torch-parity tests use on an Intel processor
(``cpu_paths.close_print``): it lets a last printed digit move, never a word, a number's
count, or a number by more than its last digits."""
import pytest
from cpu_paths import close_print


@pytest.mark.parametrize("ours, theirs", [
    ("tensor([1.0000, 2.5000])", "tensor([1.0001, 2.5000])"),
    ("tensor([1., 1.])", "tensor([1.0000, 1.0000])"),
    ("loss 0.69314", "loss 0.69315"),
    ("step 3 grad norm 2.9945688247680664", "step 3 grad norm 2.9945685863494873"),
    ("tensor([ 1.2345e-07, -3.0000e+00])", "tensor([ 1.2346e-07, -3.0000e+00])"),
    ("w = tensor([ 0.5000, -1.0000])", "w = tensor([0.5000, -1.0000])"),
])
def test_a_last_digit_may_move(ours, theirs):
    assert close_print(ours, theirs)


@pytest.mark.parametrize("ours, theirs", [
    ("tensor([1.0000, 2.5000])", "tensor([1.1000, 2.5000])"),
    ("loss 0.69314", "loss 0.69314 nan"),
    ("epoch 1 loss 0.5", "epoch 2 loss 0.5"),
    ("True", "False"),
    ("tensor([3.4733e-07])", "tensor([3.4777e-05])"),
    ("grad_fn=<AddBackward0>", "grad_fn=<MulBackward0>"),
])
def test_a_word_or_a_number_beyond_its_last_digits_may_not(ours, theirs):
    assert not close_print(ours, theirs)
