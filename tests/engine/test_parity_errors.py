"""Mistakes raise the same exception type with the same message as in PyTorch.

Each entry is a program that ends in an uncaught exception (the harness records
``Type: message``) or catches several and prints them; ``parity`` runs them all under
torch and under the engine and compares the transcripts exactly.
"""
import parity

E = []


def err(name, code):
    E.append((name, code.strip("\n")))


SETUP = """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = torch.arange(6.0).reshape(2, 3)
def attempt(src):
    try:
        r = eval(src)
        print(src, "-> no error:", r)
    except Exception as e:
        print(src, "->", type(e).__name__ + ":", e)
"""


def errs(name, *exprs):
    """One program trying each expression in turn (after SETUP)."""
    err(name, SETUP + "\n".join(f"attempt({e!r})" for e in exprs))


# ---------------------------------------------------------------- backward()
err("backward_nonscalar", "y = torch.ones(2, requires_grad=True) * 2\ny.backward()")
err("backward_nonscalar_2d", "y = torch.ones(2, 2, requires_grad=True) + 1\ny.backward()")
err("backward_no_grad", "y = torch.ones(2).sum()\ny.backward()")
err("backward_leaf_no_grad", "torch.tensor(1.0).backward()")
err("backward_under_no_grad", """
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = (x * 2).sum()
y.backward()""")
err("backward_detached", "x = torch.ones(2, requires_grad=True)\n(x * 2).detach().sum().backward()")
err("backward_wrong_shape", "x = torch.ones(2, requires_grad=True)\n(x * 2).backward(torch.ones(3))")
err("backward_wrong_shape_2d", "x = torch.ones(2, 2, requires_grad=True)\n(x * 2).backward(torch.ones(4))")
err("backward_scalar_wrong_shape", "x = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward(torch.ones(2))")
err("backward_gradient_not_tensor", "x = torch.ones(2, requires_grad=True)\n(x * 2).backward([1.0, 1.0])")
err("autograd_backward_nonscalar", "x = torch.ones(2, requires_grad=True)\ntorch.autograd.backward(x * 2)")
err("second_backward", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
y.backward()""")
err("second_backward_exp", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp().sum()
y.backward()
y.backward()""")
err("saved_after_free", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.sum().backward()
print(y.grad_fn._saved_self)""")
err("saved_result_after_free", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
print(y.grad_fn._saved_result)
y.sum().backward()
print(y.grad_fn._saved_result)""")

# ---------------------------------------------------------------- autograd.grad
err("grad_unused", """
x = torch.ones(2, requires_grad=True)
u = torch.ones(2, requires_grad=True)
torch.autograd.grad((x * 2).sum(), [x, u])""")
err("grad_input_no_grad", """
x = torch.ones(2, requires_grad=True)
torch.autograd.grad((x * 2).sum(), torch.ones(2))""")
err("grad_output_no_grad", "torch.autograd.grad(torch.ones(2).sum(), torch.ones(2, requires_grad=True))")
err("grad_nonscalar", "x = torch.ones(2, requires_grad=True)\ntorch.autograd.grad(x * 2, x)")
err("grad_wrong_grad_output", """
x = torch.ones(2, requires_grad=True)
torch.autograd.grad(x * 2, x, grad_outputs=torch.ones(3))""")
err("grad_twice", """
x = torch.ones(2, requires_grad=True)
y = (x * x).sum()
torch.autograd.grad(y, x)
torch.autograd.grad(y, x)""")

# ---------------------------------------------------------------- shapes
errs("broadcast_mismatch", "torch.ones(2, 3) + torch.ones(4)", "torch.ones(2, 3) * torch.ones(2)",
     "torch.ones(3) - torch.ones(2, 2)", "torch.ones(2, 3) / torch.ones(3, 3)",
     "torch.ones(2, 3) == torch.ones(2)", "torch.ones(5) < torch.ones(4)",
     "torch.ones(2, 1, 3) + torch.ones(4, 2)", "x + torch.ones(4)", "torch.ones(3).add_(torch.ones(2, 3))",
     "torch.ones(2) ** torch.ones(3)", "torch.maximum(torch.ones(2), torch.ones(3))")
errs("matmul_mismatch", "m @ m", "torch.ones(3) @ torch.ones(4)", "m @ torch.ones(2)",
     "torch.ones(2) @ m.t()", "torch.ones(2, 3, 4) @ torch.ones(3, 2)",
     "torch.ones(2, 3, 4) @ torch.ones(2, 3, 2)", "torch.ones(2, 3, 4) @ torch.ones(3)",
     "torch.ones(3) @ torch.ones(2, 4, 2)", "torch.ones(2, 3, 4) @ torch.ones(3, 4, 2)",
     "torch.tensor(1.0) @ m", "m @ torch.tensor(2.0)", "torch.matmul(m, 2)",
     "torch.ones(2, 4).t() @ torch.ones(2, 3, 4)")
errs("mm_mismatch", "m.mm(m)", "torch.mm(m, torch.ones(2, 2))", "m.mm(torch.ones(3))",
     "torch.ones(3).mm(m)", "m.mm(torch.ones(3, 2, dtype=torch.float64))",
     "torch.ones(2, 3, 4).mm(m)")
errs("mv_mismatch", "m.mv(torch.ones(2))", "m.mv(torch.ones(3, 1))", "torch.ones(3).mv(torch.ones(3))",
     "torch.mv(m, torch.ones(4))")
errs("dot_mismatch", "torch.ones(3).dot(torch.ones(4))", "m.dot(m)", "torch.dot(torch.ones(2), m)",
     "torch.ones(3).dot(torch.ones(3, dtype=torch.float64))",
     "torch.ones(3).dot(torch.tensor([1, 2, 3]))", "torch.tensor(1.0).dot(torch.tensor(1.0))")
errs("matmul_dtypes", "torch.ones(2, 3) @ torch.ones(3, dtype=torch.float64)",
     "torch.ones(2, 3, dtype=torch.float64) @ torch.ones(3)", "torch.ones(2, 3) @ torch.ones(3, dtype=torch.long)",
     "torch.ones(3) @ torch.ones(3, dtype=torch.float64)", "torch.ones(3, dtype=torch.long) @ torch.ones(3)",
     "torch.ones(3, dtype=torch.bool) @ torch.ones(3, dtype=torch.bool)",
     "torch.ones(2, 3, dtype=torch.bool) @ torch.ones(3, dtype=torch.bool)",
     "torch.ones(2, 3, dtype=torch.bool) @ torch.ones(3, 2, dtype=torch.bool)",
     "torch.ones(1, 2, 3) @ torch.ones(1, 3, 2, dtype=torch.float64)",
     "torch.bmm(torch.ones(1, 2, 3), torch.ones(1, 3, 2, dtype=torch.float64))",
     "torch.ones(2, 3, dtype=torch.long) @ torch.ones(3, 2, dtype=torch.long)",
     "torch.ones(3, dtype=torch.long) @ torch.ones(3, dtype=torch.long)")
errs("operator_types", "m + 'a'", "'a' + m", "m * None", "m @ 2", "2 @ m", "m.add([1, 2, 3])", "torch.add(m, [1])",
     "m == 'a'", "m < None", "-torch.tensor([True])", "torch.tensor([True]).neg()", "~torch.ones(2)",
     "torch.ones(2) & torch.ones(2)", "torch.ones(2) | 1", "m.mm(2)", "torch.mm(m, 2)", "m.matmul(2)",
     "torch.matmul(m, 2)", "m.mv([1.0])", "torch.arange(0, 5, -1)", "torch.arange(5, 0)", "m.clamp()")
errs("bmm_mismatch", "torch.bmm(torch.ones(2, 3, 4), torch.ones(2, 3, 4))",
     "torch.bmm(torch.ones(2, 3, 4), torch.ones(3, 4, 2))", "torch.bmm(m, m)",
     "torch.bmm(torch.ones(2, 3, 4), m)")
errs("view_invalid", "m.view(4)", "m.view(-1, 4)", "m.view(2, -1, -1)", "m.view(-2, 3)",
     "m.t().view(6)", "m.t().view(-1)", "m[:, :2].view(4)", "m.reshape(5)", "m.reshape(-1, -1)",
     "m.view(7, 1)", "m.view(0, -1)", "m.expand(2, 2, 3).view(12)", "torch.ones(0).view(-1, 0)")
errs("expand_mismatch", "m.expand(4, 4)", "m.expand(3)", "m.expand(2, 4)", "m.expand(-1, 2, 3)",
     "torch.ones(3, 1).expand(3, 2, 2)", "m.expand(3, 3)", "torch.ones(2).expand(-1, 2)")
errs("cat_stack_mismatch", "torch.cat([m, torch.ones(2, 2)])", "torch.cat([m, torch.ones(3)])",
     "torch.cat([m, torch.ones(2, 2)], dim=0)", "torch.cat([m, m], dim=2)", "torch.cat([])",
     "torch.cat([m, torch.ones(3, 2, 1)])", "torch.stack([m, torch.ones(2, 2)])",
     "torch.stack([torch.ones(2), torch.ones(3)])", "torch.stack([])", "torch.stack([m, m], dim=4)",
     "torch.cat(m)", "torch.stack([torch.ones(2), torch.ones(2), torch.ones(1)])")
errs("dim_out_of_range", "m.sum(2)", "m.sum(-3)", "m.mean(5)", "m.max(2)", "m.min(-4)",
     "m.unsqueeze(3)", "m.unsqueeze(-4)", "m.squeeze(2)", "m.transpose(0, 2)", "m.softmax(2)",
     "torch.softmax(m, -3)", "m.size(2)", "m.argmax(3)", "x.sum(1)", "torch.tensor(1.0).sum(1)",
     "m.norm(dim=2)", "m.flatten(0, 3)", "m.all(2)", "torch.tensor(1.0).unsqueeze(2)",
     "m.sum((0, 0))", "m.permute(0, 2)", "m.permute(0)", "m.select(2, 0)")
errs("index_out_of_range", "x[3]", "x[-4]", "m[2]", "m[0, 3]", "m[:, 5]", "m[0, 0, 0]",
     "x[[0, 3]]", "x[torch.tensor([5])]", "m[[0, 1], [0, 3]]", "x[torch.tensor([True, False])]",
     "m[m > 2, 0]", "torch.tensor(5.0)[0]", "x[1.5]", "x['a']", "m[..., ...]", "x[None, 4]",
     "x[torch.tensor(4)]", "m.select(0, 2)", "m.narrow(1, 2, 2)",
     "x[[99999999999999999999]]", "x[[0, -99999999999999999999]]", "x[[[1, 2 ** 70]]]")
errs("keepdim_without_a_dim", "m.argmax(keepdim=True)", "m.argmin(keepdim=True)",
     "m.all(keepdim=True)", "m.any(keepdim=True)", "torch.tensor(5.0).argmax(keepdim=True)",
     "m.argmax(dim=None, keepdim=True).shape", "m.max(keepdim=True)", "m.min(keepdim=False)",
     "torch.max(m, keepdim=True)", "torch.min(m, keepdim=True)", "m.max(1, keepdim=True)",
     "m.all(1, keepdim=True)", "m.logsumexp(1, keepdim=True)")
errs("setitem_errors", "m.__setitem__(0, torch.ones(4))", "m.__setitem__(5, 1.0)",
     "m.__setitem__((0, slice(None)), torch.ones(2, 3))", "m.__setitem__(m > 2, torch.ones(2))")

# ---------------------------------------------------------------- requires_grad and dtypes
errs("requires_grad_non_float", "torch.ones(2, dtype=torch.long, requires_grad=True)",
     "torch.tensor([1, 2], requires_grad=True)", "torch.tensor(True, requires_grad=True)",
     "torch.arange(3, requires_grad=True)", "torch.zeros(2, dtype=torch.bool, requires_grad=True)",
     "torch.full((2,), 3, requires_grad=True)", "torch.eye(2, dtype=torch.int64, requires_grad=True)",
     "torch.ones_like(torch.tensor([1]), requires_grad=True)", "torch.tensor([1, 2]).requires_grad_()",
     "torch.tensor([True]).requires_grad_(True)", "torch.tensor([1, 2]).requires_grad_(False)",
     "torch.zeros(2, 2, dtype=torch.int32, requires_grad=True)")
err("requires_grad_setter_non_float", "t = torch.tensor([1, 2])\nt.requires_grad = True")
err("requires_grad_setter_non_bool", "t = torch.tensor([1.0, 2.0])\nt.requires_grad = 1")
err("requires_grad_nonleaf_false", "y = torch.ones(2, requires_grad=True) * 2\ny.requires_grad = False")
err("requires_grad_nonleaf_true", "y = torch.ones(2, requires_grad=True) * 2\ny.requires_grad = True")
err("requires_grad_nonleaf_method_false", "y = torch.ones(2, requires_grad=True) * 2\ny.requires_grad_(False)")
err("retain_grad_no_grad", "torch.ones(2).retain_grad()")
err("register_hook_no_grad", "torch.ones(2).register_hook(lambda g: g)")
errs("grad_setter", "setattr(x, 'grad', torch.ones(2))", "setattr(x, 'grad', [1.0, 2.0])",
     "setattr(x, 'grad', torch.ones(3, dtype=torch.float64))", "setattr(x, 'grad', torch.ones(3, 1))",
     "setattr(x, 'grad', torch.tensor([1, 2, 3]))")
errs("conversions", "x.numpy()", "(x * 2).numpy()", "x.item()", "m.item()", "torch.ones(0).item()",
     "bool(m)", "bool(torch.ones(2))", "bool(torch.ones(0))", "float(m)", "int(x)", "x.tolist()",
     "len(torch.tensor(1.0))", "iter(torch.tensor(1.0))", "m[torch.tensor(1.5)]",
     "[0, 1][torch.tensor(1)]", "[0, 1][torch.tensor(1.0)]", "m.__index__()")
errs("inplace_leaf", "x.add_(1)", "x.mul_(2)", "x.zero_()", "x.sub_(1)", "x.div_(2)",
     "x.__iadd__(1)", "x.__setitem__(0, 5.0)", "x.copy_(torch.ones(3))", "x.fill_(1.0)",
     "x.exp_()", "x.clamp_(0, 1)", "x.pow_(2)")
err("inplace_leaf_op", "x = torch.ones(2, requires_grad=True)\nx += 1")
err("inplace_leaf_setitem", "x = torch.ones(2, requires_grad=True)\nx[0] = 5.0")
errs("inplace_view_of_leaf", "x[0].add_(1)", "x[:2].mul_(2)", "x.view(3, 1).zero_()", "x[1:].fill_(0)",
     "x.unsqueeze(0).sub_(1)", "x.t().add_(1) if False else x.expand(2, 3).add_(1)",
     "x.detach().add_(1) is not None")
err("inplace_view_of_leaf_setitem", "x = torch.ones(2, 2, requires_grad=True)\nv = x[0]\nv[0] = 5.0")
errs("inplace_dtype", "torch.tensor([1, 2]).add_(1.5)", "torch.tensor([1, 2]).mul_(torch.tensor([1.5, 2.0]))",
     "torch.tensor([True]).add_(1)", "torch.tensor([1, 2]).div_(2)", "torch.ones(2).add_(torch.ones(2, 2))",
     "torch.tensor([1, 2]).__iadd__(torch.tensor(1.5))")
err("saved_tensor_modified_mul", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y * y
y.add_(1)
z.sum().backward()""")
err("saved_tensor_modified_mul_of_mul", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y * y
y.mul_(3)
z.sum().backward()""")
err("saved_leaf_modified_under_no_grad", """
w = torch.tensor([1.0, 2.0], requires_grad=True)
x = torch.tensor([3.0, 4.0], requires_grad=True)
y = (w * x).sum()
with torch.no_grad():
    w.add_(1)
y.backward()""")
err("saved_tensor_modified_twice_float64", """
x = torch.tensor([[1.0, 2.0]], dtype=torch.float64, requires_grad=True)
y = x.exp()
z = y @ y.t()
y.mul_(2)
y.add_(1)
z.backward()""")
err("saved_tensor_modified_input_leafview", """
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
z = a * b
b.mul_(2)
z.sum().backward()""")
err("saved_output_modified_exp", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
y.mul_(2)
y.sum().backward()""")
err("saved_output_modified_sigmoid", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sigmoid()
y += 1
y.sum().backward()""")
err("saved_tensor_modified_2d", """
w = torch.ones(2, 3, requires_grad=True)
h = w * 3
out = h.t() @ h
h.zero_()
out.sum().backward()""")
err("saved_tensor_modified_double", """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = x.sin()
s = y.cos()
y.add_(1)
s.sum().backward()""")
err("saved_tensor_modified_setitem", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 0
z = y.pow(2)
y[0] = 7.0
z.sum().backward()""")
errs("misc_values", "torch.tensor([[1, 2], [3]])", "torch.tensor([1, [2]])", "torch.tensor('a')",
     "torch.tensor([1, 2]) ** -1", "torch.ones(2, 3).reshape(-1, -1)", "torch.zeros(-1)",
     "torch.ones(2).t().t() if False else torch.ones(2, 3, 4).t()", "torch.clamp(x)",
     "torch.arange(0, 5, 0)", "torch.linspace(0, 1, -1)", "torch.ones(2, 2).mean(dtype=None) if False else torch.tensor([1, 2]).mean()",
     "torch.tensor([1, 2]).norm()", "torch.tensor([1, 2]).softmax(0)", "torch.tensor([1, 2]).exp()",
     "torch.eye(-1)", "torch.ones(2).max(0, True).values.item()", "torch.ones(0).max()",
     "torch.ones(2, 0).max(1)", "x.squeeze(0).squeeze(1)")
err("nograd_view_inplace", """
x = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v = x[:2]
print(v.requires_grad, v.is_leaf)
v.mul_(2)""")
errs("broadcast_mismatch_named_from_the_right", "torch.ones(2, 3) + torch.ones(3, 2)",
     "torch.ones(4, 1, 3) - torch.ones(2, 4)", "torch.ones(2, 3, 4) * torch.ones(5, 4)",
     "torch.atan2(torch.ones(2, 3), torch.ones(3, 2))", "torch.ones(3, 2).add_(torch.ones(2, 3))")
errs("bool_subtraction", "torch.tensor([True]) - torch.tensor([False])",
     "torch.tensor([True]) - 1", "1 - torch.tensor([True])", "torch.tensor([1]) - torch.tensor([True])",
     "torch.tensor([True]) - torch.tensor([1])", "torch.tensor([1.5]) - True", "True - torch.tensor([True])",
     "torch.sub(torch.tensor([True]), torch.tensor([True]))", "torch.sub(1, torch.tensor([True]))",
     "torch.tensor([True]).sub(1)", "torch.tensor([1.5]).sub(True)", "torch.tensor([1]).sub_(torch.tensor([True]))",
     "-torch.tensor([True])", "torch.tensor([1]) - 1", "1 - torch.tensor([1])")
errs("keepdim_needs_a_dim", "x.sum(keepdim=True)", "x.mean(keepdim=True)", "x.sum(keepdim=False)",
     "torch.sum(x, keepdim=True)", "torch.mean(x, keepdim=True)",
     "x.sum(keepdim=True, dtype=torch.float64)", "x.sum(dim=None, keepdim=True)",
     "x.mean(None, True)", "x.prod(keepdim=True)", "torch.prod(x, keepdim=True)", "x.prod(None)",
     "x.prod()", "x.prod(0, keepdim=True)")
errs("copy_needs_a_source_that_broadcasts_to_self",
     "torch.zeros(3).copy_(torch.ones(2, 2))", "torch.zeros(2, 3).copy_(torch.ones(4))",
     "torch.zeros(2).copy_(torch.ones(3))", "torch.zeros(3).copy_(torch.ones(1, 3))",
     "torch.zeros(3).copy_(torch.ones(2, 3))", "torch.zeros(2, 3).copy_(torch.ones(3))",
     "torch.zeros(2, 3).copy_(torch.tensor(5.0))")
errs("positional_arguments_of_the_wrong_type",
     "torch.logsumexp(m)", "m.logsumexp()", "torch.logsumexp(m, keepdim=True)",
     "torch.logsumexp(input=m)", "m.logsumexp(None)", "m.logsumexp(dim=None)",
     "torch.logsumexp(m, None)", "torch.logsumexp(m, True)", "torch.logsumexp(m, 1)",
     "torch.norm(m, 0, True)", "m.norm(2, True)", "torch.norm(m, dim=True)",
     "torch.norm(m, 2, [True])", "torch.norm(m, 2, [0, True])", "torch.norm(m, 2, 1, 1)",
     "torch.norm(m, 'fro', True)", "torch.norm(m, None, True)", "torch.norm(m, 2, 1, True)",
     "torch.unique(m, 1)", "torch.unique(m, 0, True)", "m.unique(True, 1)",
     "torch.unique(m, True, False, 1)", "torch.unique(m, None)", "torch.unique(m, 1.0)",
     "torch.unique(m, 1, dim=0)", "torch.unique(m, True, 1, dim=0)", "m.unique(dim=1.0)",
     "torch.unique(m, dim=True)", "torch.unique(m, sorted=False)")
errs("a_required_argument_left_out", "m.cumsum()", "torch.cumsum(m)", "m.cumprod()",
     "torch.cumprod(m)", "m.topk()", "torch.topk(m)", "m.quantile()", "torch.quantile(m)",
     "m.nanquantile()", "torch.nanquantile(m)", "m.kthvalue()", "torch.kthvalue(m)",
     "m.cummax()", "torch.cummin(m)")

ERRORS = parity.programs(E)
results, test_raises_the_same = parity.parity_tests(ERRORS)
