import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.register_hook(lambda grad: grad * 10)
loss = y.sum()
loss.backward()
print(x.grad)
