"""Small documents with a data node, shared by the data view's and the plot's tests."""
from gradstudio.document import Document
from gradstudio.document.training import add_linear, add_train_loop


def one_input_regression(kind, n, count):
    """A dataset node ``kind`` of ``n`` points (x in its first column, y in its second),
    ``model = nn.Linear(1, 1)``, an MSE loss and a ``count``-iteration SGD loop: ``(doc, weight id, bias id)``."""
    doc = Document()
    data = doc.add_node(kind, {"n": n, "manual_seed": 1}, label="data")
    x = doc.add_node("index", {"key": ":, :1"}, label="x")
    y = doc.add_node("index", {"key": ":, 1:"}, label="y")
    doc.connect(data, x, "self")
    doc.connect(data, y, "self")
    w, b, pred = add_linear(doc, x, 1, 1, "model")
    loss = doc.add_node("mse_loss", label="loss")
    doc.connect(pred, loss, "input")
    doc.connect(y, loss, "target")
    add_train_loop(doc, [w, b], loss, count=count, lr=0.1, optimizer="SGD")
    return doc, w, b
