"""The names a ``Recorder`` gives its nodes (a mixin of it): a node is labelled after the
first variable seen holding its tensor (``name_tensors``, ``name_some``: which variables
to look at, line by line, is ``naming``'s), ``name_2`` ... when the name is taken, a
module's parameters after their attributes.

Part of the tracing child (``child.py``); imports only ``gradstudio.vocabulary``.
"""
import keyword

from gradstudio.vocabulary import RESERVED_NAMES


class VariableNames:
    """The naming part of ``Recorder`` (its state: ``Recorder.__init__``)."""

    def name_tensors(self, namespace):
        """Names every unnamed tensor a variable of ``namespace`` holds."""
        for name, v in list(namespace.items()):
            if isinstance(v, self.Tensor):       # (a Parameter too)
                self._name_variable(name, v)
            elif isinstance(v, self.Module):
                self._name_parameters(v)

    def name_some(self, namespace, names):
        """``name_tensors`` for the variables ``names`` only (those a line may have
        bound, see ``naming``), in the namespace's order where that matters."""
        hits = []
        for name in names:
            v = namespace.get(name)
            if isinstance(v, self.Tensor):
                self.bound.setdefault(id(v), set()).add(name)
                i = self.node_of.get(id(v))
                if i is not None and self.nodes[i]["label"] is None:
                    hits.append(name)
            elif isinstance(v, self.Module):
                self._name_parameters(v)
            elif type(v) is tuple:
                self._name_outputs(name, v)
        if len(hits) > 1:
            hits = set(hits)
            hits = [name for name in namespace if name in hits]
        for name in hits:
            self._name_variable(name, namespace[name])

    def bound_names(self, start):
        """The variables last seen holding the tensors of the nodes from ``start`` on
        (an in-place operation gives a named tensor a new node)."""
        names = ()
        for t in self.objects[start:]:
            seen = self.bound.get(id(t))
            if seen:
                names += tuple(seen)
        return names

    def _name_parameters(self, module):
        """A module's unnamed parameters (``self.w = nn.Parameter(...)``) and buffers
        (``self.register_buffer("mean", torch.zeros(3))``) named after their attributes
        (``w``, ``layer_w`` inside a submodule)."""
        try:
            named = list(module.named_parameters()) + list(module.named_buffers())
        except AttributeError:          # (one still in its __init__, before Module's)
            return
        for name, p in named:
            i = self.node_of.get(id(p))
            if i is not None and self.nodes[i]["label"] is None:
                self._name_variable(name.replace(".", "_"), p)

    def _name_outputs(self, name, outputs):
        """``out = MyFn.apply(x)`` of a custom Function of several outputs: its unnamed
        outputs named ``out_0``, ``out_1`` ... (``print(out[1])`` reads ``out_1``)."""
        if not 1 < len(outputs) <= 8 or not all(isinstance(t, self.Tensor) for t in outputs):
            return
        first = self.node_of.get(id(outputs[0]))
        if first is None or self.nodes[first]["kind"] != "custom_function" or \
                not name.isidentifier() or keyword.iskeyword(name) or len(name) > 50:
            return
        for k, t in enumerate(outputs):
            i = self.node_of.get(id(t))
            if i is not None and self.nodes[i]["label"] is None and not self.nodes[i]["alias"]:
                self.name_node(i, f"{name}_{k}")

    def _name_variable(self, name, v):
        self.bound.setdefault(id(v), set()).add(name)
        i = self.node_of.get(id(v))
        if i is None:
            return
        node = self.nodes[i]
        if node["label"] is not None or node["alias"]:
            return
        if not name.isidentifier() or name.startswith("__") or keyword.iskeyword(name) \
                or len(name) > 60 or name in RESERVED_NAMES:
            return
        self.name_node(i, name)

    def name_node(self, i, name):
        """Labels node ``i`` ``name`` (``name_2`` ... if taken). Labels are never
        freed, so the search goes on from the last suffix given to ``name``: a loop
        rebinding ``y`` a thousand times costs a thousand steps, not half a million."""
        n = self.suffixes.get(name, 1)
        label = name if n == 1 else f"{name}_{n}"
        while label in self.labels:
            n += 1
            label = f"{name}_{n}"
        self.suffixes[name] = n
        self.labels.add(label)
        self.nodes[i]["label"] = label
