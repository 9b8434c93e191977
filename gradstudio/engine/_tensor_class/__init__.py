"""The ``Tensor`` class: its state (``core.TensorCore``), one mixin per group of methods
(``arith``, ``shape``, ``reduce`` ...), the methods bound from the op table's ``variants``
(``variants``), its printing (``printing``), all assembled in ``tensor``."""
