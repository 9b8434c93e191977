import torch

torch.manual_seed(0)
X = torch.randn(10, 2)
w = torch.zeros(2, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(3):
    idx = torch.randint(0, 10, (4,))
    batch = X[idx]
    loss = ((batch @ w - 1.0) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(idx)
print(loss)
print(w)
