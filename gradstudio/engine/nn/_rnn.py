"""The recurrent cells and layers of ATen's ``RNN.cpp`` (its CPU path), composed of the
same ops in the same order so that values and ``grad_fn`` chains are PyTorch's: a layer
projects the whole input sequence at once (``linear_ih``), unbinds it into steps and runs
the cell over them (the reverse direction over the steps reversed), stacking the
outputs; layers feed each other (with dropout between them in training) and the final
hidden states are stacked. PyTorch's in-place ``add_``/``sigmoid_``/``tanh_`` on the
gates are written out of place here (the same values and node names)."""
from . import functional as F
from .._torch_functions.general import cat, stack

__all__ = ["rnn_cell", "gru_cell", "lstm_cell", "run_layers"]


def _hh(h, w_hh, b_hh):
    return F.linear(h, w_hh, b_hh)


def rnn_cell(x_w, h, params, nonlinearity):
    """``nonlinearity(linear_hh(h) + x_w)``, ``x_w`` the projected input."""
    w_ih, w_hh, b_ih, b_hh = params
    pre = _hh(h, w_hh, b_hh) + x_w
    return pre.tanh() if nonlinearity == "tanh" else pre.relu()


def gru_cell(x_w, h, params):
    w_ih, w_hh, b_ih, b_hh = params
    i_r, i_z, i_n = x_w.chunk(3, 1)
    h_r, h_z, h_n = _hh(h, w_hh, b_hh).chunk(3, 1)
    reset = (h_r + i_r).sigmoid()
    update = (h_z + i_z).sigmoid()
    new = (i_n + h_n * reset).tanh()
    return (h - new) * update + new


def lstm_cell(x_w, state, params):
    w_ih, w_hh, b_ih, b_hh = params
    h, c = state
    gates = _hh(h, w_hh, b_hh) + x_w
    i, f, g, o = gates.chunk(4, 1)
    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    cy = f * c + i * g
    return o * cy.tanh(), cy


def _direction(steps, state, params, cell):
    outputs = []
    for x_w in steps:
        state = cell(x_w, state, params)
        outputs.append(state[0] if isinstance(state, tuple) else state)
    return outputs, state


def _layer(input, states, directions, cell):
    """One layer (both directions when there are two): its output and final states."""
    w_ih, _, b_ih, _ = directions[0]
    fw, fw_state = _direction(F.linear(input, w_ih, b_ih).unbind(0), states[0], directions[0],
                              cell)
    output = stack(fw, 0)
    if len(directions) == 1:
        return output, [fw_state]
    w_ih, _, b_ih, _ = directions[1]
    rev, rev_state = _direction(F.linear(input, w_ih, b_ih).unbind(0)[::-1], states[1],
                                directions[1], cell)
    return cat([output, stack(rev[::-1], 0)], output.dim() - 1), [fw_state, rev_state]


def run_layers(input, hidden, weights, cell, num_layers, dropout, training, bidirectional,
               batch_first, lstm=False):
    """ATen's ``_rnn_impl``: ``weights`` per layer and direction, ``hidden`` the stacked
    initial states ((h, c) for an LSTM); returns the output and the stacked final
    states."""
    if batch_first:
        input = input.transpose(0, 1)
    d = 2 if bidirectional else 1
    hs = hidden[0].unbind(0) if lstm else hidden.unbind(0)
    cs = hidden[1].unbind(0) if lstm else None
    finals = []
    layer_input = input
    for layer in range(num_layers):
        states = [(hs[layer * d + k], cs[layer * d + k]) if lstm else hs[layer * d + k]
                  for k in range(d)]
        out, last = _layer(layer_input, states, weights[layer * d:(layer + 1) * d], cell)
        finals.extend(last)
        layer_input = out
        if dropout != 0 and training and layer < num_layers - 1:
            layer_input = F.dropout(layer_input, dropout, True)
    output = layer_input.transpose(0, 1) if batch_first else layer_input
    if lstm:
        return output, (stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0))
    return output, stack(finals, 0)
