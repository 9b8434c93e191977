"""Collecting one value per iteration: ``collect`` and ``collected``.

A training loop that keeps a value of every iteration (``losses.append(loss.item())``,
``losses.append(loss.detach())``, ``history.append(float(loss))``) is a ``collect`` node on
the tensor it keeps: it hands back its input (``catalogue.RETURNS_INPUT``), and each time
it is computed it appends the value to its list, made once before the program
(``losses = []``). In a loop it is computed by a ``compute`` step of the loop's body,
where the script appended, so the list holds one value per iteration. ``collected`` is
that list as a tensor later nodes compute with (``torch.tensor(losses)``,
``torch.stack(losses)``); it exists only after something was collected, so it belongs in
a ``compute`` step after the loop, as ``grad_of`` does. The lists live in the run's
``keeping`` block (``gradstudio.hook_text``), beside the lists gradient hooks keep into.
Registered into the catalogue by ``catalogue`` itself.
"""
import gradstudio.engine as torch
from gradstudio.hook_text import check_list_name, collect_into, collected_values
from gradstudio.words import translate

from .catalogue_autograd import NotComputable

__all__ = ["register", "FORMS", "MAKES", "summary", "collected_summary"]

# how a collect node keeps its tensor: the expression the export appends
FORMS = {"item": "{x}.item()", "float": "float({x})", "detach": "{x}.detach()"}
# how a collected node makes a tensor of its list
MAKES = {"tensor": "torch.tensor({into})", "stack": "torch.stack({into})"}


def _collect(p, self):
    form = p["form"]
    if form not in FORMS:
        raise NotComputable(translate("Catalogue", "A collect node keeps its tensor as "
                                      "item, float or detach."))
    if form in ("item", "float") and self.numel() != 1:
        raise NotComputable(translate(
            "Catalogue", "Only a tensor of one element can be collected as a number "
            "({form}); this one has {count} elements. Collect it with detach.").format(
            form=form, count=self.numel()))
    value = self.item() if form == "item" else float(self) if form == "float" \
        else self.detach()
    collect_into(check_list_name(p["into"]), value)
    return self


def _collect_then(p, a, name):
    return [f"{check_list_name(p['into'])}.append({FORMS[p['form']].format(x=name)})"]


def _collected(p):
    into = check_list_name(p["into"])
    values = collected_values(into)
    if not values:
        raise NotComputable(translate(
            "Catalogue", "The list {into} holds nothing yet here: a collect node appends "
            "to it each time it is computed. Compute this node at a step after the loop "
            "that collects (timeline: Add ▸ compute nodes here).").format(into=into))
    tensors = [isinstance(v, torch.Tensor) for v in values]
    if p["make"] == "stack":
        if not all(tensors):
            raise NotComputable(translate(
                "Catalogue", "The list {into} holds numbers, not tensors: make its tensor "
                "with torch.tensor, not torch.stack.").format(into=into))
        return torch.stack(values)
    if any(tensors):
        raise NotComputable(translate(
            "Catalogue", "The list {into} holds tensors, not numbers: make its tensor "
            "with torch.stack, not torch.tensor.").format(into=into))
    return torch.tensor(values)


def summary(values):
    """A short description of a collected list, for a card or the inspector: its count,
    first and last value (``100 values: 1.25 … 0.0031``)."""
    if not values:
        return translate("Catalogue", "nothing collected yet")

    def one(v):
        v = v.item() if isinstance(v, torch.Tensor) and v.numel() == 1 else v
        return f"{v:.4g}" if isinstance(v, float) else str(v).replace("\n", " ")
    return translate("Catalogue", "{count} values: {first} … {last}").format(
        count=len(values), first=one(values[0]), last=one(values[-1]))


def collected_summary(doc, result, node_id):
    """What the list of a ``collect`` or ``collected`` node held at the end of the run, in
    a line for the inspector (``losses at the end of the run: 100 values: 7.363 …
    9.601e-05``); None for a node of another kind, or without a run."""
    data = doc.node(node_id)
    if data.kind not in ("collect", "collected") or result is None:
        return None
    into = data.params["into"]
    return translate("Catalogue", "{into} at the end of the run: {summary}").format(
        into=into, summary=summary(result.kept.get(into, [])))


def register(add, NodeKind, Port, ParamSpec):
    """Adds ``collect`` and ``collected`` with the catalogue's ``add``."""
    into = ParamSpec("into", "list_name", "losses", "the list it appends to, made before "
                     "the program (losses = [])")
    add(NodeKind("collect", "autograd", "Keeps a value of its tensor each time it is "
                 "computed, as losses.append(loss.item()) does in a training loop: one "
                 "value per iteration, for a collected node after the loop.",
                 (Port("self"),),
                 (into, ParamSpec("form", "choice", "item", "how the value is kept: "
                                  "loss.item(), float(loss) or loss.detach()",
                                  choices=tuple(FORMS))),
                 _collect, "{into}.append({self}.item())", code=lambda p, a: a["self"],
                 then=_collect_then,
                 prelude=lambda p: ([f"{p['into']} = []"], [p["into"]])))
    add(NodeKind("collected", "autograd", "The values a collect node kept, one per "
                 "iteration, as one tensor: torch.tensor(losses) of numbers, "
                 "torch.stack(losses) of tensors. It exists only after the loop that "
                 "collects, so put the node in a 'compute' step of the timeline after it.",
                 (), (ParamSpec("into", "list_name", "losses", "the list a collect node "
                                "appends to"),
                      ParamSpec("make", "choice", "tensor", "torch.tensor of numbers, "
                                "torch.stack of tensors", choices=tuple(MAKES))),
                 _collected, "torch.tensor({into})",
                 code=lambda p, a: MAKES[p["make"]].format(into=p["into"]),
                 prelude=lambda p: ([f"{p['into']} = []"], [p["into"]])))
