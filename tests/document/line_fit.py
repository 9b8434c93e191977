"""The small regression several document tests train: ``pred = x * w + b`` against ``y``
with a mean squared error, built node by node as a user would on the canvas."""
from gradstudio.document import Document

__all__ = ["line_fit"]


def line_fit(x, y, w=0.0, doc=None, before_product=None):
    """``(doc, nodes)``: nodes by label (x, y, w, b, xw, pred, loss); ``w`` is w's start
    (b starts at 0); ``before_product(doc, w, b)`` adds nodes of its own after the
    parameters and before the product (their node ids then come in that order)."""
    d = Document() if doc is None else doc
    n = {"x": d.add_node("tensor", {"value": x}, label="x"),
         "y": d.add_node("tensor", {"value": y}, label="y")}
    n["w"] = d.add_node("tensor", {"value": [w], "requires_grad": True}, label="w")
    n["b"] = d.add_node("tensor", {"value": [0.0], "requires_grad": True}, label="b")
    if before_product is not None:
        before_product(d, n["w"], n["b"])
    n["xw"] = d.add_node("mul", label="xw")
    d.connect(n["x"], n["xw"], "self")
    d.connect(n["w"], n["xw"], "other")
    n["pred"] = d.add_node("add", label="pred")
    d.connect(n["xw"], n["pred"], "self")
    d.connect(n["b"], n["pred"], "other")
    n["loss"] = d.add_node("mse_loss", label="loss")
    d.connect(n["pred"], n["loss"], "input")
    d.connect(n["y"], n["loss"], "target")
    return d, n
