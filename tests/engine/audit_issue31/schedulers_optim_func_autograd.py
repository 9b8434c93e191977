import parity
P, prog = parity.table()
H = """
def t(label, f):
    try:
        r = f()
        print(label, r if not hasattr(r, 'grad_fn') else (r, r.dtype, r.grad_fn))
    except Exception as e:
        print(label, type(e).__name__, str(e)[:400])
"""
def p(name, code):
    from textwrap import dedent
    prog(name, H + dedent(code))

p("schedulers", """
import torch.optim.lr_scheduler as L
def opt(lr=0.1):
    w = torch.nn.Parameter(torch.ones(2)); return torch.optim.SGD([w], lr=lr, momentum=0.9)
mk = {
 'LambdaLR': lambda o: L.LambdaLR(o, lambda e: 0.9 ** e),
 'MultiplicativeLR': lambda o: L.MultiplicativeLR(o, lambda e: 0.95),
 'StepLR': lambda o: L.StepLR(o, 2, gamma=0.5),
 'MultiStepLR': lambda o: L.MultiStepLR(o, [2, 4], 0.3),
 'ConstantLR': lambda o: L.ConstantLR(o, factor=0.5, total_iters=3),
 'LinearLR': lambda o: L.LinearLR(o, 0.2, 1.0, 4),
 'ExponentialLR': lambda o: L.ExponentialLR(o, 0.9),
 'PolynomialLR': lambda o: L.PolynomialLR(o, total_iters=4, power=2.0),
 'CosineAnnealingLR': lambda o: L.CosineAnnealingLR(o, T_max=5, eta_min=0.01),
 'CosineAnnealingWarmRestarts': lambda o: L.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.001),
 'CyclicLR': lambda o: L.CyclicLR(o, 0.01, 0.1, step_size_up=2),
 'CyclicLR2': lambda o: L.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode='exp_range', gamma=0.9),
 'OneCycleLR': lambda o: L.OneCycleLR(o, max_lr=0.5, total_steps=8),
 'OneCycleLR2': lambda o: L.OneCycleLR(o, max_lr=0.5, epochs=2, steps_per_epoch=4, anneal_strategy='linear', three_phase=True),
 'SequentialLR': lambda o: L.SequentialLR(o, [L.ConstantLR(o, 0.5, 2), L.ExponentialLR(o, 0.8)], milestones=[2]),
 'ChainedScheduler': lambda o: L.ChainedScheduler([L.ConstantLR(o, 0.5, 2), L.ExponentialLR(o, 0.8)]),
}
for name, f in mk.items():
    o = opt(); s = f(o)
    lrs = []
    for i in range(7):
        o.step(); s.step(); lrs.append(round(s.get_last_lr()[0], 7))
    print(name, lrs, type(s).__name__)
    sd = s.state_dict(); print(sorted(k for k in sd))
    o2 = opt(); s2 = f(o2); s2.load_state_dict(sd); print(s2.last_epoch, s2.get_last_lr())
o = opt(); s = L.ReduceLROnPlateau(o, patience=1, factor=0.5)
for v in [1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7]:
    s.step(v); print(o.param_groups[0]['lr'], s.get_last_lr(), s.num_bad_epochs)
print(sorted(s.state_dict()))
o = opt(); s = L.StepLR(o, 1); s.step(); print(o.param_groups[0]['lr'])
o = opt(); s = L.StepLR(o, 1); t('getlr', lambda: s.get_lr())
o = opt(); s = L.ExponentialLR(o, 0.5); s.step(3); print(s.get_last_lr())
t('bad', lambda: L.StepLR(torch.nn.Linear(1,1), 1))
t('oc', lambda: L.OneCycleLR(opt(), max_lr=0.1))
o = opt(); s = L.OneCycleLR(o, max_lr=0.1, total_steps=2)
for i in range(3): t('ocstep', lambda: s.step())
print(isinstance(s, L.LRScheduler), L.LRScheduler.__name__)
""")

p("optimizers_more", """
def run(cls, **kw):
    torch.manual_seed(0)
    m = torch.nn.Linear(3, 2); o = cls(m.parameters(), **kw)
    x = torch.randn(5, 3)
    for i in range(4):
        def closure():
            o.zero_grad(); l = (m(x) ** 2).mean(); l.backward(); return l
        l = o.step(closure) if cls is torch.optim.LBFGS else (closure(), o.step())[0]
    print(cls.__name__, m.weight, m.bias, l)
    sd = o.state_dict(); print(sd['param_groups'], sorted(sd['state'][0]))
    print(repr(o))
run(torch.optim.Adamax, lr=0.1)
run(torch.optim.NAdam, lr=0.1)
run(torch.optim.NAdam, lr=0.1, decoupled_weight_decay=True, weight_decay=0.1)
run(torch.optim.RAdam, lr=0.1)
run(torch.optim.RAdam, lr=0.1, weight_decay=0.1, decoupled_weight_decay=True)
run(torch.optim.Adadelta)
run(torch.optim.Adadelta, lr=0.5, rho=0.8, weight_decay=0.01)
run(torch.optim.LBFGS, lr=0.5)
run(torch.optim.LBFGS, lr=1, line_search_fn='strong_wolfe', history_size=3)
t('bad', lambda: torch.optim.Adamax([torch.ones(1, requires_grad=True)], lr=-1))
t('bad2', lambda: torch.optim.NAdam([torch.ones(1, requires_grad=True)], betas=(1.0, 0.9)))
t('lbfgs2', lambda: torch.optim.LBFGS([torch.ones(1, requires_grad=True), torch.ones(1, requires_grad=True)]).add_param_group({'params': [torch.ones(1, requires_grad=True)]}))
""")

p("func_names", """
from torch.func import grad, grad_and_value, vmap, jacrev, jacfwd, hessian, vjp, jvp, functional_call
f = lambda x: (x.sin() * x).sum()
x = torch.tensor([0.5, 1.0, 2.0])
print(grad(f)(x), grad_and_value(f)(x))
print(vmap(lambda v: v * 2 + 1)(torch.arange(6.).reshape(2, 3)))
print(vmap(torch.dot)(torch.ones(2, 3), torch.arange(6.).reshape(2, 3)))
print(vmap(lambda a, b: a @ b, in_dims=(0, None))(torch.ones(2, 2, 3), torch.ones(3)))
print(jacrev(lambda v: v.sin())(x)); print(jacfwd(lambda v: v ** 2)(x))
print(hessian(f)(x))
out, fn = vjp(lambda v: v.exp(), x); print(out, fn(torch.ones(3)))
print(jvp(lambda v: v.cos(), (x,), (torch.ones(3),)))
m = torch.nn.Linear(3, 1)
params = {k: torch.ones_like(v) for k, v in m.named_parameters()}
print(functional_call(m, params, (x,)))
print(grad(lambda p, x: functional_call(m, p, (x,)).sum())(params, x))
t('gradbad', lambda: grad(lambda v: v)(x))
t('gradint', lambda: grad(f)(torch.tensor([1, 2])))
print(grad(f, argnums=(0,))(x), grad(lambda a, b: (a * b).sum(), argnums=1)(x, x * 2))
print(grad(lambda v: (f(v), v.sum()), has_aux=True)(x))
print(vmap(grad(f))(torch.arange(6.).reshape(2, 3)))
""")

p("forward_ad", """
import torch.autograd.forward_ad as fwAD
x = torch.tensor([1.0, 2.0, 3.0]); v = torch.tensor([1.0, 0.0, 0.5])
with fwAD.dual_level():
    d = fwAD.make_dual(x, v)
    for name, f in [('sin', torch.sin), ('exp', torch.exp), ('sq', lambda a: a * a), ('sm', lambda a: torch.softmax(a, 0)),
                    ('mm', lambda a: a @ torch.ones(3, 2)), ('relu', torch.relu), ('tanh', torch.tanh), ('sum', torch.sum),
                    ('mean', torch.mean), ('log', torch.log), ('div', lambda a: 1 / a), ('sig', torch.sigmoid),
                    ('pow', lambda a: a ** 3), ('norm', lambda a: a.norm()), ('lsm', lambda a: torch.log_softmax(a, 0)),
                    ('mse', lambda a: torch.nn.functional.mse_loss(a, torch.zeros(3))), ('max', lambda a: a.max()),
                    ('view', lambda a: a.view(3, 1).t()), ('cat', lambda a: torch.cat([a, a])), ('clamp', lambda a: a.clamp(1.5, 2.5))]:
        y = f(d); p, tt = fwAD.unpack_dual(y); print(name, p, tt)
    print(fwAD.unpack_dual(d), fwAD.unpack_dual(x))
    u = fwAD.unpack_dual(d); print(u.primal, u.tangent, type(u).__name__)
t('nolevel', lambda: fwAD.make_dual(x, v))
with fwAD.dual_level():
    t('shape', lambda: fwAD.make_dual(x, torch.ones(2)))
""")

p("autograd_misc", """
from torch.autograd.graph import saved_tensors_hooks
log = []
def pack(t): log.append(('pack', tuple(t.shape))); return t * 1
def unpack(t): log.append(('unpack', tuple(t.shape))); return t
x = torch.tensor([1., 2.], requires_grad=True)
with saved_tensors_hooks(pack, unpack):
    y = (x * x).sum()
y.backward(); print(log, x.grad)
with torch.autograd.detect_anomaly():
    a = torch.tensor([0.0], requires_grad=True)
    try:
        (a.sqrt() * 0).sum().backward(); print(a.grad)
        b = torch.tensor([-1.0], requires_grad=True); (b.sqrt()).sum().backward(); print(b.grad)
    except RuntimeError as e: print('RE', str(e)[:200])
def fn(a): return (a ** 3).sum()
from torch.autograd import gradcheck, gradgradcheck
xx = torch.tensor([0.3, 0.7], dtype=torch.float64, requires_grad=True)
print(gradcheck(fn, (xx,)), gradgradcheck(lambda a: a ** 3, (xx,)))
p = torch.nn.Parameter(torch.ones(2))
h = p.register_post_accumulate_grad_hook(lambda t: print('acc', t.grad))
(p * 3).sum().backward(); (p * 2).sum().backward(); h.remove(); (p * 2).sum().backward(); print(p.grad)
x = torch.tensor([1., 2., 3.], requires_grad=True); y = x ** 2
gs = torch.autograd.grad(y, x, torch.eye(3), is_grads_batched=True); print(gs)
x = torch.randn(2, 3, requires_grad=True); y = x.sum(1)
print(torch.autograd.grad(y, x, torch.eye(2), is_grads_batched=True)[0].shape)
t('gb', lambda: torch.autograd.grad(y, x, torch.ones(2), is_grads_batched=True))
m = torch.nn.Linear(2, 1)
m.register_full_backward_hook(lambda mod, gi, go: print('bh', type(mod).__name__, gi, go))
m.register_full_backward_pre_hook(lambda mod, go: print('bph', go))
with torch.no_grad(): m.weight.fill_(0.5); m.bias.fill_(0.1)
m(torch.ones(3, 2, requires_grad=True)).sum().backward()
m = torch.nn.ReLU()
m.register_full_backward_hook(lambda mod, gi, go: (gi[0] * 2,))
x = torch.tensor([1., -1.], requires_grad=True); m(x).sum().backward(); print(x.grad)
t('bwh', lambda: torch.nn.Linear(1, 1).register_backward_hook(lambda *a: None))
print(torch.is_inference_mode_enabled())
with torch.inference_mode():
    z = torch.ones(2) * 2; print(z.is_inference(), z.requires_grad)
print(torch.ones(1).is_inference())
""")
PROGRAMS = parity.programs(P)
