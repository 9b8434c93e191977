"""The op table and the one path every op takes: what an op record says (``record``:
``Op``, ``Grad``, ``defop``, ``OPS``), the entries (``table`` and ``table_*``), the tensor
twin of the VJPs' numpy namespace (``vjp_tensor``), and running an op (``dispatch``:
``apply``, ``inplace``, ``apply_views``)."""
