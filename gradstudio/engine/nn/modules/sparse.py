"""``nn.Embedding``: a table of ``num_embeddings`` learned vectors, looked up by class
index, drawn as PyTorch draws it (``normal_(0, 1)``, the numbers ``torch.randn`` of that
shape would give), its ``padding_idx`` row zero and never given a gradient."""
from ..._autograd.grad_mode import no_grad
from ..._torch_functions.factory import empty
from .. import functional as F
from .. import init
from ..module import Module
from ..parameter import Parameter
from ...observer import observed

__all__ = ["Embedding", "EmbeddingBag"]


class Embedding(Module):
    __module__ = "torch.nn.modules.sparse"
    __constants__ = ["num_embeddings", "embedding_dim"]

    @observed("torch.nn.Embedding")
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, device=None, dtype=None):
        super().__init__()
        if scale_grad_by_freq or sparse:
            raise NotImplementedError("GradStudio's nn.Embedding has no scale_grad_by_freq or "
                                      "sparse yet")
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None:      # (PyTorch's checks, a negative one from the end)
            if padding_idx > 0:
                assert padding_idx < num_embeddings, "Padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, \
                    "Padding_idx must be within num_embeddings"
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            self.weight = Parameter(empty((num_embeddings, embedding_dim), device=device,
                                          dtype=dtype), requires_grad=not _freeze)
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    def reset_parameters(self):
        init.normal_(self.weight)
        if self.padding_idx is not None:     # (the padding row starts at zero)
            with no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type)

    def extra_repr(self):
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            s += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            s += f", norm_type={self.norm_type}"
        return s

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None,
                        norm_type=2.0, scale_grad_by_freq=False, sparse=False):
        """An Embedding whose table is ``embeddings`` (its padding row kept as it is),
        frozen unless ``freeze=False``."""
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        rows, cols = embeddings.shape
        return cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings, _freeze=freeze,
                   padding_idx=padding_idx, max_norm=max_norm, norm_type=norm_type,
                   scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)


class EmbeddingBag(Module):
    """The sum, mean or max of the embedding rows in each bag (``F.embedding_bag``); the
    table drawn as ``nn.Embedding``'s."""
    __module__ = "torch.nn.modules.sparse"
    __constants__ = ["num_embeddings", "embedding_dim", "max_norm", "norm_type",
                     "scale_grad_by_freq", "mode", "sparse", "include_last_offset",
                     "padding_idx"]

    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, mode="mean", sparse=False, _weight=None,
                 include_last_offset=False, padding_idx=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, "padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, \
                    "padding_idx must be within num_embeddings"
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(empty((num_embeddings, embedding_dim), device=device,
                                          dtype=dtype))
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight)
        self.mode, self.sparse = mode, sparse
        self.include_last_offset = include_last_offset

    reset_parameters = Embedding.reset_parameters

    def forward(self, input, offsets=None, per_sample_weights=None):
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                               self.scale_grad_by_freq, self.mode, self.sparse,
                               per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self):
        s = f"{self.num_embeddings!r}, {self.embedding_dim!r}"
        if self.max_norm is not None:
            s += f", max_norm={self.max_norm!r}"
        if self.norm_type != 2:
            s += f", norm_type={self.norm_type!r}"
        if self.scale_grad_by_freq is not False:
            s += f", scale_grad_by_freq={self.scale_grad_by_freq!r}"
        s += f", mode={self.mode!r}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx!r}"
        return s
