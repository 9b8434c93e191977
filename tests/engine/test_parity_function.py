"""Custom ``torch.autograd.Function``s run, print and fail as PyTorch's: forward under
no_grad, ``ctx.save_for_backward`` and ``saved_tensors`` (freed after backward, checked
against in-place changes), ``needs_input_grad``, non-tensor arguments and outputs,
``mark_dirty``, ``mark_non_differentiable``, ``set_materialize_grads``, ``setup_context``,
inputs returned as they are (views that refuse in-place changes), double backward,
``once_differentiable``, hooks and ``retain_grad`` on their outputs, every error of a
backward that returns the wrong gradients, and a training loop through one (programs run
under torch and under the engine, transcripts compared exactly)."""
import parity

P, prog = parity.table()

prog("function_basics", """
class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        print("forward grad enabled:", torch.is_grad_enabled(), result.requires_grad)
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        print("backward grad enabled:", torch.is_grad_enabled(), grad_output)
        return grad_output * result
x = torch.tensor([1., 2.], requires_grad=True)
y = MyExp.apply(x)
print(y, y.grad_fn, type(y.grad_fn).__name__, y.grad_fn.next_functions, y.requires_grad, y.is_leaf)
print(y.grad_fn.saved_tensors, y.grad_fn.needs_input_grad)
y.sum().backward(); print(x.grad)
try:
    y.grad_fn.saved_tensors
except RuntimeError as e: print(e)
try:
    y.sum().backward()
except RuntimeError as e: print(e)
print(MyExp.apply(torch.tensor([0.5])))
with torch.no_grad():
    z = MyExp.apply(x); print(z.grad_fn, z.requires_grad)

class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k, w):
        ctx.k = k
        ctx.save_for_backward(w)
        print(ctx.needs_input_grad)
        return x * k * w
    @staticmethod
    def backward(ctx, g):
        w, = ctx.saved_tensors
        print(ctx.needs_input_grad)
        return g * ctx.k * w, None, (g * ctx.k * ctx.saved_tensors[0]).sum() if False else None
a = torch.ones(3, requires_grad=True); w = torch.full((3,), 2.0)
out = Scale.apply(a, 3.0, w); print(out)
out.backward(torch.ones(3)); print(a.grad)

class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y): return x + y
    @staticmethod
    def backward(ctx, g): return g
try:
    Bad.apply(torch.ones(2, requires_grad=True), torch.ones(2)).sum().backward()
except RuntimeError as e: print(e)
class BadShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return torch.ones(3)
try:
    BadShape.apply(torch.ones(2, requires_grad=True)).sum().backward()
except RuntimeError as e: print(e)
class Broad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return torch.ones(4, 2)
q = torch.ones(2, requires_grad=True)
Broad.apply(q).sum().backward(); print(q.grad)
class Dbl(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return torch.ones(2, dtype=torch.float64)
q = torch.ones(2, requires_grad=True)
Dbl.apply(q).sum().backward(); print(q.grad)
class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable
        return x * 2, x * 3
    @staticmethod
    def backward(ctx, g1, g2):
        print("g1", g1, "g2", g2)
        return g1 * 2 + g2 * 3
q = torch.ones(2, requires_grad=True)
u, v = Split.apply(q); print(u, v, u.grad_fn is v.grad_fn)
u.sum().backward(); print(q.grad)
class Dirty(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x
    @staticmethod
    def backward(ctx, g): return g * 2
q = torch.ones(2, requires_grad=True)
r = q * 1
s = Dirty.apply(r); print(s is r, r.grad_fn, r._version, s)
s.sum().backward(); print(q.grad)
try:
    Dirty.apply(q)
except RuntimeError as e: print(e)
class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, g): return g
q = torch.ones(2, requires_grad=True)
s = Ident.apply(q); print(s is q, s.grad_fn, s._is_view(), s._base is q)
class ND(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        idx = x.argmax()
        ctx.mark_non_differentiable(idx)
        return x.max(), idx
    @staticmethod
    def backward(ctx, g, gi):
        print("gi", gi)
        return g * torch.ones(3)
q = torch.tensor([1., 3., 2.], requires_grad=True)
m, i = ND.apply(q); print(m, i, i.requires_grad, i.grad_fn)
m.backward(); print(q.grad)
""")

prog("function_contexts_and_errors", """
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 3 * x ** 2
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Cube.apply(x); print(y)
g, = torch.autograd.grad(y.sum(), x, create_graph=True); print(g)
g.sum().backward(); print(x.grad)
print(torch.autograd.gradcheck(Cube.apply, (torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True),)))
class Extra(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g * 2, None, None
q = torch.ones(2, requires_grad=True)
try:
    Extra.apply(q).sum().backward(); print(q.grad)
except RuntimeError as e: print(e)
class Extra2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g * 2, g
try:
    Extra2.apply(q).sum().backward(); print(q.grad)
except RuntimeError as e: print(e)
class NoMat(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3
    @staticmethod
    def backward(ctx, g1, g2):
        print(g1, g2)
        return g1 * 2
q = torch.ones(2, requires_grad=True)
a, b = NoMat.apply(q); a.sum().backward(); print(q.grad)
class NonTensorGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k): return x * k
    @staticmethod
    def backward(ctx, g): return g, g
try:
    NonTensorGrad.apply(q, 2.0).sum().backward()
except RuntimeError as e: print(e)
class RetNum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return 3.0
try:
    RetNum.apply(q).sum().backward()
except Exception as e: print(type(e).__name__, e)
class Instance(torch.autograd.Function):
    def forward(self, x): return x
try:
    Instance()(q)
except Exception as e: print(type(e).__name__, e)
try:
    Instance.apply(q)
except Exception as e: print(type(e).__name__, e)
class NoBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
try:
    NoBackward.apply(q).sum().backward()
except Exception as e: print(type(e).__name__, e)
class Mod(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x
w = q * 1
o = Mod.apply(w)
w.add_(1)
try:
    o.sum().backward()
except RuntimeError as e: print(e)
class SaveInt(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, None)
        return x.clone()
    @staticmethod
    def backward(ctx, g):
        x, n = ctx.saved_tensors
        print(n)
        return g
SaveInt.apply(q).sum().backward()
class SaveNonTensor(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x.clone()
try:
    SaveNonTensor.apply(q)
except Exception as e: print(type(e).__name__, e)
r = Cube.apply(torch.ones(2))
print(r.requires_grad, r.grad_fn)
print(Cube.apply(x).grad_fn.name(), Cube.apply(x).grad_fn.next_functions)
class Tup(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return (x * 2,)
    @staticmethod
    def backward(ctx, g): return g
print(Tup.apply(q))
class NT(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2, 5
    @staticmethod
    def backward(ctx, g, n):
        print("n", n)
        return g
res = NT.apply(q); print(res); res[0].sum().backward()
y = Cube.apply(x)
h = y.grad_fn.register_hook(lambda gi, go: print("hook", gi, go))
y.sum().backward()
print(Cube.vjp is Cube.backward, hasattr(torch.autograd.function, "once_differentiable"))
print(torch.autograd.Function, torch.autograd.function.FunctionCtx)
""")

prog("function_views", """
class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, g): return g
q = torch.ones(2, requires_grad=True)
s = Ident.apply(q)
try:
    s.mul_(2)
except RuntimeError as e: print(e)
w = q * 1
s = Ident.apply(w)
try:
    w.mul_(2); print(s.grad_fn)
except RuntimeError as e: print(e)
class V(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x[0]
    @staticmethod
    def backward(ctx, g): return g * torch.ones(2)
s = V.apply(q); print(s._is_view(), s.grad_fn)
try:
    s.mul_(2)
except RuntimeError as e: print(e)
class BadArg(torch.autograd.Function):
    @staticmethod
    def forward(ctx, k, x): return x * k
    @staticmethod
    def backward(ctx, g): return None, torch.ones(3)
try:
    BadArg.apply(2.0, q).sum().backward()
except RuntimeError as e: print(e)
class Int(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return (x * 2).long()
    @staticmethod
    def backward(ctx, g): return g
r = Int.apply(q); print(r, r.requires_grad)
try:
    print(r.sum())
    r.float().sum().backward()
except RuntimeError as e: print(e)
""")

prog("function_double_backward_hooks_training", """
from torch.autograd.function import once_differentiable
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        print("grad mode in backward:", torch.is_grad_enabled())
        return 2 * x * g
x = torch.tensor([1.0, 3.0], requires_grad=True)
y = Sq.apply(x)
g, = torch.autograd.grad(y.sum(), x); print(g, g.requires_grad)
y = Sq.apply(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True); print(g, g.requires_grad, g.grad_fn)
try:
    g.sum().backward()
except RuntimeError as e: print(e)
# retain_grad, hooks, retain_graph, autograd.grad on custom outputs
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b
    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b if ctx.needs_input_grad[0] else None, g * a if ctx.needs_input_grad[1] else None
a = torch.tensor([2.0, -1.0], requires_grad=True); b = torch.tensor([0.5, 4.0], requires_grad=True)
c = Mul.apply(a, b); c.retain_grad()
c.register_hook(lambda g: print("hook", g))
z = (c * c).sum()
z.backward(retain_graph=True); print(a.grad, b.grad, c.grad)
z.backward(); print(a.grad, b.grad, c.grad)
print(torch.autograd.grad(Mul.apply(a, b).sum(), [b]))
print(Mul.apply(a, torch.ones(2)).grad_fn.next_functions)
print(Mul.apply(a.double(), b.double()))
with torch.no_grad():
    print(Mul.apply(a, b))
# a training loop with a custom function
class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)
    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input
torch.manual_seed(0)
xs = torch.linspace(-1, 1, 8).reshape(8, 1)
ys = torch.sin(3 * xs)
w1 = torch.randn(1, 6, requires_grad=True); w2 = torch.randn(6, 1, requires_grad=True)
for step in range(50):
    pred = (MyReLU.apply(xs @ w1) * w2.T).sum(1, keepdim=True)
    loss = (pred - ys).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        w1 -= 0.05 * w1.grad; w2 -= 0.05 * w2.grad
        w1.grad.zero_(); w2.grad.zero_()
    if step % 10 == 0:
        print(step, f"{loss.item():.5f}")   # (torch's summation order is not modelled)
print(w1, w2)
""")

prog("function_several_outputs", """
# one grad_fn for both outputs, each with its output_nr; an output the loss does not use
# reaches backward as zeros (as None after set_materialize_grads(False)); a
# non-differentiable output has no grad_fn; None for an input that requires grad
class SplitSq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2, x ** 2
    @staticmethod
    def backward(ctx, g1, g2):
        x, = ctx.saved_tensors
        print("grads", g1, g2)
        return g1 * 2 + g2 * 2 * x
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a, b = SplitSq.apply(x)
print(a, b, b.grad_fn is a.grad_fn, a.output_nr, b.output_nr, type(a.grad_fn).__name__)
print(a.grad_fn.next_functions, a.is_leaf, b.requires_grad)
(a.sum() + b.sum()).backward(); print(x.grad)
x.grad = None
a, b = SplitSq.apply(x)
b.sum().backward(); print(x.grad)
c, d = SplitSq.apply(a)
print(c.grad_fn.next_functions[0][1], d.grad_fn.next_functions[0][0] is a.grad_fn)
class Lazy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.exp(), x.sin()
    @staticmethod
    def backward(ctx, ge, gs):
        x, = ctx.saved_tensors
        print("lazy", ge, gs)
        g = torch.zeros_like(x)
        if ge is not None:
            g = g + ge * x.exp()
        if gs is not None:
            g = g + gs * x.cos()
        return g
x = torch.tensor([0.5, -1.0], requires_grad=True)
e, s = Lazy.apply(x)
s.sum().backward(); print(x.grad)
class SortLike(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        v, i = x.sort()
        ctx.mark_non_differentiable(i)
        ctx.save_for_backward(i)
        return v, i
    @staticmethod
    def backward(ctx, gv, gi):
        i, = ctx.saved_tensors
        print("sortlike", gv, gi)
        g = torch.zeros_like(gv)
        g[i] = gv
        return g
x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
v, i = SortLike.apply(x)
print(v, i, i.requires_grad, i.grad_fn, v.output_nr, i.output_nr, i.is_leaf)
(v * torch.tensor([1.0, 10.0, 100.0])).sum().backward(); print(x.grad)
class Aux(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w):
        y = x * w
        aux = (y > 0).float()
        ctx.mark_non_differentiable(aux)
        ctx.save_for_backward(x, w)
        print(ctx.needs_input_grad)
        return y, aux
    @staticmethod
    def backward(ctx, gy, gaux):
        x, w = ctx.saved_tensors
        print(ctx.needs_input_grad, gaux)
        return gy * w, None
x = torch.tensor([1.0, -2.0], requires_grad=True); w = torch.tensor([3.0, 4.0], requires_grad=True)
y, aux = Aux.apply(x, w)
print(y, aux, aux.requires_grad)
y.sum().backward(); print(x.grad, w.grad)
class Dirty(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x, x + 1
    @staticmethod
    def backward(ctx, g1, g2):
        return g1 * 2 + g2 * 2
a0 = torch.tensor([1.0, 2.0], requires_grad=True)
x = a0 * 1
p, q = Dirty.apply(x)
print(p, q, p is x, p.output_nr, q.output_nr, x._version)
(p + q).sum().backward(); print(a0.grad)
class Pair(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b, a + b
    @staticmethod
    def backward(ctx, gp, gs):
        a, b = ctx.saved_tensors
        return gp * b + gs, gp * a + gs
a = torch.tensor([1.0, 2.0], requires_grad=True); b = torch.tensor([3.0, -1.0], requires_grad=True)
p, s = Pair.apply(a, b)
p.sum().backward(retain_graph=True); print(a.grad, b.grad)
(s ** 2).sum().backward(); print(a.grad, b.grad)
try:
    p.sum().backward()
except RuntimeError as e: print(e)
xd = torch.tensor([0.5, -1.5], dtype=torch.double, requires_grad=True)
yd = torch.tensor([2.0, 0.25], dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(Pair.apply, (xd, yd)))
with torch.no_grad():
    p, s = Pair.apply(a, b); print(p, s, p.grad_fn)
""")


PROGRAMS = parity.programs(P)
results, test_prints_the_same = parity.parity_tests(PROGRAMS)
