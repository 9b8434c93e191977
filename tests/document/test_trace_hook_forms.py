"""The hooks students write to look at gradients, measured as issue 32 measures programs:
each opens; its export, run under PyTorch, prints exactly what it printed; the common forms
are drawn as editable parts and the rest recorded, marked with the line and the name of
what the graph cannot draw.

Drawn: a tensor hook that keeps what it sees (``grads.append(g)``, ``store[name] = g`` in
the closure a ``def save(name)`` returns, ``norms.append(g.norm().item())``, one list for
every parameter) is a ``keep_grad`` node, a kept tensor used later a ``kept_grad`` node
(``grads[k]``) computed after its backward; ``handle.remove()`` a ``remove_hook`` step;
a printing hook (``lambda g: print(g)``, and now ``print(g.shape)``, ``g.norm().item()``
and f-strings with a format spec) a ``register_hook`` node;
``register_post_accumulate_grad_hook`` printing ``p.grad`` a ``post_accumulate_hook``
node, keeping it a ``keep_grad`` node marked ``accumulated``.
A module's full backward hook or pre-hook printing or keeping ``grad_output[0]`` is drawn
on each call's output as such a hook (its removal: later calls draw it no more).
Recorded: a post-accumulate hook reading more of ``p`` than its ``.grad``, a module hook
reading ``grad_input`` (and every call of its module), a hook registered again after a
backward, a hook keeping what the graph cannot compute.
Before, a hook that printed during a backward the graph drew, registered in a recorded
part, lost its lines (the export printed less than the program): that step is recorded.
"""
import pytest
from test_trace_hook_lists import PROGRAMS as HOOK_LISTS
from trace_jobs import outcomes, printed_programs

from gradstudio.document import Document, DocumentError, export, run
from gradstudio.document.params import check_param
from gradstudio.document.catalogue import CATALOGUE
from gradstudio.hook_text import keep_code, parse_keep

PROGRAMS = {
    "list_lambda_append": """\
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
grads = []
h = y.register_hook(lambda g: grads.append(g))
z = (y ** 2).sum()
z.backward()
h.remove()
print("captured", len(grads), grads[0])
print(grads)
print(x.grad)
""",
    "dict_factory_closure": """\
import torch
store = {}
def save(name):
    def hook(g):
        store[name] = g
    return hook
a = torch.tensor([1.0, -2.0], requires_grad=True)
b = a.exp()
c = b * a
b.register_hook(save("b"))
c.register_hook(save("c"))
loss = c.sum()
loss.backward()
for k, v in store.items():
    print(k, v)
print(store["b"].shape, a.grad)
""",
    "print_lambda_bare": """\
import torch
x = torch.tensor([0.5, 1.5], requires_grad=True)
y = x.sigmoid()
y.register_hook(lambda g: print(g))
y.sum().backward()
print(x.grad)
""",
    "print_hook_handle_remove": """\
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
y = w * w
h = y.register_hook(lambda grad: print("grad of y:", grad))
loss = y.sum()
loss.backward(retain_graph=True)
h.remove()
loss.backward()
print(w.grad)
""",
    "scale_hook_handle_remove": """\
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w.register_hook(lambda g: g * 0.5)
(w * 3).sum().backward()
print(w.grad)
h.remove()
w.grad = None
(w * 3).sum().backward()
print(w.grad)
""",
    "shared_list_params": """\
import torch
import torch.nn as nn
torch.manual_seed(3)
model = nn.Linear(3, 2)
grads = []
for p in model.parameters():
    p.register_hook(lambda g: grads.append(g.clone()))
x = torch.randn(4, 3)
model(x).pow(2).sum().backward()
print(len(grads))
for g in grads:
    print(g)
""",
    "kept_used_in_loop": """\
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []
w.register_hook(lambda g: seen.append(g))
for i in range(3):
    loss = (w * w).sum() * (i + 1)
    loss.backward()
    print(seen[-1])
print(w.grad)
""",
    "leaf_no_clone_two_backwards": """\
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
kept = []
w.register_hook(lambda g: kept.append(g))
(w * 3).sum().backward()
(w * 3).sum().backward()
print(kept[0], kept[1], w.grad)
""",
    "kept_computed_with": """\
import torch
a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
h = a.tanh()
store = {}
def save(name):
    def hook(g):
        store[name] = g.detach()
    return hook
handle = h.register_hook(save("h"))
loss = (h * a).sum()
loss.backward()
handle.remove()
scaled = store["h"] * 2 + 1
print(scaled, scaled.sum().item())
""",
    "post_accumulate_print": """\
import torch
w = torch.tensor([1.0, -1.0, 2.0], requires_grad=True)
w.register_post_accumulate_grad_hook(lambda p: print("accumulated", p.grad))
for i in range(2):
    loss = (w ** 2).sum()
    loss.backward()
print(w.grad)
""",
    "post_accumulate_append_norm": """\
import torch
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
norms = []
def keep(p):
    norms.append(p.grad.norm().item())
w.register_post_accumulate_grad_hook(keep)
loss = (w * 2).pow(2).sum()
loss.backward()
print(len(norms), round(norms[0], 4))
""",
    "full_backward_print": """\
import torch
import torch.nn as nn
torch.manual_seed(1)
lin = nn.Linear(3, 2)
def show(module, grad_input, grad_output):
    print("grad_output:", grad_output[0])
    print("grad_input:", grad_input[0])
lin.register_full_backward_hook(show)
x = torch.randn(2, 3, requires_grad=True)
lin(x).sum().backward()
print(x.grad)
""",
    # (grad_input printed first: PyTorch prints both at the input, the graph would
    # print grad_output's line when the output's gradient arrives, first)
    "full_backward_print_input_first": """\
import torch
import torch.nn as nn
torch.manual_seed(1)
lin = nn.Linear(3, 2)
def show(module, grad_input, grad_output):
    print("grad_input:", grad_input[0])
    print("grad_output:", grad_output[0])
lin.register_full_backward_hook(show)
x = torch.randn(2, 3, requires_grad=True)
lin(x).sum().backward()
print(x.grad)
""",
    "full_backward_pre_print": """\
import torch
import torch.nn as nn
torch.manual_seed(2)
lin = nn.Linear(2, 2)
lin.register_full_backward_pre_hook(lambda m, go: print("pre", go[0]))
x = torch.randn(3, 2)
lin(x).sum().backward()
print(lin.weight.grad)
""",
    "remove_then_register_again": """\
import torch
x = torch.tensor([1.0, 3.0], requires_grad=True)
h = x.register_hook(lambda g: print("first", g))
(x * x).sum().backward()
h.remove()
h = x.register_hook(lambda g: print("second", g))
(x * 2).sum().backward()
h.remove()
(x * 5).sum().backward()
print(x.grad)
""",
    "keeps_numpy": """\
import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
grads = []
y.register_hook(lambda g: grads.append(g.numpy()))
y.sum().backward()
print(grads)
""",
    "post_accumulate_reads_the_parameter": """\
import torch
w = torch.tensor([1.0, -1.0], requires_grad=True)
w.register_post_accumulate_grad_hook(lambda p: print(p.shape, p.grad))
(w * w).sum().backward()
print(w.grad)
""",
    "train_keep_tensor_after_loop": """\
import torch
torch.manual_seed(0)
X = torch.randn(8, 2)
Y = X @ torch.tensor([[2.0], [-1.0]])
w = torch.zeros(2, 1, requires_grad=True)
grads = []
w.register_hook(lambda g: grads.append(g.clone()))
opt = torch.optim.SGD([w], lr=0.1)
for epoch in range(4):
    opt.zero_grad()
    loss = ((X @ w - Y) ** 2).mean()
    loss.backward()
    opt.step()
print(len(grads))
print(grads[0])
print(grads[-1])
print(w)
""",
    "train_keep_print_in_loop": """\
import torch
torch.manual_seed(0)
X = torch.randn(8, 2)
Y = X @ torch.tensor([[2.0], [-1.0]])
w = torch.zeros(2, 1, requires_grad=True)
grads = []
w.register_hook(lambda g: grads.append(g))
opt = torch.optim.SGD([w], lr=0.1)
for epoch in range(3):
    opt.zero_grad()
    loss = ((X @ w - Y) ** 2).mean()
    loss.backward()
    opt.step()
    print(epoch, grads[-1].norm())
""",
    "train_register_each_iteration": """\
import torch
torch.manual_seed(0)
X = torch.randn(8, 2)
Y = X @ torch.tensor([[2.0], [-1.0]])
w = torch.zeros(2, 1, requires_grad=True)
outs = []
for epoch in range(3):
    pred = X @ w
    pred.register_hook(lambda g: outs.append(g.sum().item()))
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
print([round(v, 4) for v in outs])
print(w)
""",
    "print_shape_and_fstring": """\
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
x = torch.randn(5, 3)
h = net[0](x)
h.register_hook(lambda g: print("hidden grad", g.shape))
a = net[1](h)
a.register_hook(lambda grad: print(f"relu grad norm: {grad.norm():.4f}, mean {grad.mean().item():.3e}"))
out = net[2](a)
loss = out.pow(2).mean()
loss.backward()
print(f"loss {loss.item():.4f}")
""",
    "keep_registered_after_backward": """\
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.sum().backward(retain_graph=True)
grads = []
y.register_hook(lambda g: grads.append(g * 1))
(y * y).sum().backward()
print(grads[0], len(grads))
print(x.grad)
""",
    "full_backward_append": """\
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
    "module_hooks_two_layers_print": """\
import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
net[0].register_full_backward_hook(lambda m, gin, gout: print("layer 0 grad_output", gout[0].norm()))
net[2].register_full_backward_hook(lambda m, gin, gout: print("layer 2 grad_output", gout[0]))
x = torch.randn(5, 3)
loss = net(x).pow(2).mean()
loss.backward()
print(net[0].weight.grad)
""",
    "module_hook_input_requires_grad": """\
import torch
import torch.nn as nn
torch.manual_seed(4)
lin = nn.Linear(2, 2)
def show(module, grad_input, grad_output):
    print("out grad:", grad_output[0])
lin.register_full_backward_hook(show)
x = torch.randn(3, 2, requires_grad=True)
h = x * 2
y = lin(h).sum()
y.backward()
print(x.grad)
""",
    "module_hook_keep_in_training": """\
import torch
import torch.nn as nn
torch.manual_seed(5)
model = nn.Linear(3, 1)
norms = []
handle = model.register_full_backward_hook(lambda m, gi, go: norms.append(go[0].norm().item()))
X = torch.randn(6, 3)
Y = torch.randn(6, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
handle.remove()
print([round(n, 4) for n in norms])
print(model.weight)
""",
    "module_hook_prints_module_output": """\
import torch
import torch.nn as nn
torch.manual_seed(6)
lin = nn.Linear(2, 1)
lin.register_full_backward_pre_hook(lambda m, go: print("pre", go[0]))
out = lin(torch.ones(1, 2))
print(out)
out.sum().backward()
""",
    "factory_named_hooks": """\
import torch
import torch.nn as nn
torch.manual_seed(7)
net = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
def make(name):
    def hook(module, grad_input, grad_output):
        print(f"{name}: {grad_output[0].norm():.4f}")
    return hook
for i in (0, 2):
    net[i].register_full_backward_hook(make(f"layer{i}"))
def tensor_hook(tag, scale):
    return lambda g: print(tag, g * scale)
x = torch.randn(4, 3)
h = net[0](x)
h.register_hook(tensor_hook("h", 2))
out = net[2](net[1](h))
out.mean().backward()
""",
    "factory_named_module_hooks": """\
import torch
import torch.nn as nn
torch.manual_seed(7)
net = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
def make(name):
    def hook(module, grad_input, grad_output):
        print(f"{name}: {grad_output[0].norm():.4f}")
    return hook
for i in (0, 2):
    net[i].register_full_backward_hook(make(f"layer{i}"))
def tensor_hook(tag, scale):
    return lambda g: print(tag, g * scale)
x = torch.randn(4, 3)
h = net[0](x)
x.requires_grad_(False)
out = net[2](net[1](h))
out.mean().backward()
""",
    "factory_tensor_hook": """\
import torch
import torch.nn as nn
torch.manual_seed(7)
net = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
def make(name):
    def hook(module, grad_input, grad_output):
        print(f"{name}: {grad_output[0].norm():.4f}")
    return hook
for i in (0, 2):
    pass
def tensor_hook(tag, scale):
    return lambda g: print(tag, g * scale)
x = torch.randn(4, 3)
h = net[0](x)
h.register_hook(tensor_hook("h", 2))
out = net[2](net[1](h))
out.mean().backward()
""",
}
# (the same program as test_trace_hook_lists', here checked for its node kinds)
PROGRAMS["training_loop_list_norms"] = HOOK_LISTS["tensor_hook_def_appends_norms_while_training"]
NAMES = list(PROGRAMS)
# form -> the kinds its document draws it with (and nothing recorded)
DRAWN = {
    "list_lambda_append": {"keep_grad", "kept_grad", "remove_hook"},
    "dict_factory_closure": {"keep_grad", "kept_grad"},
    "print_lambda_bare": {"register_hook"},
    "print_hook_handle_remove": {"register_hook", "remove_hook"},
    "scale_hook_handle_remove": {"register_hook", "remove_hook"},
    "training_loop_list_norms": {"keep_grad"},
    "shared_list_params": {"keep_grad", "kept_grad"},
    "kept_used_in_loop": {"keep_grad", "kept_grad"},
    "leaf_no_clone_two_backwards": {"keep_grad", "kept_grad"},
    "kept_computed_with": {"keep_grad", "kept_grad", "remove_hook"},
    "post_accumulate_print": {"post_accumulate_hook"},
    "post_accumulate_append_norm": {"keep_grad"},
    # (a hook registered after a backward: registered by a compute step after it)
    "remove_then_register_again": {"register_hook", "remove_hook", "compute"},
    "keep_registered_after_backward": {"keep_grad", "kept_grad", "compute"},
    "train_keep_tensor_after_loop": {"keep_grad", "kept_grad", "loop"},
    "train_keep_print_in_loop": {"keep_grad", "kept_grad"},
    "train_register_each_iteration": {"keep_grad", "loop"},
    "print_shape_and_fstring": {"register_hook"},
    # (grad_output's print on the output, grad_input's on a copy of the input)
    "full_backward_print": {"register_hook", "clone"},
    "full_backward_pre_print": {"register_hook"},
    "full_backward_append": {"keep_grad", "kept_grad"},
    "module_hooks_two_layers_print": {"register_hook"},
    "module_hook_input_requires_grad": {"register_hook"},
    "module_hook_keep_in_training": {"keep_grad", "loop"},
    "module_hook_prints_module_output": {"register_hook"},
    "factory_named_module_hooks": {"register_hook"},      # (def make(name): the closure)
    "factory_tensor_hook": {"register_hook"},
}
# form -> words its note must say (recorded, with what the script wrote)
RECORDED = {
    "post_accumulate_reads_the_parameter": "(register_post_accumulate_grad_hook) can be "
                                           "drawn when it prints p.grad",
    "full_backward_print_input_first": "a module's backward hook "
                                       "(register_full_backward_hook) that prints "
                                       "grad_input[0] and grad_output[0] can be drawn "
                                       "when each print reads one of them and "
                                       "grad_output's come first",
    "keeps_numpy": "this hook keeps grad.numpy(), which cannot be drawn yet",
    # (a tensor hook on a hooked module's output runs before the module's hook in
    # PyTorch, after the graph's, which it registers at the module's call)
    "factory_named_hooks": "its hooks would print other lines",
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(NAMES, outcomes([PROGRAMS[n] for n in NAMES])))


@pytest.fixture(scope="module")
def printed(traced):
    return printed_programs(traced, PROGRAMS)


def _kinds(doc):
    return {doc.node(n).kind for n in doc.node_ids} | {a.kind for a in doc.timeline}


def test_every_form_is_measured():
    assert set(DRAWN) | set(RECORDED) == set(NAMES) and not set(DRAWN) & set(RECORDED)


@pytest.mark.parametrize("name", NAMES)
def test_the_program_opens_and_its_export_prints_what_it_printed(traced, printed, name):
    assert isinstance(traced[name], Document), traced[name]
    (original, original_error), (out, error), transcript = printed[name]
    assert original_error is None and error is None, original_error or error
    assert out == original and transcript == out


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_the_common_forms_are_drawn_whole(traced, name):
    doc = traced[name]
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    assert DRAWN[name] <= _kinds(doc), _kinds(doc)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_what_is_not_drawn_is_recorded_and_said(traced, name):
    note = traced[name].trace_note
    assert note is not None and RECORDED[name] in note, note
    assert not {"kept_grad", "remove_hook", "post_accumulate_hook"} & _kinds(traced[name])


def test_a_kept_gradient_is_its_list_entry_computed_after_its_backward(traced):
    doc = traced["dict_factory_closure"]
    (backward,) = [a for a in doc.timeline if a.kind == "backward"]
    keeps = sorted(doc.node(n).params["into"] for n in doc.node_ids
                   if doc.node(n).kind == "keep_grad")
    assert keeps == ["store_values"] * 2            # (one list: the script's one dict)
    kept = [n for n in doc.node_ids if doc.node(n).kind == "kept_grad"]
    assert sorted(doc.node(n).params["call"] for n in kept) == [0, 1]
    compute = next(a for a in doc.timeline if a.kind == "compute")
    assert doc.timeline.index(compute) == doc.timeline.index(backward) + 1
    assert set(compute.params["nodes"]) == set(kept)
    code = export.export_script(doc).text
    assert code.count("store_values = []") == 1
    assert "b.register_hook(lambda grad: store_values.append(grad))" in code


def test_a_removed_hook_is_bound_to_the_scripts_handle_name(traced):
    doc = traced["print_hook_handle_remove"]
    (remove,) = [a for a in doc.timeline if a.kind == "remove_hook"]
    assert remove.params["handle"] == "h"
    assert doc.node(remove.params["hook"]).params["handle"] == "h"
    code = export.export_script(doc).text
    assert "h = y.register_hook(lambda grad: print('grad of y:', grad))" in code
    lines = code.splitlines()
    assert lines.index("h.remove()") < lines.index("loss.backward()")


def test_an_edit_reaches_what_the_hook_kept(traced):
    """The kept tensor is computed by the graph: an edit upstream changes it."""
    doc = traced["kept_computed_with"]
    (a,) = [n for n in doc.node_ids if doc.node(n).label == "a"]
    (kept,) = [n for n in doc.node_ids if doc.node(n).kind == "kept_grad"]
    before = run(doc).state(kept).value.tolist()
    doc.set_param(a, "value", [0.0, 0.0, 0.0])
    after = run(doc).state(kept).value.tolist()
    assert before != after and after == [0.0, 0.0, 0.0]       # d(h*a)/dh = a


def _keeping_doc(call=0, compute=True, handle=None):
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0, -2.0], "requires_grad": True}, label="x")
    y = doc.add_node("mul", {"other": 3.0}, label="y")
    doc.connect(x, y, "self")
    keep = doc.add_node("keep_grad", {"keep": "grad * 2", "into": "seen", "handle": handle})
    doc.connect(y, keep, "self")
    total = doc.add_node("sum", label="total")
    doc.connect(keep, total, "self")
    kept = doc.add_node("kept_grad", {"into": "seen", "call": call}, label="g")
    doc.add_action("backward", {"target": total, "retain_graph": True})
    if compute:
        doc.add_action("compute", {"nodes": [kept]})
    return doc, keep, kept, total


def test_built_by_hand_a_kept_value_is_what_the_hook_kept():
    doc, keep, kept, total = _keeping_doc()
    assert run(doc).state(kept).value.tolist() == [2.0, 2.0]
    assert "seen[0]" in export.export_script(doc).text


def test_a_kept_value_before_its_backward_or_past_the_list_fails_in_words():
    doc = _keeping_doc(compute=False)[0]
    (kept,) = [n for n in doc.node_ids if doc.node(n).kind == "kept_grad"]
    assert "holds no value 0 here" in run(doc).errors[kept]
    doc = _keeping_doc(call=1)[0]
    assert "holds no value 1 here" in run(doc).errors[kept]


def test_a_remove_step_stops_the_hook_and_names_a_handle_that_exists():
    doc, keep, kept, total = _keeping_doc(call=1, handle="hk")
    doc.add_action("remove_hook", {"hook": keep, "handle": "hk"})
    doc.add_action("backward", {"target": total})
    doc.add_action("compute", {"nodes": [kept]})
    result = run(doc)
    assert "holds no value 1 here" in result.errors[kept]     # (removed: kept once)
    doc.set_action_param(doc.timeline[2].id, "handle", "other")
    outcome = run(doc).outcomes[2]
    assert "No hook has the handle other here" in outcome.error


@pytest.mark.parametrize("text", ["grad.numpy()", "print(grad)", "x", "grad.item() + 1",
                                  "__import__('os')", "grad.item().real"])
def test_what_a_hook_keeps_is_an_expression_of_grad_and_nothing_else(text):
    with pytest.raises(ValueError):
        parse_keep(text)
    with pytest.raises(DocumentError):
        check_param(CATALOGUE["keep_grad"], "keep", text)


@pytest.mark.parametrize("name", ["os.system", "a b", "torch", "_x", "for", "x;y"])
def test_a_kept_list_and_a_handle_are_python_names(name):
    with pytest.raises(DocumentError):
        check_param(CATALOGUE["keep_grad"], "into", name)
    with pytest.raises(ValueError):
        keep_code("grad", name)


def test_a_post_accumulate_hook_reads_the_grad_after_it_was_added_to(traced):
    doc = traced["post_accumulate_print"]
    (hook,) = [n for n in doc.node_ids if doc.node(n).kind == "post_accumulate_hook"]
    assert doc.node(hook).params["hook"] == "print('accumulated', grad)"
    code = export.export_script(doc).text
    assert "w.register_post_accumulate_grad_hook(lambda p: print('accumulated', p.grad))" \
        in code
    keep = traced["post_accumulate_append_norm"]
    (node,) = [n for n in keep.node_ids if keep.node(n).kind == "keep_grad"]
    assert keep.node(node).params["accumulated"] is True
    assert "register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))" \
        in export.export_script(keep).text


def test_built_by_hand_a_post_accumulate_hook_that_returns_a_value_fails_in_words():
    doc = Document()
    x = doc.add_node("tensor", {"value": [1.0], "requires_grad": True}, label="x")
    h = doc.add_node("post_accumulate_hook", {"hook": "grad * 2"})
    doc.connect(x, h, "self")
    assert "returns nothing" in run(doc).errors[h]


def test_values_kept_in_a_training_loop_are_read_after_it_by_their_place(traced):
    doc = traced["train_keep_tensor_after_loop"]
    kinds = [a.kind for a in doc.timeline]
    computes = [a for a in doc.timeline if a.kind == "compute"]
    assert computes and kinds.index("end_loop") < kinds.index("compute")
    kept = [doc.node(n).params["call"] for a in computes for n in a.params["nodes"]]
    assert sorted(kept) == [0, 3]                  # grads[0], grads[-1] of four epochs


def test_a_module_with_a_backward_hook_is_said_as_its_hook_where_it_is_called(traced):
    note = traced["full_backward_print_input_first"].trace_note
    assert "line 10 (a module with a backward hook (register_full_backward_hook or " \
        "register_full_backward_pre_hook) is called here" in note, note
    assert "BackwardHookFunction" not in note and "autograd.Function" not in note, note


def test_a_factorys_closure_is_drawn_with_the_names_it_closed_over(traced):
    doc = traced["factory_named_module_hooks"]
    texts = sorted(doc.node(n).params["hook"] for n in doc.node_ids
                   if doc.node(n).kind == "register_hook")
    # (the names written into the f-string's text: one spelling on every Python)
    assert texts == ["print(f'layer0: {grad.norm():.4f}')",
                     "print(f'layer2: {grad.norm():.4f}')"], texts
