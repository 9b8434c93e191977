import torch
import torch.nn as nn


class Line(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([2.0]))
        self.b = nn.Parameter(torch.tensor([0.5]))

    def forward(self, x):
        return self.w * x + self.b


model = Line()
x = torch.tensor([1.0, 2.0, 3.0])
loss = ((model(x) - x) ** 2).mean()
print(loss)
loss.backward()
print(model.w.grad)
print(model.b.grad)
