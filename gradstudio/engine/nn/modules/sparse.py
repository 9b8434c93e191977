"""``nn.Embedding``: a table of ``num_embeddings`` learned vectors, looked up by class
index, drawn as PyTorch draws it (``normal_(0, 1)``, the numbers ``torch.randn`` of that
shape would give)."""
from ..._torch_functions.factory import empty
from .. import functional as F
from .. import init
from ..module import Module
from ..parameter import Parameter
from ...observer import observed

__all__ = ["Embedding"]


class Embedding(Module):
    __module__ = "torch.nn.modules.sparse"
    __constants__ = ["num_embeddings", "embedding_dim"]

    @observed("torch.nn.Embedding")
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, device=None, dtype=None):
        super().__init__()
        if padding_idx is not None or max_norm is not None or scale_grad_by_freq or sparse:
            raise NotImplementedError("GradStudio's nn.Embedding has no padding_idx, "
                                      "max_norm, scale_grad_by_freq or sparse yet")
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if _weight is None:
            self.weight = Parameter(empty((num_embeddings, embedding_dim), device=device,
                                          dtype=dtype), requires_grad=not _freeze)
            init.normal_(self.weight)
        else:
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    def forward(self, input):
        return F.embedding(input, self.weight)

    def extra_repr(self):
        return f"{self.num_embeddings}, {self.embedding_dim}"
