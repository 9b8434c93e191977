"""``torch.`` functions that are more than one op of the table: creating tensors
(``factory``), joining and selecting (``general``: ``cat``, ``stack``, ``where`` ...),
``einsum``, sampling from distributions (``sampling``) and ``batch_norm``."""
