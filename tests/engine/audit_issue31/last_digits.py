import parity
P, prog = parity.table()
prog("linreg_sgd", """
torch.manual_seed(0)
X = torch.randn(100, 3); w_true = torch.tensor([[2.0], [-1.0], [0.5]]); y = X @ w_true + 0.1 * torch.randn(100, 1)
model = torch.nn.Linear(3, 1); opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(50):
    opt.zero_grad(); loss = torch.nn.functional.mse_loss(model(X), y); loss.backward(); opt.step()
print(loss, model.weight.grad, model.bias.grad, model.weight, model.bias)
""")
prog("mlp_adam", """
torch.manual_seed(1)
X = torch.randn(64, 4); y = (X[:, :1] * X[:, 1:2]).tanh()
model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for step in range(50):
    opt.zero_grad(); loss = torch.nn.MSELoss()(model(X), y); loss.backward(); opt.step()
print(loss, model[0].weight.grad[:2], model[2].weight.grad, model[2].bias.grad, model[2].weight)
""")
prog("mlp_sgd_ce", """
torch.manual_seed(2)
X = torch.randn(90, 2); y = (X[:, 0] > X[:, 1]).long() + (X[:, 0] > 0.5).long()
model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for step in range(50):
    opt.zero_grad(); loss = torch.nn.functional.cross_entropy(model(X), y); loss.backward(); opt.step()
print(loss, model[0].weight.grad, model[2].bias.grad, model[2].weight)
""")
prog("manual_linreg", """
torch.manual_seed(3)
x = torch.linspace(-1, 1, 50).unsqueeze(1); y = 3 * x - 0.5 + 0.2 * torch.randn(50, 1)
w = torch.zeros(1, 1, requires_grad=True); b = torch.zeros(1, requires_grad=True)
for step in range(50):
    loss = ((x @ w + b - y) ** 2).mean(); loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad; b -= 0.1 * b.grad
    if step < 49:
        w.grad.zero_(); b.grad.zero_()
print(loss, w.grad, b.grad, w, b)
""")
prog("mlp_wide_adam", """
torch.manual_seed(4)
X = torch.randn(128, 10); y = X.sum(1, keepdim=True).sin()
model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.003)
for step in range(50):
    opt.zero_grad(); loss = torch.nn.functional.mse_loss(model(X), y); loss.backward(); opt.step()
print(loss, model[4].weight.grad, model[4].bias.grad, model[0].weight.grad[0])
""")
PROGRAMS = parity.programs(P)
