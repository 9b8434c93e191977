import torch
import torch.nn as nn

torch.manual_seed(0)
X = torch.randn(16, 2)
y = (X[:, 0] + X[:, 1] > 0).float().unsqueeze(1)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
loss_fn = nn.BCEWithLogitsLoss()
for epoch in range(20):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
print(loss)
print(model.weight)
print(torch.sigmoid(model(X[:4])))
