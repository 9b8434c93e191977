"""``nn.ModuleDict``, ``nn.ParameterList`` and ``nn.ParameterDict`` as a student meets them:
building, indexing, the dict and list methods, their reprs, ``parameters()`` order,
``named_parameters`` and ``state_dict`` keys, a model that holds them, and PyTorch's
errors (programs run under torch and under the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("module_dict", """
    import torch.nn as nn
    from collections import OrderedDict
    torch.manual_seed(0)
    d = nn.ModuleDict({"b": nn.Linear(2, 3), "a": nn.ReLU()})
    d["c"] = nn.Sequential(nn.Linear(3, 1), nn.Sigmoid())
    print(d)
    print(len(d), list(d), list(d.keys()), "a" in d, "z" in d)
    print([type(m).__name__ for m in d.values()], [k for k, _ in d.items()])
    print(list(d.state_dict().keys()), [n for n, _ in d.named_parameters()])
    print(d.pop("a"), list(d))
    d.update([("e", nn.Tanh()), ("f", nn.Identity())])
    d.update(OrderedDict(g=nn.Linear(1, 1)))
    print(list(d), d["b"].weight.shape)
    del d["e"]
    print(list(d), type(d).__module__)
    x = torch.randn(4, 2)
    print(d["c"](d["b"](x)))
    for bad in (5, [("k",)], [3]):
        try:
            d.update(bad)
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
    d.clear()
    print(d, len(d))
""")

prog("parameter_list", """
    import torch.nn as nn
    torch.manual_seed(1)
    pl = nn.ParameterList([nn.Parameter(torch.randn(2, 3)), torch.zeros(4)])
    pl.append(torch.ones(1, dtype=torch.float64))
    pl.extend([nn.Parameter(torch.randn(3))])
    pl += [torch.arange(3.0)]
    print(pl)
    print(len(pl), type(pl[1]).__name__, pl[1].requires_grad, pl[-1])
    print([p.shape for p in pl], [n for n, _ in pl.named_parameters()])
    print(list(pl.state_dict().keys()))
    print(pl[1:3], len(pl[::2]))
    pl[0] = torch.full((2,), 3.0)
    print(pl[0], type(pl[0]).__name__)
    pl.append("note")
    print(pl)
    for call in (lambda: pl[9], lambda: pl.extend(torch.ones(2)), lambda: pl(1)):
        try:
            call()
        except (IndexError, TypeError, RuntimeError) as e:
            print(type(e).__name__, e)
""")

prog("parameter_dict", """
    import torch.nn as nn
    torch.manual_seed(2)
    pd = nn.ParameterDict({"w": nn.Parameter(torch.randn(2, 2)), "b": torch.zeros(2)})
    pd["s"] = torch.ones(1, dtype=torch.float64)
    print(pd)
    print(list(pd), list(pd.keys()), len(pd), "w" in pd, pd.get("zz", 7))
    print([n for n, _ in pd.named_parameters()], list(pd.state_dict().keys()))
    print(type(pd["b"]).__name__, pd["b"].requires_grad)
    print(pd.pop("s").dtype, list(pd), pd.setdefault("t", torch.ones(3)).shape, list(pd))
    print(pd.popitem()[0], list(reversed(pd)))
    c = pd.copy()
    c["extra"] = torch.zeros(1)
    print(list(c), list(pd), list(pd | c), list(pd.fromkeys(["x", "y"])))
    pd.update([("u", torch.ones(2))])
    print(list(pd))
    for call in (lambda: pd[3], lambda: pd.update(4), lambda: pd(1), lambda: pd.update([(1, 2, 3)])):
        try:
            call()
        except (TypeError, RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
    pd.clear()
    print(pd, len(pd))
""")

prog("model_with_containers", """
    import torch.nn as nn
    torch.manual_seed(3)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.heads = nn.ModuleDict({"cls": nn.Linear(4, 2), "reg": nn.Linear(4, 1)})
            self.scales = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.ones(1))])
            self.extra = nn.ParameterDict({"bias": nn.Parameter(torch.zeros(1))})
            self.norm = nn.LayerNorm(4)

        def forward(self, x):
            x = self.norm(x)
            return self.heads["cls"](x) * self.scales[0], self.heads["reg"](x) * self.scales[1] + self.extra["bias"]

    net = Net()
    print(net)
    print([n for n, _ in net.named_parameters()])
    print(list(net.state_dict().keys()))
    a, b = net(torch.randn(3, 4))
    (a.sum() + b.sum()).backward()
    print([None if p.grad is None else p.grad.shape for p in net.parameters()])
    print(net.scales[0].grad, net.extra["bias"].grad)
""")
prog("a_modules_generators_and_methods_are_named_after_module", """
    # what a notebook displays for model.parameters() or model.state_dict
    m = torch.nn.Sequential(torch.nn.Linear(2, 2))
    for name in ("parameters", "named_parameters", "buffers", "named_buffers", "children",
                 "named_children", "modules", "named_modules"):
        print(getattr(m, name)())
    print(m.state_dict, m.load_state_dict, m.apply, m.zero_grad, m.train)
""")

PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
