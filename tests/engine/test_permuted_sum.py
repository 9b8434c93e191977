"""The sum and mean of a transposed or permuted tensor add as PyTorch adds them: its
iterator orders the dimensions by their strides, so ``x.T.sum(1)`` adds exactly as
``x.sum(0)`` does (``cascade_sum``'s column path), and ``x.mT.sum()`` as ``x.sum()``.
numpy's pairwise sum over the strided view was a last bit apart in about half of these
(``X.T.sum(1)``, ``W.T.mean(0)``); where the kept dimensions lie in memory in another
order than their own, the result's layout reorders the loop and numpy's sum stays."""
import parity

PROGRAM = """
    g = torch.Generator().manual_seed(4)
    out = []
    for dt in (torch.float32, torch.float64):
        for shape in ((4, 6), (5, 3), (8, 10), (3, 17), (20, 33), (64, 12), (100, 7)):
            x = torch.randn(*shape, generator=g, dtype=dt)
            out += x.T.sum(1).tolist() + x.T.sum(0).tolist() + x.T.mean(1).tolist()
            out += [x.T.sum().item(), str(x.T.mean(0, keepdim=True).shape)]
            out += x.T.mean(0, keepdim=True).flatten().tolist()
            y = torch.randn(2, *shape, generator=g, dtype=dt)
            out += [y.mT.sum().item(), y.mT.mean().item()]
            out += y.transpose(0, 1).sum(1).flatten().tolist()
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_sums_of_transposed_tensors_have_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 1500)
