"""``torch.optim.LBFGS``, statement for statement as ``torch/optim/lbfgs.py``: the flat
gradient, the two-loop recursion over the last ``history_size`` steps, the first step's
``min(1, 1 / |g|_1) * lr``, an optional strong-Wolfe line search (``_line_search``), and
torch's stopping tests. Quantities PyTorch keeps as 0-d tensors (``ys``, ``ro``, ``H_diag``,
``t``, ``gtd``) are 0-d tensors here too; where PyTorch turns one into a Python number
(``alpha=``), so does this."""
from .._autograd import grad_mode as _grad_mode
from .._tensor_class.core import TensorCore
from .._torch_functions.factory import zeros
from .._torch_functions.general import cat
from ._line_search import strong_wolfe
from .optimizer import Optimizer, check_non_negative, _engine_limits
from ..observer import observed

__all__ = ["LBFGS"]


def _scalar(value):
    return value.item() if isinstance(value, TensorCore) else value


class LBFGS(Optimizer):
    __module__ = "torch.optim.lbfgs"

    @observed("torch.optim.Optimizer")
    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7,
                 tolerance_change=1e-9, history_size=100, line_search_fn=None):
        if isinstance(lr, TensorCore) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_non_negative(("learning rate", lr))
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        defaults = {"lr": lr, "max_iter": max_iter, "max_eval": max_eval,
                    "tolerance_grad": tolerance_grad, "tolerance_change": tolerance_change,
                    "history_size": history_size, "line_search_fn": line_search_fn}
        super().__init__(params, defaults)
        _engine_limits(lr)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]["params"]
        self._numel_cache = None

    def _numel(self):
        if self._numel_cache is None:
            self._numel_cache = sum(p.numel() for p in self._params)
        return self._numel_cache

    def _gather_flat_grad(self):
        views = [zeros(p.numel(), dtype=p.dtype) if p.grad is None else p.grad.view(-1)
                 for p in self._params]
        return cat(views, 0)

    def _add_grad(self, step_size, update):
        offset = 0
        for p in self._params:
            numel = p.numel()
            p.add_(update[offset:offset + numel].view_as(p), alpha=_scalar(step_size))
            offset += numel
        if offset != self._numel():
            raise AssertionError(f"Expected offset {offset} to equal {self._numel()}")

    def _clone_param(self):
        return [p.clone() for p in self._params]

    def _set_param(self, params_data):
        for p, pdata in zip(self._params, params_data, strict=True):
            p.copy_(pdata)

    def _directional_evaluate(self, closure, x, t, d):
        self._add_grad(t, d)
        loss = float(closure())
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    @observed("torch.optim.Optimizer.step")
    def step(self, closure):
        if len(self.param_groups) != 1:
            raise AssertionError(f"Expected exactly one param_group, but got "
                                 f"{len(self.param_groups)}")

        def with_grad():
            with _grad_mode.enable_grad():
                return closure()
        with _grad_mode.no_grad():
            return self._step(with_grad)

    def _step(self, closure):
        group = self.param_groups[0]
        state = self.state[self._params[0]]
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        orig_loss = closure()
        loss = float(orig_loss)
        state["func_evals"] += 1
        flat_grad = self._gather_flat_grad()
        if flat_grad.abs().max() <= group["tolerance_grad"]:
            return orig_loss
        run = _Run(self, closure, group, state, loss, flat_grad)
        run.iterate()
        for key in ("d", "t", "old_dirs", "old_stps", "ro", "H_diag", "prev_flat_grad",
                    "prev_loss"):
            state[key] = getattr(run, key)
        return orig_loss


class _Run:
    """One ``step()``: up to ``max_iter`` iterations, with the state carried from the last
    step (directions, step sizes, ``ro``, ``H_diag``)."""

    def __init__(self, opt, closure, group, state, loss, flat_grad):
        self.opt, self.closure, self.group, self.state = opt, closure, group, state
        self.loss, self.flat_grad, self.current_evals = loss, flat_grad, 1
        for key in ("d", "t", "old_dirs", "old_stps", "ro", "H_diag", "prev_flat_grad",
                    "prev_loss"):
            setattr(self, key, state.get(key))

    def direction(self):
        """The quasi-Newton direction: -g at first, then the two-loop recursion."""
        state, history_size = self.state, self.group["history_size"]
        if state["n_iter"] == 1:
            self.d = self.flat_grad.neg()
            self.old_dirs, self.old_stps, self.ro, self.H_diag = [], [], [], 1
            return
        y = self.flat_grad.sub(self.prev_flat_grad)
        s = self.d.mul(self.t)
        ys = y.dot(s)
        if ys > 1e-10:
            if len(self.old_dirs) == history_size:
                self.old_dirs.pop(0)
                self.old_stps.pop(0)
                self.ro.pop(0)
            self.old_dirs.append(y)
            self.old_stps.append(s)
            self.ro.append(1.0 / ys)
            self.H_diag = ys / y.dot(y)
        num_old = len(self.old_dirs)
        if "al" not in state:
            state["al"] = [None] * history_size
        al = state["al"]
        q = self.flat_grad.neg()
        for i in range(num_old - 1, -1, -1):
            al[i] = self.old_stps[i].dot(q) * self.ro[i]
            q.add_(self.old_dirs[i], alpha=_scalar(-al[i]))
        self.d = r = q.mul(self.H_diag)
        for i in range(num_old):
            be_i = self.old_dirs[i].dot(r) * self.ro[i]
            r.add_(self.old_stps[i], alpha=_scalar(al[i] - be_i))

    def iterate(self):
        group, state = self.group, self.state
        lr, max_iter = group["lr"], group["max_iter"]
        tolerance_change = group["tolerance_change"]
        n_iter = 0
        while n_iter < max_iter:
            n_iter += 1
            state["n_iter"] += 1
            self.direction()
            if self.prev_flat_grad is None:
                self.prev_flat_grad = self.flat_grad.clone()
            else:
                self.prev_flat_grad.copy_(self.flat_grad)
            self.prev_loss = self.loss
            if state["n_iter"] == 1:
                self.t = min(1.0, 1.0 / self.flat_grad.abs().sum()) * lr
            else:
                self.t = lr
            gtd = self.flat_grad.dot(self.d)
            if gtd > -tolerance_change:
                break
            opt_cond, ls_func_evals = self.move(gtd, n_iter)
            self.current_evals += ls_func_evals
            state["func_evals"] += ls_func_evals
            if n_iter == max_iter or self.current_evals >= group["max_eval"] or opt_cond:
                break
            if self.d.mul(self.t).abs().max() <= tolerance_change:
                break
            if abs(self.loss - self.prev_loss) < tolerance_change:
                break

    def move(self, gtd, n_iter):
        """Steps along ``d`` (line search or fixed ``t``): ``(opt_cond, evaluations)``."""
        group, opt = self.group, self.opt
        line_search_fn = group["line_search_fn"]
        if line_search_fn is not None:
            if line_search_fn != "strong_wolfe":
                raise RuntimeError("only 'strong_wolfe' is supported")
            x_init = opt._clone_param()

            def obj_func(x, t, d):
                return opt._directional_evaluate(self.closure, x, t, d)
            self.loss, self.flat_grad, self.t, ls_func_evals = strong_wolfe(
                obj_func, x_init, self.t, self.d, self.loss, self.flat_grad, gtd,
                max_ls=group["max_eval"] - self.current_evals)
            opt._add_grad(self.t, self.d)
            return self.flat_grad.abs().max() <= group["tolerance_grad"], ls_func_evals
        opt._add_grad(self.t, self.d)
        if n_iter != group["max_iter"]:
            with _grad_mode.enable_grad():
                loss = self.closure()
            self.loss = float(loss)
            self.flat_grad = opt._gather_flat_grad()
            return self.flat_grad.abs().max() <= group["tolerance_grad"], 1
        return False, 0
