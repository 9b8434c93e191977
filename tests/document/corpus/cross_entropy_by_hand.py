import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 1])
logp = logits - logits.logsumexp(dim=1, keepdim=True)
loss = -logp[torch.arange(4), target].mean()
print(loss)
print(F.cross_entropy(logits, target))
loss.backward()
print(logits.grad)
print(F.softmax(logits, dim=1))
