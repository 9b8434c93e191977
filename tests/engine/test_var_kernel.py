"""``var`` and ``std`` compute as PyTorch's CPU kernels do (``_cpu_kernels.welford``), to
the last bit: with one output ``std_var_all_cpu`` (the mean as ``x.mean()`` gives it,
then the squared deviations summed in double, element after element), over some dims
``WelfordOps``; every length from 1 to 100 in float32 and float64, both corrections,
``keepdim``, a transposed tensor, and a student's standardisation ``(X - X.mean(0)) /
X.std(0)``. numpy's two passes in the tensor's dtype differed in the last bit for about
one value in six."""
import parity

PROGRAM = """
    import warnings
    warnings.simplefilter("ignore")      # (degrees of freedom <= 0, for one element)
    g = torch.Generator().manual_seed(11)
    out = []
    for dt in (torch.float32, torch.float64):
        for n in range(1, 101):
            x = torch.randn(n, generator=g, dtype=dt) * 2
            out += [x.var().item(), x.std().item(), x.var(unbiased=False).item(),
                    torch.std(x, correction=0).item(), x.var(dim=0).item()]
        for shape, dim in (((5, 13), 0), ((13, 5), 1), ((4, 3, 9), (0, 2)), ((6, 1), 0),
                           ((1, 6), 1), ((3, 4, 5), -1), ((40, 3), 0)):
            x = torch.randn(*shape, generator=g, dtype=dt)
            out += x.var(dim).flatten().tolist() + x.std(dim, keepdim=True).flatten().tolist()
            out += x.mT.std(dim).flatten().tolist() + [x.std().item()]
            out += [str(x.std(dim, keepdim=True).shape), str(x.var(dim).shape)]
            X = x.reshape(-1, shape[-1])
            out += ((X - X.mean(0)) / X.std(0)).flatten().tolist()
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_var_and_std_have_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 1500)
