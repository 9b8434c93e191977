"""The 2-norm and the 1-norm add as PyTorch's CPU kernels add (``_cpu_kernels.norm_kernel``):
``x.norm()``, ``torch.linalg.vector_norm`` and ``clip_grad_norm_``'s total norm to the
last bit, for every length from 1 to 100 in float32 and float64, by rows over the last
dimension, over a transposed tensor's memory, with ``keepdim``; over a leading dimension,
over two dimensions, over a strided view (ATen's generic reduction, element by element). This is ATen's own kernel, not MKL's, so
the bits are the same on every processor with AVX2 (numpy's pairwise sum differed in a
quarter of these: seen as ``[p.grad.norm().item() for p in model.parameters()]`` a last
digit off in a notebook on clipping)."""
import parity

PROGRAM = """
    g = torch.Generator().manual_seed(5)
    out = []
    for dt in (torch.float32, torch.float64):
        for n in range(1, 101):
            for t in range(4):
                x = torch.randn(n, generator=g, dtype=dt) * 3
                out += [x.norm().item(), torch.linalg.vector_norm(x).item()]
        for shape, dim in (((5, 13), -1), ((4, 3, 9), (1, 2)), ((6, 7), None), ((3, 40), 1),
                           ((2, 12), (-1,))):
            x = torch.randn(*shape, generator=g, dtype=dt)
            out += x.norm(dim=dim).flatten().tolist()
            out += x.norm(dim=dim, keepdim=True).flatten().tolist()
            out += [str(x.norm(dim=dim, keepdim=True).shape), str(x.norm(dim=dim).dtype)]
            out += [x.mT.norm().item(), str(torch.linalg.vector_norm(x, keepdim=True).shape)]
    for dt in (torch.float32, torch.float64):
        for shape, dim in (((5, 13), 0), ((13, 5), 0), ((4, 3, 9), 1), ((4, 3, 9), (0, 2)),
                           ((6, 1), 0), ((3, 4, 5), (0, 1)), ((2, 3, 8), (1, 2))):
            x = torch.randn(*shape, generator=g, dtype=dt)
            for p in (1, 2, 1.0):
                out += torch.linalg.vector_norm(x, p, dim=dim).flatten().tolist()
                out += torch.linalg.vector_norm(x.mT, p, dim=dim).flatten().tolist()
                out += [x[..., ::2].norm(p).item(), x.norm(p).item(), x.mT.norm(p).item()]
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    ((model(torch.randn(10, 3) * 10) - torch.randn(10, 1)) ** 2).mean().backward()
    out += [p.grad.norm().item() for p in model.parameters()]
    out.append(torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5).item())
    out += [p.grad.flatten().tolist() for p in model.parameters()]
    print(len(out))
    for v in out:
        print(v.hex() if isinstance(v, float) else v)
"""


def test_the_norm_has_torchs_bits():
    parity.assert_prints_torchs_bits(PROGRAM, 1500)
