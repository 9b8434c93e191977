"""The op table, continued: ``_ctc_loss`` (``nn.CTCLoss``'s per-sequence negative log
likelihood, ATen's ``ctc_loss_cpu_template``: the forward variables ``log_alpha`` in the
input's dtype, each log-sum-exp of up to three terms as ATen writes it) and its gradient
(``ctc_loss_backward_cpu_template``: the backward variables ``log_beta``, then
``exp(lp) - exp(log(sum alpha beta) + nll - lp)``), which PyTorch cannot differentiate
again.

The package imports this module with the other tables, whose conventions it follows."""
import math

import numpy as np

from .record import Grad, Param, defop

_NEG_INF = -math.inf


def _exp(t, x):
    return t(math.exp(x)) if x != _NEG_INF else t(0)


def _log(t, x):
    return t(math.log(x)) if x > 0 else t(_NEG_INF)


def _log_add3(t, a, b, c):
    m = max(a, b, c)
    if m == _NEG_INF:
        m = t(0)
    return _log(t, float(_exp(t, a - m) + _exp(t, b - m) + _exp(t, c - m))) + m


def _sequences(targets, target_lengths):
    """The target sequence of each batch element (padded 2-D or concatenated 1-D)."""
    if targets.ndim == 2:
        return [targets[b, :n] for b, n in enumerate(target_lengths)]
    offsets = np.concatenate([[0], np.cumsum(target_lengths)])
    return [targets[offsets[b]:offsets[b + 1]] for b in range(len(target_lengths))]


def _primes(seq, blank):
    """The extended target: blank, l1, blank, l2, ..., blank."""
    out = [blank] * (2 * len(seq) + 1)
    out[1::2] = [int(v) for v in seq]
    return out


def _alpha(lp, primes, length, t):
    n = len(primes)
    la = np.full((length, n), _NEG_INF, lp.dtype)
    la[0, 0] = lp[0, primes[0]]
    if n > 1:
        la[0, 1] = lp[0, primes[1]]
    for i in range(1, length):
        for s in range(n):
            a1 = la[i - 1, s]
            a2 = la[i - 1, s - 1] if s > 0 else t(_NEG_INF)
            a3 = la[i - 1, s - 2] if s > 1 and primes[s - 2] != primes[s] else t(_NEG_INF)
            la[i, s] = _log_add3(t, a1, a2, a3) + lp[i, primes[s]]
    return la


def _beta(lp, primes, length, t):
    n = len(primes)
    lb = np.full((length, n), _NEG_INF, lp.dtype)
    lb[length - 1, n - 1] = lp[length - 1, primes[n - 1]]
    if n > 1:
        lb[length - 1, n - 2] = lp[length - 1, primes[n - 2]]
    for i in range(length - 2, -1, -1):
        for s in range(n):
            b1 = lb[i + 1, s]
            b2 = lb[i + 1, s + 1] if s < n - 1 else t(_NEG_INF)
            b3 = lb[i + 1, s + 2] if s < n - 2 and primes[s + 2] != primes[s] else t(_NEG_INF)
            lb[i, s] = _log_add3(t, b1, b2, b3) + lp[i, primes[s]]
    return lb


def _nll(la, length, n):
    t = la.dtype.type
    if n == 1:
        return -la[length - 1, 0]
    l1, l2 = la[length - 1, n - 1], la[length - 1, n - 2]
    m = max(l1, l2)
    if m == _NEG_INF:
        m = t(0)
    return -(_log(t, float(_exp(t, l1 - m) + _exp(t, l2 - m))) + m)


def ctc_loss(log_probs, targets, input_lengths=(), target_lengths=(), blank=0,
             zero_infinity=False):
    t = log_probs.dtype.type
    out = np.zeros(log_probs.shape[1], log_probs.dtype)
    for b, seq in enumerate(_sequences(targets, target_lengths)):
        primes = _primes(seq, blank)
        if input_lengths[b] == 0:
            out[b] = t(math.inf) if len(seq) else t(0)
            continue
        la = _alpha(log_probs[:, b], primes, input_lengths[b], t)
        out[b] = _nll(la, input_lengths[b], len(primes))
    return out


def ctc_loss_backward(grad, log_probs, targets, nll, input_lengths=(), target_lengths=(),
                      blank=0, zero_infinity=False):
    t = log_probs.dtype.type
    out = np.zeros_like(log_probs)
    for b, seq in enumerate(_sequences(targets, target_lengths)):
        length, primes = input_lengths[b], _primes(seq, blank)
        if length == 0 or (zero_infinity and nll[b] == math.inf):
            continue
        lp = log_probs[:, b]
        la, lb = _alpha(lp, primes, length, t), _beta(lp, primes, length, t)
        acc = np.full((length, lp.shape[1]), _NEG_INF, lp.dtype)
        for i in range(length):
            for s in range(len(primes) - 1, -1, -1):   # (ATen walks s downwards)
                c = primes[s]
                ab = la[i, s] + lb[i, s]
                cur = acc[i, c]
                if cur == _NEG_INF:
                    acc[i, c] = ab
                else:
                    m = max(cur, ab)
                    acc[i, c] = _log(t, float(_exp(t, cur - m) + _exp(t, ab - m))) + m
        gr = grad[b]
        for i in range(length):
            for c in range(lp.shape[1]):
                out[i, b, c] = (_exp(t, lp[i, c]) - _exp(t, acc[i, c] + nll[b] - lp[i, c])) * gr
    return out


def _not_again(F, g, *args, **params):
    raise RuntimeError("derivative for aten::_ctc_loss_backward is not implemented")


_NOT_AGAIN = Grad(_not_again, missing=True, formula="not implemented")
_LENGTHS = (Param("input_lengths", "shape", ()), Param("target_lengths", "shape", ()),
            Param("blank", "int", 0), Param("zero_infinity", "bool", False))
defop("_ctc_loss_backward", "NotImplemented", ctc_loss_backward, _NOT_AGAIN, _NOT_AGAIN,
      None, _NOT_AGAIN, args=("grad", "log_probs", "targets", "nll"),
      params=_LENGTHS, index_args=(2,),
      dtype="keep", category="internal", doc="The gradient of the CTC loss.")
defop("_ctc_loss", "CtcLossBackward0", ctc_loss,
      Grad(lambda F, g, out, lp, tg, **p: F.fused("_ctc_loss_backward", g, lp, tg, out, **p),
           (0, 1, "out"),
          formula="_ctc_loss_backward(grad, log_probs, targets, input_lengths, "
          "target_lengths, result, blank, zero_infinity)"), None,
      args=("log_probs", "targets"), params=_LENGTHS, index_args=(1,), dtype="keep",
      category="internal", code="torch.nn.functional.ctc_loss({log_probs}, {targets}, "
      "{input_lengths}, {target_lengths}, blank={blank}, reduction='none')",
      doc="The negative log likelihood of each target sequence (CTC).")
