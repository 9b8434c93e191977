"""Hooks that keep what they see in a list or a dict of the script (``grads.append(g)``,
``acts[name] = out.detach()``), printed later: each program opens, the graph's export prints
under torch exactly what the program printed, and module forward hooks are drawn whole;
a hook the graph cannot draw is recorded with words naming what the script registered."""
import pytest
from trace_jobs import outcomes, printed_programs
from cpu_paths import same_print

from gradstudio.document import Document

PROGRAMS = {
    "tensor_hook_appends_gradient": """\
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
grads = []
h = y.register_hook(lambda g: grads.append(g))
z = (y ** 2).sum()
z.backward()
h.remove()
print("captured", len(grads), grads[0])
print(x.grad)
""",
    "forward_hooks_store_activations_in_a_dict": """\
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
acts = {}
def save(name):
    def hook(module, inp, out):
        acts[name] = out.detach()
    return hook
handles = [model[0].register_forward_hook(save("fc1")), model[1].register_forward_hook(save("relu"))]
x = torch.randn(5, 3)
out = model(x)
print(out.shape)
for k, v in acts.items():
    print(k, v.shape, v.mean().item())
print(acts["relu"])
for h in handles:
    h.remove()
stored = []
model[2].register_forward_hook(lambda m, i, o: stored.append(o.sum().item()))
model(x)
print(stored)
""",
    "tensor_hook_def_appends_norms_while_training": """\
import torch
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
norms = []
def keep(g):
    norms.append(g.norm().item())
w.register_hook(keep)
for step in range(3):
    loss = ((w - 1.0) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
print([round(n, 4) for n in norms])
print(w)
""",
    "full_backward_hook_appends_grad_output": """\
import torch
import torch.nn as nn
torch.manual_seed(1)
net = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
grad_outs = []
def bhook(module, grad_input, grad_output):
    grad_outs.append(grad_output[0].detach().clone())
h = net[0].register_full_backward_hook(bhook)
x = torch.randn(4, 2)
loss = net(x).pow(2).mean()
loss.backward()
print(len(grad_outs), grad_outs[0].shape)
print(grad_outs[0])
h.remove()
""",
    "module_hook_lambda_appends_features": """\
import torch
import torch.nn as nn
torch.manual_seed(2)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 3)
    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))
model = Net()
features = []
hook = model.fc1.register_forward_hook(lambda m, inp, out: features.append(out))
x = torch.randn(6, 4)
y = torch.tensor([0, 1, 2, 0, 1, 2])
loss = nn.CrossEntropyLoss()(model(x), y)
print(f"loss = {loss.item():.4f}")
print("feature map:", features[0].shape)
print(features[0][:2])
hook.remove()
model(x)
print("after remove:", len(features))
""",
    "tensor_hook_appends_across_two_backwards": """\
import torch
x = torch.tensor([2.0, -1.0], requires_grad=True)
seen = []
y = x.pow(3)
y.register_hook(lambda g: seen.append(g.clone()))
z = y.exp().sum() if False else (y * y).sum()
z.backward(retain_graph=True)
z.backward()
print(len(seen))
for g in seen:
    print(g)
print(x.grad)
""",
    "pre_hook_and_dict_update_hook": """\
import torch
import torch.nn as nn
torch.manual_seed(3)
lin = nn.Linear(3, 2)
inputs_seen = []
def pre(module, args):
    inputs_seen.append(args[0].shape)
lin.register_forward_pre_hook(pre)
acts = {}
lin.register_forward_hook(lambda m, i, o: acts.update(last=o))
out = lin(torch.ones(2, 3))
print(inputs_seen, acts["last"])
print(torch.allclose(acts["last"], out))
""",
}
NAMES = list(PROGRAMS)
# (module forward hooks run the script's own Python while the module's forward is traced)
WHOLE = ["forward_hooks_store_activations_in_a_dict", "module_hook_lambda_appends_features",
         "pre_hook_and_dict_update_hook"]


@pytest.fixture(scope="module")
def traced():
    return dict(zip(NAMES, outcomes([PROGRAMS[n] for n in NAMES])))


@pytest.fixture(scope="module")
def printed(traced):
    return printed_programs(traced, PROGRAMS)


@pytest.mark.parametrize("name", NAMES)
def test_the_program_opens_and_its_export_prints_what_it_printed(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    (original, original_error), (out, error), transcript = printed[name]
    assert original_error is None and error is None, original_error or error
    assert same_print(out, original) and same_print(transcript, out)


@pytest.mark.parametrize("name", WHOLE)
def test_module_forward_hooks_filling_a_dict_or_list_are_drawn_whole(traced, name):
    doc = traced[name]
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)


def test_a_module_backward_hook_keeping_grad_output_is_drawn(traced):
    """(Was recorded; drawn on the module's output: test_trace_hook_forms.py.)"""
    doc = traced["full_backward_hook_appends_grad_output"]
    assert doc.trace_note is None, doc.trace_note
    assert "keep_grad" in {doc.node(n).kind for n in doc.node_ids}
