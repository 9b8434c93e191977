import torch

w = torch.tensor([5.0, -3.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
for step in range(15):
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    opt.step()
print(w)
print(loss)
