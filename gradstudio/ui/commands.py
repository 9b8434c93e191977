"""Undo commands. Each only calls document methods (orange-canvas-core style); the canvas
and panels follow through the document's change events and the re-run after each one."""
from PySide6.QtGui import QUndoCommand

from gradstudio.document.model import Action, DocumentError, check_label
from gradstudio.document.training import linear_bounds, place_train_loop
from gradstudio.ui.i18n import translate

__all__ = ["AddNode", "RemoveNodes", "Connect", "Disconnect", "MoveNodes", "SetParam",
           "SetLabel", "SetWatched", "AddRegion", "RemoveRegion", "SetRegionNodes",
           "AddAction", "RemoveAction", "MoveAction", "SetActionParam", "SetSeed", "Paste",
           "SetRetainsGrad", "AddLoop", "TrainLoop", "AddLinearLayer", "KeepLiveRun"]

MOVE_ID = 1001


class _Command(QUndoCommand):
    """An edit. If the document refuses it (a DocumentError from its first ``redo``),
    nothing has changed, the command marks itself obsolete so the stack drops it instead
    of keeping a do-nothing undo step, and ``refused`` holds the error for
    ``Session.push`` to raise to whoever asked."""

    def __init__(self, doc, text):
        super().__init__(text)
        self.doc = doc
        self.refused = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "redo" in cls.__dict__:
            cls.redo = _refusable(cls.__dict__["redo"])


def _refusable(redo):
    def guarded(self):
        try:
            redo(self)
        except DocumentError as exc:
            self.refused = exc
            self.setObsolete(True)
    guarded.__doc__, guarded.__name__ = redo.__doc__, redo.__name__
    return guarded


class _Macro(_Command):
    """Several commands as one undo step: redone in order, undone in reverse."""

    def __init__(self, doc, text, steps):
        super().__init__(doc, text)
        self.steps = list(steps)

    def redo(self):
        for i, step in enumerate(self.steps):
            step.redo()
            if step.refused is not None:     # all or nothing: take back the steps done
                for done in reversed(self.steps[:i]):
                    done.undo()
                raise step.refused

    def undo(self):
        for step in reversed(self.steps):
            step.undo()


class AddNode(_Command):
    """Adds a node; ``inputs`` (``{port: source id}``) are connected in the same step."""

    def __init__(self, doc, kind, params=None, position=(0.0, 0.0), label=None, inputs=None):
        article = "an" if kind[:1] in "aeiou" else "a"
        super().__init__(doc, translate("Commands", "Add {article} {kind} node").format(article=article, kind=kind))     # not "Add add"
        self.kind, self.params, self.position, self.label = kind, params, position, label
        self.inputs = dict(inputs or {})
        self.node_id = doc.new_id()

    def redo(self):
        self.doc.add_node(self.kind, self.params, self.position, self.label, self.node_id)
        for port, source in self.inputs.items():
            self.doc.connect(source, self.node_id, port)

    def undo(self):
        self.doc.remove_node(self.node_id)


class RemoveNodes(_Command):
    def __init__(self, doc, node_ids):
        super().__init__(doc, translate("Commands", "Delete") if len(node_ids) != 1 else
                         translate("Commands", "Delete {v}").format(v=doc.display_name(node_ids[0])))
        self.node_ids = list(node_ids)
        self.removed = []

    def redo(self):
        self.removed = [self.doc.remove_node(n) for n in self.node_ids]

    def undo(self):
        # restore in reverse so edges between removed nodes find both ends
        pending = []
        for r in reversed(self.removed):
            edges, r.edges = r.edges, []
            self.doc.restore_node(r)
            pending.extend(edges)
        for u, v, k in pending:
            if self.doc.source_of(v, k) is None:
                self.doc.connect(u, v, k)


class Connect(_Command):
    def __init__(self, doc, source, target, port):
        super().__init__(doc, translate("Commands", "Connect {v} → "
                              "{v2}.{port}").format(v=doc.display_name(source), v2=doc.display_name(target), port=port))
        self.source, self.target, self.port = source, target, port
        self.previous = None

    def redo(self):
        self.previous = self.doc.connect(self.source, self.target, self.port)

    def undo(self):
        self.doc.disconnect(self.target, self.port)
        if self.previous is not None:
            self.doc.connect(self.previous, self.target, self.port)


class Disconnect(_Command):
    def __init__(self, doc, target, port):
        super().__init__(doc, translate("Commands", "Disconnect {v}.{port}").format(v=doc.display_name(target), port=port))
        self.target, self.port = target, port
        self.source = doc.source_of(target, port)

    def redo(self):
        self.doc.disconnect(self.target, self.port)

    def undo(self):
        if self.source is not None:
            self.doc.connect(self.source, self.target, self.port)


class MoveNodes(_Command):
    """Moves nodes; consecutive moves of the same nodes (one drag) merge into one step."""

    def __init__(self, doc, moves, merge=True):
        super().__init__(doc, translate("Commands", "Move"))
        self.new = {n: tuple(p) for n, p in moves.items()}
        self.old = {n: doc.node(n).position for n in moves}
        self.merge = merge

    def id(self):
        return MOVE_ID if self.merge else -1

    def mergeWith(self, other):
        if not isinstance(other, MoveNodes) or set(other.new) != set(self.new) or not other.merge:
            return False
        self.new = other.new
        return True

    def redo(self):
        for n, p in self.new.items():
            self.doc.move_node(n, p)

    def undo(self):
        for n, p in self.old.items():
            self.doc.move_node(n, p)


class _Setter(_Command):
    """Sets one value through a document setter that returns the old value; undo sets
    the old value back. Every "set X of Y" command below is one of these."""

    def __init__(self, doc, text, setter, args, value):
        super().__init__(doc, text)
        self.setter, self.args, self.value = setter, args, value
        self.old = None

    def redo(self):
        self.old = getattr(self.doc, self.setter)(*self.args, self.value)

    def undo(self):
        getattr(self.doc, self.setter)(*self.args, self.old)


def SetParam(doc, node_id, name, value):
    return _Setter(doc, f"Set {doc.display_name(node_id)}.{name}", "set_param", (node_id, name),
                   value)


def SetLabel(doc, node_id, label):
    return _Setter(doc, f"Rename {doc.display_name(node_id)}", "set_label", (node_id,), label)


def SetWatched(doc, node_id, watched):
    name = doc.display_name(node_id)
    return _Setter(doc, (f"Print {name} in the exported script" if watched
                         else f"Stop printing {name} in the exported script"),
                   "set_watched", (node_id,), watched)


def SetActionParam(doc, action_id, name, value):
    return _Setter(doc, f"Set {name}", "set_action_param", (action_id, name), value)


def SetSeed(doc, seed):
    return _Setter(doc, "Set seed", "set_seed", (), seed)


class AddRegion(_Command):
    def __init__(self, doc, nodes, label="no_grad"):
        super().__init__(doc, translate("Commands", "Wrap in no_grad"))
        self.nodes, self.label = list(nodes), label
        self.region_id = doc.new_id("r")

    def redo(self):
        self.doc.add_region(self.nodes, self.label, self.region_id)

    def undo(self):
        self.doc.remove_region(self.region_id)


class RemoveRegion(_Command):
    def __init__(self, doc, region_id):
        super().__init__(doc, translate("Commands", "Remove no_grad region"))
        self.region_id = region_id
        self.region = None

    def redo(self):
        self.index = self.doc.region_index(self.region_id)
        self.region = self.doc.remove_region(self.region_id)

    def undo(self):             # back in its place: the file is the same byte for byte
        self.doc.add_region(self.region.nodes, self.region.label, self.region.id,
                            self.index)


def SetRegionNodes(doc, region_id, nodes):
    return _Setter(doc, "Change no_grad region", "set_region_nodes", (region_id,), set(nodes))


class AddAction(_Command):
    def __init__(self, doc, kind, params=None, index=None):
        article = "an" if kind[:1] in "aeiou" else "a"
        super().__init__(doc, translate("Commands", "Add {article} {kind} node").format(article=article, kind=kind))     # not "Add add"
        self.kind, self.params, self.index = kind, params, index
        self.action_id = doc.new_id("a")

    def redo(self):
        self.doc.add_action(self.kind, self.params, self.index, self.action_id)

    def undo(self):
        self.doc.remove_action(self.action_id)


class RemoveAction(_Command):
    def __init__(self, doc, action_id):
        super().__init__(doc, translate("Commands", "Remove action"))
        self.action_id = action_id
        self.saved = None

    def redo(self):
        self.saved = self.doc.remove_action(self.action_id)

    def undo(self):
        index, action = self.saved
        self.doc.insert_action(index, Action(action.id, action.kind, dict(action.params)))


def AddLoop(doc, index=None):
    """A loop (100 iterations) and its end, as one step; ``action_id`` is the loop's."""
    at = len(doc.timeline) if index is None else index
    loop = AddAction(doc, "loop", {"count": 100}, at)
    end = AddAction(doc, "end_loop", {}, at + 1)     # (each AddAction draws a new id)
    macro = _Macro(doc, "Add a loop", [loop, end])
    macro.action_id = loop.action_id
    return macro


def TrainLoop(doc, params, loss, index=None, **settings):
    """The training loop of ``training.train_loop`` inserted at ``index`` (the end by
    default) as one undo step; ``action_id`` is its first action's."""
    at = len(doc.timeline) if index is None else index
    steps = []

    def add(kind, p):
        steps.append(AddAction(doc, kind, p, at + len(steps)))
        return steps[-1].action_id
    place_train_loop(add, params, loss, **settings)
    macro = _Macro(doc, "Train…" if not settings.get("optimizer") else
                   f"Train with {settings['optimizer']}", steps)
    macro.action_id = steps[0].action_id
    return macro


def KeepLiveRun(doc, edits):
    """A kept live run (``document.live.keep_edits``: its settings set, its
    ``change_lr`` steps added) as one undo step."""
    steps = [SetActionParam(doc, *edit[1:]) if edit[0] == "set" else
             AddAction(doc, edit[1], edit[2], edit[3]) for edit in edits]
    return _Macro(doc, translate("Commands", "Keep the live run"), steps)


def AddLinearLayer(doc, source, in_features, out_features, positions=((0.0, 0.0),) * 3):
    """``nn.Linear(in_features, out_features)`` applied to ``source``, as one step: its
    weight and bias as ``uniform`` leaves drawn within PyTorch's bounds (in that order,
    as the layer draws them) and a ``linear`` node named ``layer`` (``layer_2`` ...), at
    ``positions`` (weight, bias, layer); ``node_id`` is the linear node's."""
    taken = {n.label for n in doc.nodes()}
    name, k = "layer", 1
    while name in taken or f"{name}_weight" in taken or f"{name}_bias" in taken:
        k += 1
        name = f"layer_{k}"
    wb, bb = linear_bounds(in_features)
    at_weight, at_bias, at_layer = positions
    weight = AddNode(doc, "uniform", {"shape": (out_features, in_features), "low": -wb,
                                      "high": wb, "requires_grad": True},
                     at_weight, f"{name}_weight")
    bias = AddNode(doc, "uniform", {"shape": (out_features,), "low": -bb, "high": bb,
                                    "requires_grad": True}, at_bias, f"{name}_bias")
    layer = AddNode(doc, "linear", position=at_layer, label=name,
                    inputs={"input": source, "weight": weight.node_id, "bias": bias.node_id})
    macro = _Macro(doc, f"Add nn.Linear({in_features}, {out_features})",
                   [weight, bias, layer])
    macro.node_id = layer.node_id
    return macro


def MoveAction(doc, action_id, index):
    return _Setter(doc, "Move action", "move_action", (action_id,), index)


class Paste(_Command):
    """Adds a copied subgraph: ``nodes`` as (old id, kind, params, position, label[,
    watched, retains_grad]) and ``edges`` between old ids. New ids, and labels made unique
    (``w`` pasted beside ``w`` is ``w_2``), are assigned once so redo repeats them; the
    copies keep their watched and ``retain_grad()`` marks."""

    def __init__(self, doc, nodes, edges, offset=(30.0, 30.0)):
        super().__init__(doc, translate("Commands", "Paste"))
        self.ids = {}
        self.nodes = []
        taken = {doc.display_name(n) for n in doc.node_ids}
        for old, kind, params, pos, label, *marks in nodes:
            new = doc.new_id()
            while new in self.ids.values():
                new = doc.new_id()
            self.ids[old] = new
            if label is not None:        # (a clipboard is outside data: checked here)
                label = _unique(check_label(label), taken)
                taken.add(label)
            watched, retains = (bool(m) for m in (list(marks) + [False, False])[:2])
            self.nodes.append((new, kind, dict(params), (pos[0] + offset[0], pos[1] + offset[1]),
                               label, watched, retains))
        self.edges = [(self.ids[u], self.ids[v], k) for u, v, k in edges
                      if u in self.ids and v in self.ids]

    def redo(self):
        for new, kind, params, pos, label, watched, retains in self.nodes:
            self.doc.add_node(kind, params, pos, label, new, watched=watched,
                              retains_grad=retains)
        for u, v, k in self.edges:
            self.doc.connect(u, v, k)

    def undo(self):
        for new, *_ in reversed(self.nodes):
            self.doc.remove_node(new)


# ----------------------------------------------------------------------------- retain_grad
def SetRetainsGrad(doc, node_id, retains):
    """Marks (or unmarks) a node's tensor with ``retain_grad()``: one undo step."""
    name = doc.display_name(node_id)
    return _Setter(doc, f"Keep .grad of {name}" if retains else f"Stop keeping .grad of {name}",
                   "set_retains_grad", (node_id,), bool(retains))


def PassOnesGradient(doc, action_id, shape, dtype, position):
    """Gives a non-scalar backward its ``gradient``: a ``ones`` tensor shaped like the
    target (what ``torch.ones_like(y)`` makes), as one undo step."""
    target = doc.action(action_id).params["target"]
    params = {"shape": tuple(shape), "dtype": None if dtype == "float32" else dtype}
    add = AddNode(doc, "ones", params, position=position,
                  label=_free_label(doc, f"ones_like_{doc.display_name(target)}"))
    return _Macro(doc, f"Pass gradient=torch.ones_like({doc.display_name(target)})",
                  [add, SetActionParam(doc, action_id, "gradient", add.node_id)])


def _free_label(doc, wanted):
    return _unique(wanted, {doc.display_name(n) for n in doc.node_ids})


def _unique(wanted, taken, longest=64):
    """``wanted``, or ``wanted_2``, ``wanted_3`` ... (shortened to stay a name of at most
    ``longest`` characters): the first not in ``taken``."""
    label, k = wanted, 2
    while label in taken:
        suffix = f"_{k}"
        label, k = wanted[:longest - len(suffix)] + suffix, k + 1
    return label
