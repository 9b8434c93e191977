"""Forward-mode AD (``torch.autograd.forward_ad``): the dual level and the tangent each
tensor carries at it (``state``), the JVP rule of each op of the table (``jvp_rules``),
how a tangent follows an op (``propagate``) and the public module (``forward_ad``)."""
