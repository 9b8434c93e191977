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

p("specific", """
t('rt', lambda: torch.result_type(torch.tensor([1]), 1.0))
t('rt2', lambda: torch.result_type(torch.tensor([1], dtype=torch.int8), torch.tensor(1000)))
t('rt3', lambda: torch.result_type(2, 3.5))
t('pt', lambda: torch.promote_types(torch.int32, torch.float16))
t('cc', lambda: (torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int32, torch.float32)))
a = torch.tensor([7., -7., 5.5], requires_grad=True); b = torch.tensor([2., 2., -2.])
for rm in (None, 'trunc', 'floor'):
    t(rm, lambda: torch.div(a, b, rounding_mode=rm))
t('divint', lambda: torch.div(torch.tensor([7, -7]), 2, rounding_mode='floor'))
t('divint2', lambda: torch.tensor([7, -7]) // 2)
t('divbad', lambda: torch.div(a, b, rounding_mode='x'))
t('divz', lambda: torch.div(torch.tensor([1]), torch.tensor([0]), rounding_mode='trunc'))
x = torch.tensor([-1., 2.]); t('relu_', lambda: torch.relu_(x))
t('isinf', lambda: torch.ones(1).is_inference())
t('mode', lambda: torch.mode(torch.tensor([1, 2, 2, 3, 3])))
t('mode2', lambda: torch.tensor([[1., 2., 2.], [3., 3., 1.]]).mode(1))
t('mode3', lambda: torch.mode(torch.tensor([[1., 2., 2.], [3., 3., 1.]], requires_grad=True), 0))
e = torch.nn.Embedding(5, 3, padding_idx=0)
print(e.weight[0], e.padding_idx)
e(torch.tensor([[0, 1], [1, 0]])).sum().backward(); print(e.weight.grad)
e2 = torch.nn.Embedding(5, 3, padding_idx=-1); print(e2.padding_idx, e2.weight[4])
t('pbad', lambda: torch.nn.Embedding(5, 3, padding_idx=5))
torch.manual_seed(0); e3 = torch.nn.Embedding(4, 3, max_norm=1.0)
out = e3(torch.tensor([1, 2, 1])); print(out, e3.weight.norm(dim=1))
t('fe', lambda: torch.nn.functional.embedding(torch.tensor([0, 2]), torch.arange(9.).reshape(3, 3), padding_idx=0))
t('eb', lambda: torch.nn.Embedding.from_pretrained(torch.arange(6.).reshape(3, 2), padding_idx=1)(torch.tensor([1, 2])))
ce = torch.nn.CrossEntropyLoss()
t('ce2d', lambda: ce(torch.randn(3, 4), torch.tensor([[1, 2], [0, 1], [1, 1]])))
t('ce2d2', lambda: ce(torch.randn(3, 4, 2), torch.tensor([[1, 2], [0, 1], [1, 1]])))
t('ceoob', lambda: ce(torch.randn(3, 4), torch.tensor([1, 4, 0])))
t('ceneg', lambda: ce(torch.randn(3, 4), torch.tensor([1, -2, 0])))
t('cefl', lambda: ce(torch.randn(3, 4), torch.tensor([1., 2., 0.])))
t('ceprob', lambda: ce(torch.zeros(2, 3), torch.tensor([[0.2, 0.3, 0.5], [1., 0, 0]])))
t('mse64', lambda: torch.nn.functional.mse_loss(torch.tensor([1, 2]), torch.tensor([0, 0])))
t('mse64b', lambda: torch.nn.MSELoss()(torch.tensor([1., 2.]), torch.tensor([0, 0])))
t('msesh', lambda: torch.nn.functional.mse_loss(torch.ones(3), torch.ones(2, 3)))
t('l1int', lambda: torch.nn.functional.l1_loss(torch.tensor([1, 2]), torch.tensor([0, 0])))
t('bceint', lambda: torch.nn.functional.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([1])))
t('lr1', lambda: torch.nn.functional.leaky_relu(torch.tensor([-1., 2.], requires_grad=True) * 1, 0.1, inplace=True))
t('elu1', lambda: torch.nn.functional.elu(torch.tensor([-1., 2.], requires_grad=True) * 1, inplace=True))
t('lr0', lambda: torch.nn.functional.leaky_relu(torch.tensor([-1., 2.], requires_grad=True) * 1, 0.1))
t('lrm', lambda: torch.nn.LeakyReLU(0.2, inplace=True)(torch.tensor([-1., 2.], requires_grad=True) * 1))
t('elum', lambda: torch.nn.ELU(inplace=True)(torch.tensor([-1., 2.], requires_grad=True) * 1))
t('celu', lambda: torch.nn.functional.celu(torch.tensor([-1., 2.], requires_grad=True) * 1, inplace=True))
t('selu', lambda: torch.nn.functional.selu(torch.tensor([-1., 2.], requires_grad=True) * 1, inplace=True))
t('rrelu', lambda: torch.nn.functional.rrelu(torch.tensor([-1., 2.], requires_grad=True) * 1, inplace=True))
t('ht', lambda: torch.nn.functional.hardtanh(torch.tensor([-1., 2.], requires_grad=True) * 1, inplace=True))
t('relu6', lambda: torch.nn.functional.relu6(torch.tensor([-1., 7.], requires_grad=True) * 1, inplace=True))
t('silu', lambda: torch.nn.functional.silu(torch.tensor([-1., 7.], requires_grad=True) * 1, inplace=True))
t('hsw', lambda: torch.nn.functional.hardswish(torch.tensor([-1., 7.], requires_grad=True) * 1, inplace=True))
t('hsig', lambda: torch.nn.functional.hardsigmoid(torch.tensor([-1., 7.], requires_grad=True) * 1, inplace=True))
t('mish', lambda: torch.nn.functional.mish(torch.tensor([-1., 7.], requires_grad=True) * 1, inplace=True))
t('thr', lambda: torch.nn.functional.threshold(torch.tensor([-1., 7.], requires_grad=True) * 1, 0.5, 0.0, inplace=True))
t('drop', lambda: torch.nn.functional.dropout(torch.tensor([-1., 7.], requires_grad=True) * 1, 0.0, inplace=True))
t('lrl', lambda: torch.nn.functional.leaky_relu_(torch.tensor([-1., 2.])))
t('elu_', lambda: torch.nn.functional.elu_(torch.tensor([-1., 2.])))
t('rav', lambda: torch.arange(6.).reshape(2, 3).t().ravel())
t('round', lambda: torch.tensor([1.2345, 2.5]).round(decimals=2))
print(repr(torch.manual_seed(3)))
""")

p("nn_layers", """
import torch.nn as nn, torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 3, 4)
for m in (nn.LayerNorm(4), nn.LayerNorm([3, 4], elementwise_affine=False), nn.GroupNorm(1, 3), nn.GroupNorm(3, 3, affine=False)):
    y = m(x if not isinstance(m, nn.GroupNorm) else x); print(m, y.sum().item() < 1e-4, y.grad_fn)
print(nn.EmbeddingBag(5, 2, mode='sum')(torch.tensor([1, 2, 4, 0]), torch.tensor([0, 2])).grad_fn)
b = nn.Bilinear(2, 3, 4); print(b, b(torch.ones(1, 2), torch.ones(1, 3)).grad_fn)
md = nn.ModuleDict({'a': nn.Linear(1, 1), 'b': nn.ReLU()}); print(md, list(md.keys()), len(md))
pl = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.zeros(3))]); print(pl, len(list(pl.parameters())))
pd = nn.ParameterDict({'w': nn.Parameter(torch.ones(2))}); print(pd, pd['w'])
for m in (nn.RNN(3, 4, batch_first=True), nn.LSTM(3, 4, num_layers=2), nn.GRU(3, 4, bidirectional=True)):
    out = m(torch.randn(2, 5, 3)); o = out[0]; print(m, o.shape, o.grad_fn)
for c in (nn.RNNCell(3, 4), nn.LSTMCell(3, 4), nn.GRUCell(3, 4)):
    h = c(torch.randn(2, 3)); print(c, (h[0] if isinstance(h, tuple) else h).grad_fn)
c1 = nn.Conv1d(2, 3, 3, padding=1); y = c1(torch.randn(1, 2, 5)); print(c1, y.shape, y.grad_fn)
c2 = nn.Conv2d(1, 2, 3, stride=2, padding=1); y = c2(torch.randn(1, 1, 6, 6)); print(c2, y.shape, y.grad_fn)
for pool in (nn.MaxPool2d(2), nn.AvgPool2d(2), nn.AdaptiveAvgPool2d(1), nn.MaxPool1d(2), nn.AvgPool1d(2)):
    inp = torch.randn(1, 2, 4, 4, requires_grad=True) if '2d' in type(pool).__name__ else torch.randn(1, 2, 4, requires_grad=True)
    y = pool(inp); print(pool, y.shape, y.grad_fn)
u = F.unfold(torch.arange(16.).reshape(1, 1, 4, 4).requires_grad_(), 2); print(u, u.grad_fn)
print(F.fold(u, (4, 4), 2).grad_fn)
w = torch.empty(3, 4)
for name in ('uniform_', 'normal_', 'constant_', 'ones_', 'zeros_', 'eye_', 'xavier_uniform_', 'xavier_normal_', 'kaiming_uniform_', 'kaiming_normal_', 'trunc_normal_', 'orthogonal_', 'sparse_', 'dirac_'):
    f = getattr(nn.init, name)
    try:
        args = {'constant_': (0.3,), 'sparse_': (0.5,)}.get(name, ())
        torch.manual_seed(1); r = f(w, *args); print(name, r)
    except Exception as e: print(name, type(e).__name__, e)
print(nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('tanh'), nn.init.calculate_gain('selu'))
for a in ('ReLU', 'LeakyReLU', 'ELU', 'SELU', 'CELU', 'GELU', 'SiLU', 'Mish', 'Softplus', 'Softsign', 'Tanhshrink', 'Hardtanh', 'Hardswish', 'Hardsigmoid', 'ReLU6', 'PReLU', 'LogSigmoid', 'Softmin', 'Softmax2d', 'Hardshrink', 'Softshrink', 'Threshold', 'GLU', 'RReLU', 'Sigmoid', 'Tanh', 'Softmax', 'LogSoftmax'):
    args = {'Threshold': (0.1, 0.0)}.get(a, ())
    try:
        m = getattr(nn, a)(*args); torch.manual_seed(0); y = m(torch.tensor([[[-1.5, 0.3], [2., -0.2]]], requires_grad=True)); print(m, y, y.grad_fn)
    except Exception as e: print(a, type(e).__name__, e)
xs = torch.tensor([[0.2, -1.0, 0.5], [1.5, 0.3, -0.3]], requires_grad=True)
for l in ('L1Loss', 'MSELoss', 'SmoothL1Loss', 'HuberLoss', 'BCEWithLogitsLoss', 'SoftMarginLoss', 'MultiLabelSoftMarginLoss'):
    y = getattr(nn, l)()(xs, torch.tensor([[1., 0., 1.], [0., 1., 1.]])); print(l, y, y.grad_fn)
tg = torch.tensor([2, 0])
for l in ('CrossEntropyLoss', 'NLLLoss', 'MultiMarginLoss', 'MultiLabelMarginLoss'):
    try:
        y = getattr(nn, l)()(xs, tg if l != 'MultiLabelMarginLoss' else torch.tensor([[2, -1, 0], [0, 1, -1]])); print(l, y, y.grad_fn)
    except Exception as e: print(l, type(e).__name__, e)
print(nn.KLDivLoss(reduction='batchmean')(xs.log_softmax(1), torch.tensor([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])))
print(nn.BCELoss()(xs.sigmoid(), torch.tensor([[1., 0., 1.], [0., 1., 1.]])).grad_fn)
print(nn.GaussianNLLLoss()(xs, torch.zeros(2, 3), torch.ones(2, 3)), nn.PoissonNLLLoss()(xs, torch.ones(2, 3)))
print(nn.CosineEmbeddingLoss()(xs, xs.flip(0), torch.tensor([1, -1])), nn.MarginRankingLoss()(xs[0], xs[1], torch.tensor([1., -1., 1.])))
print(nn.HingeEmbeddingLoss()(xs, torch.tensor([[1., -1., 1.], [-1., 1., 1.]])), nn.TripletMarginLoss()(xs, xs * 2, xs.flip(1)))
print(nn.CTCLoss if hasattr(nn, 'CTCLoss') else None)
""")
PROGRAMS = parity.programs(P)
