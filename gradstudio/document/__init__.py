"""The document layer: a PyTorch program drawn as a graph, its run, its files and its
crossings to and from PyTorch code. Pure Python + numpy + networkx (the program graph and
its searches, imported at the first node: ``graph_store``); never imports Qt."""
from .catalogue import CATALOGUE, NodeKind, categories
from .model import ACTION_KINDS, Action, Change, Document, DocumentError, NodeData, Region
from .run import ActionOutcome, RunResult, TensorState, run

__all__ = ["CATALOGUE", "NodeKind", "categories", "Document", "DocumentError", "NodeData",
           "Region", "Action", "Change", "ACTION_KINDS", "run", "RunResult", "TensorState",
           "ActionOutcome"]
