"""``nn.RNN``, ``nn.LSTM``, ``nn.GRU`` and their cells as ``torch/nn/modules/rnn.py``
defines them: PyTorch's parameters (registered and drawn in its order, uniform within
1/sqrt(hidden_size)), checks, unbatched inputs and reprs; the computation is ATen's
(``nn._rnn``). One difference: PyTorch runs a float32 ``nn.LSTM`` through oneDNN, whose
node is ``MkldnnRnnLayerBackward0``; here it is the composite's (``StackBackward0``)."""
import math

from ..._torch_functions.factory import empty, zeros
from .. import _rnn, functional as F, init
from ..module import Module
from ..parameter import Parameter

__all__ = ["RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _check_state_dims(hx, batched, lstm):
    """PyTorch's check that the initial state has the input's number of dimensions."""
    want = 3 if batched else 2
    states = hx if lstm else (hx,)
    if all(h.dim() == want for h in states):
        return
    kind = "batched 3" if batched else "unbatched 2"
    if lstm:
        got = "(" + ", ".join(f"{h.dim()}-D" for h in states) + ") tensors"
        raise RuntimeError(f"For {kind}-D input, hx and cx should also be {want}-D but got "
                           f"{got}")
    raise RuntimeError(f"For {kind}-D input, hx should also be {want}-D but got "
                       f"{hx.dim()}-D tensor")


class RNNBase(Module):
    __module__ = "torch.nn.modules.rnn"
    __constants__ = ["mode", "input_size", "hidden_size", "num_layers", "bias",
                     "batch_first", "dropout", "bidirectional", "proj_size"]

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, proj_size=0,
                 device=None, dtype=None):
        super().__init__()
        if proj_size:
            raise NotImplementedError("GradStudio's engine has no LSTM proj_size yet")
        if not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional, self.proj_size = float(dropout), bidirectional, 0
        d = 2 if bidirectional else 1
        gate = _GATES[mode] * hidden_size
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(d):
                size_in = input_size if layer == 0 else hidden_size * d
                suffix = f"_l{layer}" + ("_reverse" if direction == 1 else "")
                shapes = [("weight_ih", (gate, size_in)), ("weight_hh", (gate, hidden_size))]
                if bias:
                    shapes += [("bias_ih", (gate,)), ("bias_hh", (gate,))]
                for name, shape in shapes:
                    self.register_parameter(name + suffix, Parameter(
                        empty(shape, device=device, dtype=dtype)))
                    self._flat_weights_names.append(name + suffix)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    @property
    def _flat_weights(self):
        return [getattr(self, n) for n in self._flat_weights_names]

    @property
    def all_weights(self):
        per = 4 if self.bias else 2
        flat = self._flat_weights
        return [flat[i:i + per] for i in range(0, len(flat), per)]

    def _weights(self):
        return [tuple(w) if self.bias else (w[0], w[1], None, None) for w in self.all_weights]

    def _start(self, input, hx, lstm=False):
        kind = type(self).__name__
        if input.dim() not in (2, 3):
            raise ValueError(f"{kind}: Expected input to be 2D or 3D, got {input.dim()}D "
                             "tensor instead")
        batched = input.dim() == 3
        if not batched:
            input = input.unsqueeze(0 if self.batch_first else 1)
        hs = hx if not lstm or hx is None else hx
        if hx is not None:
            _check_state_dims(hx, batched, lstm)
            if not batched:
                hs = tuple(h.unsqueeze(1) for h in hx) if lstm else hx.unsqueeze(1)
        batch = input.shape[0] if self.batch_first else input.shape[1]
        shape = ((2 if self.bidirectional else 1) * self.num_layers, batch, self.hidden_size)
        if hs is None:
            hs = zeros(shape, dtype=input.dtype)
            hs = (hs, zeros(shape, dtype=input.dtype)) if lstm else hs
        self._check(input, hs if lstm else (hs,), shape, lstm)
        return input, hs, batched

    def _check(self, input, states, shape, lstm):
        w = self._flat_weights[0]
        if input.dtype is not w.dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype "
                             f"({w.dtype}). Convert input: input.to({w.dtype}), or convert "
                             f"model: model.to({input.dtype})")
        if self.input_size != input.shape[-1]:
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.shape[-1]}")
        for k, h in enumerate(states):
            if tuple(h.shape) != shape:
                which = "Expected hidden size" if k == 0 or not lstm else "Expected hidden[1] size"
                if lstm and k == 0:
                    which = "Expected hidden[0] size"
                raise RuntimeError(f"{which} {shape}, got {list(h.shape)}")

    def _run(self, input, hs, cell, lstm=False):
        return _rnn.run_layers(input, hs, self._weights(), cell, self.num_layers, self.dropout,
                               self.training, self.bidirectional, self.batch_first, lstm)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


class RNN(RNNBase):
    __module__ = "torch.nn.modules.rnn"
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, device=None, dtype=None):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or "
                             "'relu'.")
        self.nonlinearity = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size,
                         hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hs, batched = self._start(input, hx)
        act = self.nonlinearity
        out, h = self._run(input, hs, lambda x, s, p: _rnn.rnn_cell(x, s, p, act))
        if not batched:
            return out.squeeze(0 if self.batch_first else 1), h.squeeze(1)
        return out, h


class GRU(RNNBase):
    __module__ = "torch.nn.modules.rnn"
    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        input, hs, batched = self._start(input, hx)
        out, h = self._run(input, hs, _rnn.gru_cell)
        if not batched:
            return out.squeeze(0 if self.batch_first else 1), h.squeeze(1)
        return out, h


class LSTM(RNNBase):
    __module__ = "torch.nn.modules.rnn"
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def forward(self, input, hx=None):
        input, hs, batched = self._start(input, hx, lstm=True)
        out, (h, c) = self._run(input, hs, _rnn.lstm_cell, lstm=True)
        if not batched:
            return out.squeeze(0 if self.batch_first else 1), (h.squeeze(1), c.squeeze(1))
        return out, (h, c)


class RNNCellBase(Module):
    __module__ = "torch.nn.modules.rnn"
    __constants__ = ["input_size", "hidden_size", "bias"]
    _gates = 1

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        gate = self._gates * hidden_size
        self.weight_ih = Parameter(empty((gate, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(empty((gate, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(empty(gate, device=device, dtype=dtype))
            self.bias_hh = Parameter(empty(gate, device=device, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    reset_parameters = RNNBase.reset_parameters

    def _params(self):
        return self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh

    def _prepare(self, input, hx, what):
        if input.dim() not in (1, 2):
            raise ValueError(f"{what}: Expected input to be 1D or 2D, got {input.dim()}D "
                             "instead")
        batched = input.dim() == 2
        x = input if batched else input.unsqueeze(0)
        return x, batched

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s


def _hh_first(x, h, params):
    """The cells of ATen compute the hidden projection before the input's."""
    w_ih, w_hh, b_ih, b_hh = params
    hh = F.linear(h, w_hh, b_hh)
    return hh, F.linear(x, w_ih, b_ih)


class RNNCell(RNNCellBase):
    __module__ = "torch.nn.modules.rnn"
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        x, batched = self._prepare(input, hx, "RNNCell")
        h = zeros(x.shape[0], self.hidden_size, dtype=x.dtype) if hx is None else (
            hx if batched else hx.unsqueeze(0))
        hh, ih = _hh_first(x, h, self._params())
        pre = hh + ih
        out = pre.tanh() if self.nonlinearity == "tanh" else pre.relu()
        return out if batched else out.squeeze(0)


class GRUCell(RNNCellBase):
    __module__ = "torch.nn.modules.rnn"
    _gates = 3

    def forward(self, input, hx=None):
        x, batched = self._prepare(input, hx, "GRUCell")
        h = zeros(x.shape[0], self.hidden_size, dtype=x.dtype) if hx is None else (
            hx if batched else hx.unsqueeze(0))
        w_ih, _, b_ih, _ = self._params()
        out = _rnn.gru_cell(F.linear(x, w_ih, b_ih), h, self._params())
        return out if batched else out.squeeze(0)


class LSTMCell(RNNCellBase):
    __module__ = "torch.nn.modules.rnn"
    _gates = 4

    def forward(self, input, hx=None):
        x, batched = self._prepare(input, hx, "LSTMCell")
        if hx is None:
            z = zeros(x.shape[0], self.hidden_size, dtype=x.dtype)
            hx = (z, z)
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        hh, ih = _hh_first(x, hx[0], self._params())
        h, c = _lstm_from(hh, ih, hx[1])
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


def _lstm_from(hh, ih, c):
    i, f, g, o = (hh + ih).chunk(4, 1)
    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    cy = f * c + i * g
    return o * cy.tanh(), cy
