"""``torch.func``: composable function transforms. ``grad``, ``grad_and_value``, ``vjp``
(``_grad``), ``jacrev``, ``jacfwd``, ``hessian``, ``jvp`` (``_jac``), ``vmap``
(``_vmap``: one call per sample, see there), ``functional_call`` and
``stack_module_state``."""
from ._grad import grad, grad_and_value, vjp
from ._jac import hessian, jacfwd, jacrev, jvp
from ._vmap import vmap
from ._functional_call import functional_call, stack_module_state

__all__ = ["grad", "grad_and_value", "vjp", "jacrev", "jacfwd", "hessian", "jvp", "vmap",
           "functional_call", "stack_module_state"]
