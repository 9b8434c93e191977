"""``autograd.grad`` and ``backward(inputs=...)`` run only the part of the graph that
leads to the requested tensors, and free only what they ran: a later backward through
the rest of the graph works exactly where PyTorch's does and fails where it fails."""
import parity

P = [
    ("grad_of_an_intermediate_leaves_its_node_unrun", """
a = torch.ones(2, requires_grad=True); b = a * a; c = b.sum()
print(torch.autograd.grad([c], [b]))
c.backward(); print(a.grad)"""),
    ("grad_through_a_saving_node_frees_it", """
a = torch.ones(2, requires_grad=True); b = a * a; c = (b * 3).sum()
print(torch.autograd.grad([c], [b]))
try:
    c.backward()
except RuntimeError as e:
    print(type(e).__name__, str(e)[:60])"""),
    ("grad_of_two_targets_runs_the_node_between_them", """
a = torch.ones(2, requires_grad=True); b = a * a; c = b.sum()
print(torch.autograd.grad([c], [b, a]))
try:
    c.backward(); print(a.grad)
except RuntimeError as e:
    print(type(e).__name__, str(e)[:60])"""),
    ("backward_inputs_accumulates_only_there", """
a = torch.ones(2, requires_grad=True); w = torch.full((2,), 2.0, requires_grad=True)
y = (a * w).sum()
y.backward(inputs=[a], retain_graph=True); print(a.grad, w.grad)
y.backward(inputs=[w]); print(a.grad, w.grad)"""),
]
PROGRAMS = parity.programs(P)
results, test_same_as_torch = parity.parity_tests(PROGRAMS)
