import torch

x = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
s = torch.softmax(x, dim=0)
print(s)
rows = []
for i in range(3):
    (g,) = torch.autograd.grad(s[i], x, retain_graph=True)
    rows.append(g)
jac = torch.stack(rows)
print(jac)
print(torch.diag(s) - torch.outer(s, s))
