"""A parameter ``nn.init`` fills before anything used it (issue 32): a module's
``Parameter(torch.empty(...))`` filled by its constructor (``nn.LSTM``), or a
``nn.Linear``'s weight and bias filled again (``xavier_uniform_``, ``zeros_``,
``constant_``, ``ones_``) is a source node of its own, drawn, and the graph's run draws
the same numbers: the program opens whole and its export prints under torch what the
program printed. A fill of a parameter already used is still cut and recorded, never
drawn as if the fill came first."""
from trace_jobs import check_round_trip, outcomes, traced_documents

LSTM = """
    import torch
    import torch.nn as nn
    torch.manual_seed(3)
    lstm = nn.LSTM(input_size=2, hidden_size=3)
    print(lstm.weight_ih_l0)
    out, (h, c) = lstm(torch.randn(4, 1, 2))
    out.sum().backward()
    print(h, lstm.bias_hh_l0.grad)
"""

INIT = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    layer = nn.Linear(4, 3)
    nn.init.xavier_uniform_(layer.weight)
    nn.init.zeros_(layer.bias)
    other = nn.Linear(2, 2)
    nn.init.constant_(other.weight, 0.5)
    nn.init.ones_(other.bias)
    x = torch.randn(2, 4)
    print(layer.weight, layer.bias)
    loss = layer(x).sum() + other(x[:, :2]).pow(2).sum()
    loss.backward()
    print(layer.weight.grad, other.bias.grad)
"""

USED_FIRST = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    layer = nn.Linear(2, 1)
    y = layer(torch.ones(1, 2))
    nn.init.zeros_(layer.bias)
    print(y, layer(torch.ones(1, 2)))
"""


def test_a_module_filling_its_empty_parameters_opens_whole():
    (doc,) = traced_documents([LSTM])
    assert doc.trace_note is None
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert kinds.count("uniform") == 4 and "empty" not in kinds
    check_round_trip([doc], [LSTM])


def test_nn_init_of_a_new_parameter_is_a_source_node():
    (doc,) = traced_documents([INIT])
    assert doc.trace_note is None
    kinds = [doc.node(n).kind for n in doc.node_ids]
    # the first draws stay (the generator moved), the parameters are the new sources
    assert kinds.count("uniform") == 5 and kinds.count("full") == 2
    assert kinds.count("zeros") == 1
    check_round_trip([doc], [INIT])


def test_nn_init_of_a_parameter_an_op_already_used_is_a_new_source_from_there():
    # (refused before the seventh corpus); y keeps the first bias's node, a leaf as it was
    (doc,) = outcomes([USED_FIRST])
    assert doc.trace_note is None, doc.trace_note
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert kinds.count("uniform") == 2 and kinds.count("zeros") == 1
    check_round_trip([doc], [USED_FIRST])


def test_a_backward_through_the_first_values_of_a_refilled_parameter_is_not_drawn():
    # the script's bias is one leaf, which the backward through y reaches; the graph's
    # first bias is another node than the refilled one: its check says so, and the rest
    # is recorded
    source = USED_FIRST + "    y.backward()\n    print(layer.bias.grad)\n"
    (doc,) = outcomes([source])
    assert doc.trace_note is not None and "bias.grad would be None" in doc.trace_note, \
        doc.trace_note
    check_round_trip([doc], [source])


NORMAL = """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    def init_weights(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, mean=0.0, std=0.1)
            nn.init.constant_(m.bias, 0.01)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    model.apply(init_weights)
    noise = torch.empty(2, 3).normal_(1.0, 0.5)
    print(model[0].weight, noise)
    model(torch.randn(5, 3) + noise[0]).sum().backward()
    print(model[2].weight.grad)
"""


def test_nn_init_normal_and_tensor_normal_are_normal_source_nodes():
    """``model.apply(init)`` with ``nn.init.normal_`` (and ``torch.empty(...).normal_``):
    ``normal`` nodes drawing what torch draws, where before the program was cut there."""
    (doc,) = traced_documents([NORMAL])
    assert doc.trace_note is None
    kinds = [doc.node(n).kind for n in doc.node_ids]
    assert kinds.count("normal") == 3 and kinds.count("full") == 2
    check_round_trip([doc], [NORMAL])
