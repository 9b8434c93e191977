"""What the seventh corpus of student programs (``tests/document/corpus7_*.py``) found
wrong in the engine, each run under torch and under the engine, transcripts compared:
``squeeze`` with a tuple of dims is PyTorch's third overload (``SqueezeBackward2``), not
the one-dim ``SqueezeBackward1`` (an exported ``gather(...).squeeze(1)`` printed the other
name), and ``squeeze(())`` squeezes nothing; ``index_select`` out of range raises
PyTorch's IndexError where its CPU kernel does (a RuntimeError of another path's words
before)."""
import parity

P, prog = parity.table()

prog("squeeze_overloads", """
    x = torch.randn(2, 1, 3, 1, requires_grad=True)
    for y in (x.squeeze(), x.squeeze(1), x.squeeze((1,)), x.squeeze((1, 3)), x.squeeze(-1),
              torch.squeeze(x, 1), torch.squeeze(x, (1,)), x.squeeze(dim=1),
              x.squeeze(dim=(1, 3)), x.squeeze(0), x.squeeze((0,)), x.squeeze([1]),
              x.squeeze(())):
        print(y.shape, y.grad_fn.name())
    s = torch.tensor(2., requires_grad=True) * 1
    for d in (0, -1, (0,), ()):
        y = s.squeeze(d)
        print(y.shape, y.grad_fn.name())
    for bad in ((1, 1), 4, (0, 5)):
        try:
            x.squeeze(bad)
        except (RuntimeError, IndexError) as e:
            print(type(e).__name__, e)
    x.squeeze((1, 3)).pow(2).sum().backward()
    print(x.grad.shape, x.grad[:, :, 0, 0])
""")

prog("index_select_out_of_range", """
    # IndexError (which an `except RuntimeError` does not catch) or RuntimeError, by the
    # path PyTorch's CPU kernel takes: the engine raised RuntimeError for every one
    cases = [(torch.randn(3, 4), 0, [0, 3]), (torch.randn(3, 4), 1, [4]),
             (torch.randn(4, 3).t(), 1, [4]), (torch.randn(4, 3).t(), 0, [3]),
             (torch.randn(0, 4), 0, [0]), (torch.randn(0, 4), 1, [4]),
             (torch.randn(3, 0), 1, [0]), (torch.randn(3, 0), 0, [3]),
             (torch.randn(0, 4), 0, []), (torch.randn(0), 0, [0]), (torch.randn(3), 0, [-1]),
             (torch.randn(2, 2, 2, 2), 1, [2]), (torch.randn(2, 2, 2, 2), 3, [2]),
             (torch.randn(2, 3, 4), 0, [2]), (torch.randn(2, 3, 4), 2, [4]),
             (torch.randn(3, 4), -1, [4]), (torch.randn(3, 4), 1, [-2]),
             (torch.tensor(5.), 0, [1]), (torch.arange(12).view(3, 4), 1, [4]),
             (torch.randn(3, 4, requires_grad=True), 0, [3])]
    for x, d, i in cases:
        i = torch.tensor(i, dtype=torch.long)
        for call in (lambda: x.index_select(d, i), lambda: torch.index_select(x, d, i)):
            try:
                print(call().shape)
            except (IndexError, RuntimeError) as e:
                print(type(e).__name__, e)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
