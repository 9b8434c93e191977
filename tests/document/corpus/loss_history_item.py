import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.2)
history = []
for epoch in range(5):
    opt.zero_grad()
    loss = ((w - 1.0) ** 2).sum()
    loss.backward()
    opt.step()
    history.append(round(loss.item(), 4))
print(history)
print(w)
