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

p("data_basic", """
from torch.utils.data import Dataset, TensorDataset, Subset, ConcatDataset, random_split, DataLoader
from torch.utils.data import RandomSampler, SequentialSampler, BatchSampler, WeightedRandomSampler
from torch.utils.data import default_collate
from torch.utils.data.dataloader import default_collate as dc2
x = torch.arange(20.).reshape(10, 2); y = torch.arange(10)
ds = TensorDataset(x, y)
print(len(ds), ds[3], type(ds).__name__)
s = Subset(ds, [1, 5, 7]); print(len(s), s[2], s.indices)
c = ConcatDataset([ds, s]); print(len(c), c[11], c.cumulative_sizes)
g = torch.Generator().manual_seed(42)
a, b = random_split(ds, [7, 3], generator=g); print(a.indices, b.indices)
a, b, cc = random_split(ds, [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(1)); print(a.indices, b.indices, cc.indices)
t("rs_bad", lambda: random_split(ds, [3, 3]))
dl = DataLoader(ds, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
print(len(dl))
for xb, yb in dl: print(xb.tolist(), yb)
dl = DataLoader(ds, batch_size=3, drop_last=True); print(len(dl), [yb.tolist() for _, yb in dl])
torch.manual_seed(3)
print([yb.tolist() for _, yb in DataLoader(ds, batch_size=5, shuffle=True)])
print(list(RandomSampler(range(5), generator=torch.Generator().manual_seed(2))))
print(list(RandomSampler(range(5), replacement=True, num_samples=8, generator=torch.Generator().manual_seed(2))))
print(list(SequentialSampler(range(4))))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(range(10), 4, True)))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7], 6, generator=torch.Generator().manual_seed(5))))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4], 2, replacement=False, generator=torch.Generator().manual_seed(5))))
print(default_collate([torch.tensor([1., 2.]), torch.tensor([3., 4.])]))
print(default_collate([1, 2, 3]), default_collate([1.5, 2.5]), default_collate([(1, 2.0), (3, 4.0)]))
print(default_collate([{'a': 1, 'b': torch.zeros(2)}, {'a': 2, 'b': torch.ones(2)}]))
print(default_collate(['x', 'y']), dc2 is default_collate)
dl = DataLoader(ds, batch_size=None); print(next(iter(dl)))
dl = DataLoader(ds, sampler=SequentialSampler(ds), batch_size=4); print([b[1].tolist() for b in dl])
dl = DataLoader(ds, batch_sampler=BatchSampler(range(10), 3, False)); print([b[1].tolist() for b in dl])
t("both", lambda: DataLoader(ds, shuffle=True, sampler=SequentialSampler(ds)))
t("workers", lambda: DataLoader(ds, num_workers=-1))
dl = DataLoader(ds, batch_size=4, collate_fn=lambda b: len(b)); print(list(dl))
class Sq(Dataset):
    def __len__(self): return 5
    def __getitem__(self, i): return {'x': torch.tensor([float(i)]), 'y': i * i}
print(list(DataLoader(Sq(), batch_size=2)))
print(dl.batch_size, dl.drop_last, type(dl.sampler).__name__, type(dl.batch_sampler).__name__)
""")

p("save_load", """
import io, os, tempfile
m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
opt = torch.optim.Adam(m.parameters(), lr=0.01)
m(torch.ones(2, 3)).sum().backward(); opt.step()
buf = io.BytesIO()
torch.save({'model': m.state_dict(), 'opt': opt.state_dict(), 'epoch': 3, 'l': [1, 2.5, 'x'], 't': (torch.arange(3),)}, buf)
buf.seek(0)
ck = torch.load(buf)
print(ck['epoch'], ck['l'], ck['t'])
print(list(ck['model'].keys()), ck['model']['0.bias'])
print(ck['opt']['param_groups'], ck['opt']['state'][0]['step'], ck['opt']['state'][0]['exp_avg'])
m2 = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
print(m2.load_state_dict(ck['model']))
o2 = torch.optim.Adam(m2.parameters(), lr=0.01); o2.load_state_dict(ck['opt']); print(o2.state_dict()['param_groups'])
base = torch.arange(6.); v = base[2:]
buf = io.BytesIO(); torch.save([base, v], buf); buf.seek(0)
a, b = torch.load(buf); a[3] = 100.; print(b)
class Foo: pass
buf = io.BytesIO(); torch.save({'f': Foo()}, buf); buf.seek(0)
t("wo", lambda: torch.load(buf))
d = tempfile.mkdtemp(); f = os.path.join(d, 'ck.pt')
torch.save(m.state_dict(), f); print(torch.load(f, weights_only=True)['2.bias'])
print(torch.load(f, map_location='cpu')['2.bias'])
buf = io.BytesIO(); torch.save(torch.tensor([1, 2], dtype=torch.int16), buf); buf.seek(0); print(torch.load(buf))
buf = io.BytesIO(); torch.save(torch.tensor([True, False]), buf); buf.seek(0); print(torch.load(buf))
buf = io.BytesIO(); torch.save(torch.tensor(2.5, dtype=torch.float64, requires_grad=True), buf); buf.seek(0); print(torch.load(buf))
buf = io.BytesIO(); torch.save(torch.nn.Parameter(torch.ones(2)), buf); buf.seek(0); r = torch.load(buf); print(r, type(r).__name__)
t("missing", lambda: torch.load(os.path.join(d, 'nope.pt')))
""")

p("clip_grad", """
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters
import torch.nn.utils as U
def mk():
    a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True); b = torch.tensor([[0.5, -4.0]], requires_grad=True)
    ((a * torch.tensor([1., 2., 3.])).sum() + (b * b).sum()).backward()
    return [a, b]
for nt in (2, 2.0, 1, 3, 0.5, float('inf'), 'inf', -float('inf'), 0):
    ps = mk(); t(nt, lambda: clip_grad_norm_(ps, 1.0, norm_type=nt)); print([p.grad for p in ps])
ps = mk(); ps[0].grad[0] = float('nan')
t("nonfin", lambda: clip_grad_norm_(ps, 1.0, error_if_nonfinite=True))
ps = mk(); ps[0].grad[0] = float('inf'); t("inf", lambda: clip_grad_norm_(ps, 1.0))
ps = mk(); t("single", lambda: clip_grad_norm_(ps[0], 0.5)); print(ps[0].grad)
t("nograd", lambda: clip_grad_norm_([torch.zeros(2, requires_grad=True)], 1.0))
ps = mk(); clip_grad_value_(ps, 1.5); print([p.grad for p in ps]); print(clip_grad_value_(ps, 0.1))
v = parameters_to_vector(ps); print(v)
vector_to_parameters(torch.arange(5.), ps); print(ps)
t("vtp", lambda: vector_to_parameters([1], ps))
print(U.clip_grad_norm is not None if hasattr(U, 'clip_grad_norm') else 'no')
t("gn", lambda: U.get_total_norm([torch.ones(2)]) if hasattr(U, 'get_total_norm') else 'absent')
""")
PROGRAMS = parity.programs(P)
