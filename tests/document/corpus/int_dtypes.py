import torch

a = torch.tensor([1, 2, 3])
print(a.dtype)
b = a * 2 + 1
print(b)
c = torch.tensor([7, 8, 9], dtype=torch.int32)
print(c // 2)
print(c / 2)
d = a.to(torch.float32)
print(d.mean())
print(torch.tensor([250, 10], dtype=torch.uint8) + 10)
