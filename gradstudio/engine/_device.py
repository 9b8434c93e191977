"""``torch.device``: only the CPU exists here."""


class device:
    """Only the CPU exists here; ``torch.device('cpu')`` prints as in PyTorch."""
    __module__ = "torch"

    def __init__(self, type="cpu", index=None):
        self.type = str(type).split(":")[0]
        self.index = index

    def __repr__(self):
        return f"device(type='{self.type}')"

    def __str__(self):
        return self.type

    def __eq__(self, other):
        return isinstance(other, device) and other.type == self.type

    def __hash__(self):
        return hash(self.type)
