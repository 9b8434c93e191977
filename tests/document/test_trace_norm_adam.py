"""A bias followed by a normalization layer, trained with Adam, traced and exported: the
export run under real torch prints what the program printed under torch, every digit of
the biases included. The gradient of such a bias is float noise around zero (the
normalization removes the mean), and Adam turns any noise into a full ``lr`` step, so the
exported graph's numbers follow torch's only when the engine's normalization kernels
(batch, layer and group norm) add in PyTorch's order: the tracer's self-check compares the
document's run with what the script computed, under the engine."""

from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

_TRAIN = """
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.MSELoss()
for step in range(5):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
    print(step, loss.item())
print(model[0].bias.tolist())
print(model[0].bias.grad.tolist())
print(model[1].weight.tolist())
"""


def _program(seed, rows, features, norm, extra=""):
    return (f"import torch\nimport torch.nn as nn\ntorch.manual_seed({seed})\n"
            f"X = torch.randn({rows}, {features})\ny = torch.randn({rows}, 1)\n"
            f"model = nn.Sequential(nn.Linear({features}, {norm[0]}), {norm[1]}, nn.ReLU(), "
            f"nn.Linear({norm[0]}, 1))\n" + _TRAIN + extra)


PROGRAMS = {
    "adam_linear_batchnorm1d": _program(0, 16, 4, (8, "nn.BatchNorm1d(8)"),
                                        "print(model[1].running_mean.tolist())\n"
                                        "print(model[1].running_var.tolist())\n"),
    "adam_linear_batchnorm1d_batch_of_two": _program(1, 2, 3, (17, "nn.BatchNorm1d(17)")),
    "adam_linear_layernorm": _program(2, 7, 5, (12, "nn.LayerNorm(12)")),
    "adam_linear_groupnorm": _program(3, 9, 4, (8, "nn.GroupNorm(2, 8)")),
}
NOTEBOOKS = {}
NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)
WHOLE = list(PROGRAMS)
ENGINE_DIGITS = {}
