"""The narrower dtypes a document may hold (int32, int16, int8, uint8, float16) print,
promote, wrap around and differentiate as in PyTorch: a traced script using them draws
nodes whose values the window prints, so every number must be one torch prints
(GitHub issue 15).

Each entry is a small tutorial-style program run under torch and under the engine; the
transcripts are compared exactly.
"""
import parity

P, prog = parity.table()

NARROW = ("torch.int32", "torch.int16", "torch.int8", "torch.uint8", "torch.float16")

prog("int32_times_a_number", """
    a = torch.tensor([1, 2], dtype=torch.int32)
    print(a * 2, a * 2.5, a + a, a / 2, a // 2, a % 2, -a, a ** 2)
    print(a.sum(), a.sum().dtype, a.prod(), a.max(), a.argmax(), a.float().mean())
    print(a == 2, a > 1, a.dtype, a.shape, a.is_floating_point())
""")
prog("every_pair_promotes_as_torch", """
    dts = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
           torch.float16, torch.float32, torch.float64]
    for da in dts:
        a = torch.tensor([1, 0, 1], dtype=da)
        row = []
        for db in dts:
            b = torch.tensor([1, 1, 0], dtype=db)
            row.append(str((a + b).dtype).replace("torch.", ""))
        print(da, " ".join(row))
    for dt in dts[1:]:
        t = torch.tensor([3, 1], dtype=dt)
        print(dt, (t * 2).dtype, (t * 2.0).dtype, (t + True).dtype, (t / t).dtype,
              (t * torch.tensor(2.0)).dtype, (t * torch.tensor(2)).dtype)
""")
prog("int8_plus_float32", """
    b = torch.tensor([1, -2, 3], dtype=torch.int8)
    f = torch.tensor([0.5, 1.5, 2.5])
    print(b + f, (b + f).dtype, b * f, f - b, torch.where(b > 0, b, f))
    print(b * 100, b - 127, b.to(torch.float32), b.abs(), b.to(torch.uint8))
""")
prog("uint8_wraps_around", """
    u = torch.tensor([250, 3, 0], dtype=torch.uint8)
    print(u + 10, u - 5, u * 2, -u, u // 3, u % 7, u.sum(), u.sum().dtype, u.max())
    print(u.to(torch.int8), u.to(torch.int16), u.to(torch.float16), u.double())
    print(torch.arange(250, 256, dtype=torch.uint8) + torch.tensor(10, dtype=torch.uint8))
    print(torch.tensor([100, 200], dtype=torch.int16) * torch.tensor([1000, 1000], dtype=torch.int16))
    print(torch.tensor([2 ** 31 - 1], dtype=torch.int32) + 1)
""")
prog("float16_prints_as_torch", """
    h = torch.tensor([1.0, 2.5, 3.14159, 1000.0], dtype=torch.float16)
    print(h, h * 2, h.sum(), h.mean(), h / 3, h.exp(), h.sqrt(), h.dtype)
    print(torch.tensor([65504.0, 0.0001], dtype=torch.float16) * 2)
    print(torch.tensor([[1.123456, 2.0], [1e-3, 5e4]], dtype=torch.float16))
    print(torch.tensor(0.1, dtype=torch.float16), torch.tensor([1e-8, 70000.0], dtype=torch.float16))
    print(h + torch.tensor([1.0, 2.0, 3.0, 4.0]), h.to(torch.int32), h.softmax(0))
    print(h.tolist(), h[2].item(), float(h[2]))
""")
prog("float16_gradients", """
    x = torch.tensor([1.0, 2.0, -0.5], dtype=torch.float16, requires_grad=True)
    y = (x * x + x.exp()).sum()
    y.backward()
    print(y, x.grad, x.grad.dtype)
    w = torch.tensor([0.5, -1.0], dtype=torch.float16, requires_grad=True)
    z = torch.tensor([1.0, 2.0]) * w
    z.sum().backward()
    print(z, w.grad)
""")
prog("narrow_sources", """
    for dt in (%s):
        print(torch.zeros(2, 3, dtype=dt), torch.ones(2, dtype=dt), torch.full((2,), 7, dtype=dt))
        print(torch.arange(5, dtype=dt), torch.eye(2, dtype=dt), torch.linspace(0, 10, 5, dtype=dt))
        print(torch.tensor([[1, 2], [3, 4]], dtype=dt), torch.tensor(3, dtype=dt))
        print(torch.tensor([1.7, -2.7, 0.5], dtype=dt) if dt is not torch.uint8 else
              torch.tensor([1.7, 2.7, 0.5], dtype=dt))
        print(torch.tensor([], dtype=dt))
""" % ", ".join(NARROW))
prog("narrow_random_sources", """
    torch.manual_seed(0)
    print(torch.rand(3, dtype=torch.float16), torch.randn(2, 2, dtype=torch.float16))
    print(torch.empty(2, dtype=torch.float16).uniform_(-1, 1))
    for dt in (torch.int32, torch.int8, torch.uint8):
        try:
            print(torch.rand(2, dtype=dt))
        except Exception as e:
            print(type(e).__name__, e)
""")
prog("converting_with_to", """
    x = torch.tensor([1.5, 2.7, -3.2, 300.0], requires_grad=True)
    for dt in (%s):
        y = x.to(dt)
        print(y, y.dtype, y.requires_grad, y.grad_fn)
    h = x.to(torch.float16)
    (h * 2).sum().backward()
    print(x.grad)
""" % ", ".join(NARROW))
prog("out_of_range_literals", """
    for make in (lambda: torch.tensor([300], dtype=torch.uint8),
                 lambda: torch.tensor([-1], dtype=torch.uint8),
                 lambda: torch.tensor([200], dtype=torch.int8),
                 lambda: torch.tensor([2 ** 40], dtype=torch.int32),
                 lambda: torch.tensor([1e10], dtype=torch.int32),
                 lambda: torch.tensor([1e5, -1e5], dtype=torch.float16),
                 lambda: torch.full((2,), 300, dtype=torch.uint8),
                 lambda: torch.full((2,), 1e5, dtype=torch.float16),
                 lambda: torch.ones(2, dtype=torch.int8) * 1000):
        try:
            print(make())
        except Exception as e:
            print(type(e).__name__, e)
""")
prog("numbers_outside_a_narrow_dtype", """
    i8 = torch.tensor([1, 5, -3], dtype=torch.int8)
    u8 = torch.tensor([250, 3, 0], dtype=torch.uint8)
    h = torch.tensor([1.0, 2.0], dtype=torch.float16)
    i32 = torch.tensor([1, 2], dtype=torch.int32)
    for make in (lambda: i8 * 1000, lambda: i8 + 300, lambda: i8 - 1000, lambda: i8 // 1000,
                 lambda: i8 % 1000, lambda: i8 < 1000, lambda: i8 == 257, lambda: i8 / 1000,
                 lambda: u8 + 300, lambda: u8 - 300, lambda: u8 * -1, lambda: u8 + (-1),
                 lambda: h * 1e5, lambda: h + 70000.0, lambda: i32 * 2 ** 40, lambda: i32 + 2 ** 31,
                 lambda: 1000 * i8, lambda: 300 - u8, lambda: i8.clamp(-1000, 1000),
                 lambda: u8.clamp(-1), lambda: torch.where(i8 > 0, i8, 1000),
                 lambda: torch.where(u8 > 0, u8, -1), lambda: torch.where(h > 1, h, 1e5),
                 lambda: i8.masked_fill(i8 > 0, 1000), lambda: u8.masked_fill(u8 > 0, -1),
                 lambda: torch.full((2,), -1, dtype=torch.uint8),
                 lambda: torch.full((2,), 200, dtype=torch.int8),
                 lambda: torch.full((2,), 1e5, dtype=torch.float16),
                 lambda: torch.full((2,), 2 ** 31, dtype=torch.int32),
                 lambda: torch.full((2,), 1e39), lambda: torch.full((2,), 40000, dtype=torch.int16),
                 lambda: torch.tensor([-255], dtype=torch.uint8),
                 lambda: torch.tensor([-256], dtype=torch.uint8),
                 lambda: torch.tensor([-129], dtype=torch.int8),
                 lambda: torch.tensor([300.0], dtype=torch.uint8),
                 lambda: torch.tensor([-1.0], dtype=torch.uint8),
                 lambda: torch.arange(0, 300, 100, dtype=torch.uint8),
                 lambda: torch.arange(250, 260, dtype=torch.uint8),
                 lambda: torch.linspace(0, 300, 4, dtype=torch.uint8),
                 lambda: torch.linspace(0, 1e5, 3, dtype=torch.float16),
                 lambda: torch.tensor([1.0, 300.0, -5.0]).to(torch.uint8),
                 lambda: torch.tensor([1e10]).to(torch.int32), lambda: torch.tensor([200]).to(torch.int8),
                 lambda: u8.cumsum(0), lambda: i8.mean(),
                 lambda: torch.tensor([60000.0, 60000.0], dtype=torch.float16).sum(),
                 lambda: -torch.tensor([-128], dtype=torch.int8), lambda: i8 @ i8,
                 lambda: torch.eye(3, dtype=torch.uint8) * 255 + 1):
        try:
            print(make())
        except Exception as e:
            print(type(e).__name__, e)
""")
prog("integers_cannot_require_grad", """
    for dt in (torch.int32, torch.uint8):
        try:
            torch.tensor([1, 2], dtype=dt, requires_grad=True)
        except RuntimeError as e:
            print(e)
""")
prog("integers_to_negative_integer_powers", """
    e = torch.tensor([-3, -2, -1, 0, 2])
    for base in (2, 1, -1, 0, -2):
        print(base ** e)
    b = torch.tensor([[1], [-1], [3], [0]], dtype=torch.int8)
    print(b ** e, (b ** e).dtype, b ** torch.tensor(-1, dtype=torch.int32))
    print(2.0 ** e, torch.tensor([2.0, 4.0]) ** torch.tensor([-1, 2]))
    for make in (lambda: torch.tensor([2, 3]) ** -1, lambda: e ** -2):
        try:
            print(make())
        except RuntimeError as err:
            print(err)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
