"""Autograd: the grad_fn nodes (``nodes``), the backward pass that runs them (``engine``)
and the ``torch.autograd.backward``/``grad`` calls that start it (``api``), watching it
(``observe``), grad mode (``grad_mode``), in-place changes seen through views (``views``),
``torch.autograd.Function`` (``custom_function``), ``torch.autograd.functional``
(``functional``), gradcheck (``gradcheck``) and a node's derivative as text
(``derivative``)."""
