import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], requires_grad=True)
rows = x[[0, 2]]
print(rows)
cols = x[:, [2, 0]]
print(cols)
diag = x[[0, 1, 2], [0, 1, 2]]
print(diag)
loss = rows.sum() + (cols * 2).sum() + (diag ** 2).sum()
loss.backward()
print(x.grad)
