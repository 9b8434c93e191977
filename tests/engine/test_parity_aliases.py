"""PyTorch's second spellings and small compositions, as a student meets them: the aliases
(``fix``, ``absolute``, ``negative``, ``multiply``, ``divide``, ``subtract``, ``arcsin``,
``arctan2``, ``concatenate``, ``swapdims``: the same nodes as ``trunc``, ``abs`` ...),
``positive``, ``unflatten``, ``take_along_dim``, ``sgn``, ``deg2rad``/``rad2deg`` and the
sign tests, with their values, gradients, ``grad_fn`` names and errors."""
import parity

P, prog = parity.table()

prog("aliases_and_small_compositions", """
    x = torch.tensor([[-1.5, 0.25, 2.0], [0.5, -0.75, 3.0]], requires_grad=True)
    y = torch.tensor([[2.0, -1.0, 0.5], [1.5, 2.5, -3.0]], requires_grad=True)
    for e in ["torch.trunc(x)", "torch.fix(x)", "x.fix()", "torch.absolute(x)", "x.absolute()",
              "torch.negative(x)", "x.negative()", "torch.multiply(x, y)", "x.multiply(y)",
              "torch.divide(x, y)", "x.divide(y, rounding_mode='floor')",
              "torch.subtract(x, y, alpha=2)", "x.subtract(y)", "torch.arcsin(x / 4)", "x.arcsin()",
              "torch.arctan2(x, y)", "x.arctan2(y)", "torch.concatenate([x, y])",
              "torch.concatenate((x, y), dim=1)", "torch.concatenate((x, y), axis=1)",
              "torch.swapdims(x, 0, 1)", "x.swapdims(0, 1)", "torch.positive(x)", "x.positive()",
              "torch.positive(x) is x", "torch.unflatten(x, 1, (3, 1))", "x.unflatten(0, (1, 2))",
              "x.unflatten(-1, (-1, 1))", "torch.take_along_dim(x, torch.tensor([[0], [2]]), dim=1)",
              "x.take_along_dim(torch.tensor([[0, 1, 0]]), 0)",
              "torch.take_along_dim(x, torch.tensor([4, 0]))", "torch.sgn(x)", "x.sgn()",
              "torch.deg2rad(x)", "x.rad2deg()", "torch.isneginf(x / 0)", "torch.isposinf(x / 0)",
              "torch.signbit(x)", "x.signbit()", "torch.signbit(torch.tensor([-0.0, 0.0]))"]:
        try:
            r = eval(e); print(e, r, type(getattr(r, "grad_fn", None)).__name__)
            if isinstance(r, torch.Tensor) and r.requires_grad:
                g = torch.autograd.grad((r * torch.arange(float(r.numel())).view(r.shape)).sum(), (x, y),
                                        allow_unused=True)
                print("  grads", g)
        except Exception as ex:
            print(e, type(ex).__name__, ex)
    for e in ["torch.positive(torch.tensor([True]))", "torch.negative(torch.tensor([True]))",
              "torch.unflatten(x, 1, (2, 2))", "torch.take_along_dim(x, torch.tensor([[0.]]), 1)",
              "torch.sgn(torch.tensor([-2, 0, 3]))", "torch.deg2rad(torch.tensor([180, 90]))",
              "torch.signbit(torch.tensor([-1, 2]))", "torch.isneginf(torch.tensor([1, 2]))"]:
        try: print(e, eval(e))
        except Exception as ex: print(e, type(ex).__name__, ex)
    z = torch.tensor([90.0, -45.0]); z.deg2rad_(); print(z, z._version)
""")

prog("a_layers_class_prints_torchs_module_path", """
    import torch.nn as nn
    for name in ("MSELoss", "CTCLoss", "TripletMarginLoss", "CosineSimilarity", "RNN", "LSTMCell",
                 "Conv2d", "MaxPool2d", "Fold", "Softmax", "Mish", "Softmin", "Linear", "Sequential"):
        print(getattr(nn, name), type(getattr(nn, name)).__name__)
    print(type(nn.GRU(2, 3)), type(nn.CrossEntropyLoss()))
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
