import torch

torch.manual_seed(0)
X = torch.randn(8, 1)
Y = 3 * X + 1
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
for step in range(10):
    pred = X * w + b
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
print(w)
print(b)
print(loss)
