import torch

x = torch.ones(3)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (w * x).sum()
x[0] = 5.0
try:
    y.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split(":")[0])
print(x)
