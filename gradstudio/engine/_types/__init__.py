"""What a tensor's values are: dtypes, ``torch.Size`` and type promotion (``dtype``),
``torch.device`` (``device``), ``finfo``/``iinfo`` (``info``)."""
