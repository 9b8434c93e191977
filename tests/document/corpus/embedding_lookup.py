import torch
import torch.nn as nn

torch.manual_seed(0)
emb = nn.Embedding(5, 3)
tokens = torch.tensor([1, 3, 1])
vectors = emb(tokens)
print(vectors)
vectors.sum().backward()
print(emb.weight.grad)
