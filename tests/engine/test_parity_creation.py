"""Tutorial-style programs print the same under the engine as under PyTorch
(creation, dtypes and promotion, conversions, types and reprs).

Each entry of the table below is a small program; ``parity`` runs all of them in one
torch process and one engine process and compares the transcripts exactly (addresses
blanked) and the values passed to ``check`` with torch's float32 tolerances.
"""
import pytest

import parity

P, prog = parity.table()


# ============================================================================ creation
prog("harness_backend_name", """
    import torch as t
    print(t.__name__, t is torch)
""")
prog("tensor_nested_floats", """
    t = torch.tensor([[1.5, 2.0], [3.25, -4.0]])
    print(t, t.dtype, t.shape, t.requires_grad, t.is_leaf, t.grad_fn)
""")
prog("tensor_ints_bools_scalars", """
    for data in ([1, 2, 3], [[1, 2], [3, 4]], [True, False], [True, 2], [1, 2.5], 3.5, 7, True,
                 [], [[]], [[1.0]], -0.0, [1e10, 1e-10]):
        t = torch.tensor(data)
        print(repr(data), t, t.dtype, t.shape, t.dim())
""")
prog("tensor_dtype_kw", """
    for dt in (torch.float32, torch.float, torch.float64, torch.double, torch.int64,
               torch.long, torch.bool, torch.int32):
        t = torch.tensor([[0, 1], [2, 3]], dtype=dt)
        print(dt, t, t.dtype, t.is_floating_point())
    print(torch.tensor([1.7, -2.7], dtype=torch.int64))
    print(torch.tensor(2.5, dtype=torch.float64, requires_grad=True))
""")
prog("tensor_requires_grad_kw", """
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor(3.0, requires_grad=True)
    print(a, b, a.is_leaf, a.grad, a.grad_fn)
""")
prog("factories", """
    print(torch.ones(2, 3))
    print(torch.ones((2, 3)), torch.ones([3]), torch.ones(()))
    print(torch.zeros(2, 2, dtype=torch.int64))
    print(torch.full((2, 2), 7.0), torch.full((2,), 3), torch.full((1,), True))
    print(torch.eye(3), torch.eye(2, 3))
    print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25), torch.arange(5.0))
    print(torch.arange(10, 0, -3), torch.arange(0.1, 0.5, 0.1))
    print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, steps=4), torch.linspace(3, 3, 1))
    print(torch.ones(2, 2, requires_grad=True), torch.zeros(3, dtype=torch.float64))
    print(torch.zeros(0), torch.ones(2, 0))
""")
prog("factories_like", """
    x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
    for t in (torch.ones_like(x), torch.zeros_like(x), torch.zeros_like(x, dtype=torch.int64),
              torch.ones_like(x, requires_grad=True), torch.full_like(x, 2.5)):
        print(t, t.dtype, t.requires_grad)
    i = torch.tensor([1, 2])
    print(torch.ones_like(i), torch.zeros_like(i))
""")
prog("random_seeded", """
    torch.manual_seed(42)
    print(torch.rand(2, 3))
    print(torch.randn(3))
    print(torch.rand(2, dtype=torch.float64), torch.randn(2, 2, requires_grad=True))
    torch.manual_seed(42)
    print(torch.rand(2, 3))
    print(torch.manual_seed(3).initial_seed())
""")
prog("dtypes", """
    print(torch.float32, torch.float, torch.float64, torch.double, torch.int64, torch.long,
          torch.bool, torch.int32, torch.int)
    print(torch.float is torch.float32, torch.double is torch.float64, torch.long is torch.int64)
    print(torch.float32 == torch.float, torch.float32 != torch.float64)
    print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.bool.is_floating_point)
    print(torch.get_default_dtype())
    x = torch.tensor([1, 2])
    print(x.float(), x.double(), x.long(), x.bool(), x.float().int(), x.to(torch.float64))
    print(x.float().dtype, x.to(torch.float16).dtype, x.type())
""")
prog("size", """
    x = torch.zeros(2, 3, 4)
    s = x.shape
    print(s, x.size(), x.size(1), x.size(-1), len(s), s[0], s[-1], s[1:], s == (2, 3, 4))
    print(isinstance(s, tuple), list(s), tuple(s), s.numel(), x.shape == x.size())
    print(torch.Size([2, 3]), torch.Size(), torch.Size((5,)), type(s[1:]).__name__)
    a, b, c = x.shape
    print(a, b, c, x.shape + (1,), str(s), repr(torch.Size([1])))
    print(x.ndim, x.dim(), x.numel(), x.nelement())
""")

# ============================================ conversions, promotion, types and reprs
prog("conversions", """
    x = torch.tensor([[1.5, 2.5], [3.5, 4.5]], requires_grad=True)
    print(x.shape, x.size(), x.dim(), x.numel(), x.dtype)
    print(x.tolist(), x[0, 0].item(), type(x[0, 0].item()).__name__)
    print(x.detach().numpy(), x.detach().numpy().dtype, type(x.detach().numpy()).__name__)
    print(torch.tensor(3).item(), type(torch.tensor(3).item()).__name__, torch.tensor(True).item())
    print(torch.tensor([1, 2]).tolist(), torch.tensor(2.5).tolist(), torch.tensor([[True]]).tolist())
    print(float(torch.tensor(2.5)), int(torch.tensor(3.9)), bool(torch.tensor(0.0)), bool(torch.tensor([1])))
    print(len(x), [r for r in x.detach()], list(torch.tensor([1, 2])))
    print(f"{x[0, 0].item():.3f}", "{:.2f}".format(torch.tensor(1.2345)), f"{torch.tensor(2.0)}")
    import numpy as np
    a = np.array([[1.0, 2.0]], dtype=np.float32)
    t = torch.from_numpy(a)
    a[0, 0] = 9
    print(t, torch.tensor(a), torch.tensor(np.arange(3)), torch.as_tensor([1, 2]))
    print(x.detach().numpy().sum(), np.asarray(x.detach()))
    print(torch.tensor(np.float64(2.5)), torch.tensor([np.int64(3)]))
    print(torch.is_tensor(x), torch.is_tensor(3), torch.numel(x))
""")
prog("dtype_promotion", """
    i = torch.tensor([1, 2])
    f = torch.tensor([1.5, 2.5])
    d = torch.tensor([1.5, 2.5], dtype=torch.float64)
    b = torch.tensor([True, False])
    z32 = torch.tensor(2.0)
    z64 = torch.tensor(2.0, dtype=torch.float64)
    zi = torch.tensor(3)
    for e in ("i + f", "f + i", "i + d", "f + d", "d * f", "i * 2.5", "i + 1", "f + 1", "b + b",
              "b + 1", "b * 1.5", "b + i", "f + z64", "i + z32", "i + z64", "zi + f", "z32 + z64",
              "zi * 2.5", "f * zi", "b + zi", "d + z32", "i / i", "i / 2", "f ** 2", "i ** 2.0",
              "i + True", "2.5 * i", "f.sum() + d", "torch.ones(2, dtype=torch.float16) + f",
              "torch.tensor(2.5) + i", "torch.tensor(2) * torch.tensor(3.0)", "i.float() + d.float()"):
        y = eval(e)
        print(e, "->", y, y.dtype)
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a * d
    y.sum().backward()
    print(y.dtype, a.grad, a.grad.dtype)
    q = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    (q * f).sum().backward()
    print(q.grad, q.grad.dtype)
""")
prog("types_and_reprs", """
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    print(type(x), type(x.shape), type(torch.float32), type(y.grad_fn), torch.Tensor)
    print(isinstance(x, torch.Tensor), isinstance(y.grad_fn, object), x.__class__.__name__)
    print(type(x.grad_fn), type(x.max(0)).__name__, torch.is_tensor(y))
    print(x.device, x.is_cuda, torch.cuda.is_available(), torch.device("cpu"))
    print(repr(torch.float64), str(torch.int64), repr(x.dtype), x.type(), y.double().type())
    print(torch.manual_seed(0).initial_seed(), torch.get_default_dtype())
    print(x.T.shape, torch.ones(2, 3, 4).mT.shape, x.ndim, len(x))
""")
prog("arange_linspace_values", """
    for args in ((-1.0, 1.0, 0.1), (0, 1, 0.1), (0.5, 2.75, 0.25), (1, 2, 0.3), (-3.3, 7.1, 0.7),
                 (2, -5, -0.45), (0, 100, 0.37), (10,), (2.5,), (1, 10, 3.0), (0, 5, 1)):
        for dt in (None, torch.float64, torch.float16):
            t = torch.arange(*args, dtype=dt)
            print(args, dt, t.dtype, t.shape, t.tolist() == t.tolist())
            check(t)
    print(torch.arange(-1.0, 1.0, 0.1))
    print(torch.arange(0, 3, 0.37, dtype=torch.float64))
    for args in ((0, 10, 7), (-3.3, 7.1, 11), (0, 1, 0), (0, 1, 1), (1, 0, 5), (-1e3, 1e3, 101)):
        t = torch.linspace(*args)
        check(t)
        print(args, t.shape, t[:3])
    print(torch.linspace(0, 10, 5, dtype=torch.int64), torch.linspace(0, 1, 4, dtype=torch.float64))
""")
prog("legacy_variable_and_types", """
    from torch.autograd import Variable
    x = Variable(torch.ones(2, 2), requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    out.backward()
    print(x, y, x.grad, isinstance(x, Variable), Variable(x * 2).requires_grad)
    v = Variable(x)
    print(v.requires_grad, v.is_leaf, v.grad_fn)
    print(Variable(torch.ones(2), volatile=True))
    print(torch.FloatTensor([1, 2]), torch.LongTensor([1.7, 2]), torch.DoubleTensor([[1]]),
          torch.FloatTensor(2, 3).shape, torch.FloatTensor(), torch.BoolTensor([1, 0]))
    print(isinstance(torch.ones(2), torch.FloatTensor), isinstance(torch.ones(2), torch.LongTensor),
          isinstance(torch.tensor([1]), torch.LongTensor), torch.FloatTensor, type(torch.FloatTensor([1])))
    print(torch.Tensor([1, 2]), torch.Tensor([[1, 2]]).dtype, torch.Tensor(2, 3).shape, torch.Tensor())
""")


prog("devices", """
    # (what a CUDA device gets depends on how PyTorch was built: see the test at the end)
    import torch.nn as nn
    for text in ("torch.ones(2, device='gpu')", "torch.ones(2).to('float')",
                 "torch.device('cuda:x')", "torch.device('tpu')"):
        try:
            eval(text)
        except (AssertionError, RuntimeError) as e:
            print(text, type(e).__name__, e)
    print(torch.ones(2, device='cpu:0'), torch.ones(2).to('cpu', torch.float64), torch.ones(2).cpu(),
          torch.ones(2).to(device='cpu'), torch.ones(2).to(torch.device('cpu')),
          torch.arange(3, device='cpu'), torch.ones(2).to(torch.ones(1, dtype=torch.float64)))
    print(nn.Linear(2, 1).to(torch.float64).weight.dtype, nn.Linear(2, 1).to('cpu'),
          nn.Linear(2, 1, device='cpu').weight.shape)
    print(torch.device('cuda:0'), repr(torch.device('cuda:0')), repr(torch.device('cpu', 0)),
          torch.device('cpu') == torch.device('cpu:0'), torch.device(torch.device('cpu')),
          torch.ones(2).device, torch.ones(2).device == torch.device('cpu'),
          torch.cuda.is_available())
""")

prog("linspace_to_the_last_bit", """
    for dtype in (torch.float32, torch.float64, torch.float16, torch.int64, torch.int32):
        for start, end in ((-1, 1), (0.1, 3.7), (3, -2), (2.7, -9.2), (0, 10)):
            for steps in (0, 1, 2, 7, 8, 16, 33, 100, 1001):
                values = torch.linspace(start, end, steps, dtype=dtype).tolist()
                print(dtype, start, end, steps, [float(v).hex() for v in values][:40])
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS, exclude={"harness_backend_name"})


def test_the_harness_sees_a_difference(results):
    # The engine stands in for torch under its own name: a harness that ran the same
    # backend twice (or compared nothing) would make this pass-through impossible.
    with pytest.raises(AssertionError):
        parity.assert_same(results, "harness_backend_name")


@pytest.mark.parametrize("name", ["mps", "meta", "xla"])
def test_devices_a_cpu_build_has_no_kernels_for_are_refused_in_plain_words(name):
    import gradstudio.engine as engine
    for make in (lambda: engine.ones(2, device=name), lambda: engine.ones(2).to(name),
                 lambda: engine.nn.Linear(2, 1, device=name)):
        with pytest.raises(RuntimeError, match=f"CPU only: it has no '{name}' device"):
            make()


_CUDA = ["torch.ones(2, device='cuda')", "torch.tensor([1.], device='cuda:0')",
         "torch.ones(2).to('cuda')", "torch.nn.Linear(2, 1, device='cuda')",
         "torch.nn.Linear(2, 1).to('cuda')", "torch.ones(2).cuda()", "torch.nn.Linear(2, 1).cuda()",
         "torch.zeros_like(torch.ones(2), device='cuda')",
         "torch.ones(2).new_zeros(3, device='cuda')", "torch.randn(2, device=torch.device('cuda'))"]


@pytest.mark.parametrize("text", _CUDA + ["torch.ones(2, device=1)", "torch.device(0)"])
def test_cuda_is_refused_as_a_cpu_build_of_pytorch_refuses_it(text):
    """The engine is a CPU build: CUDA fails as PyTorch's CPU wheel fails (a CUDA wheel on a
    machine without a GPU says something else, so PyTorch is the oracle only when it is a
    CPU build; the messages are the CPU build's either way)."""
    import gradstudio.engine as engine
    expected = (AssertionError, "Torch not compiled with CUDA enabled") if text in _CUDA else \
        (RuntimeError, "Cannot access accelerator device when none is available.")
    with pytest.raises(expected[0]) as got:
        eval(text, {"torch": engine})
    assert str(got.value) == expected[1]
    torch = pytest.importorskip("torch")
    if torch.version.cuda is None:
        with pytest.raises(expected[0]) as theirs:
            eval(text, {"torch": torch})
        assert str(theirs.value) == expected[1]
