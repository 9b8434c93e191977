"""The recorder of the tracing child: ``Recorder`` keeps the nodes and actions a script
makes, buffers the operations inside composite calls, names nodes after the script's
variables and, at the end, folds training loops (``fold``), drops dead temporaries and
returns the JSON-able result.

It is split by responsibility, one mixin each over the state ``Recorder.__init__``
declares: ``recorder_nodes`` (``RecordedNodes``: the nodes, what is committed and how a
tensor finds its node), ``recorder_timeline`` (``Timeline``: the actions and what the
script prints), ``recorder_names`` (``VariableNames``: the nodes' labels) and
``recorder_finish`` (``finish``: the result, step by step).

Part of the tracing child (``child.py``); imports only the engine's public API (given as
``engine``) and its sibling modules.
"""
import sys

from .keeping import Kept
from .recorder_finish import UNSEEDED, finish
from .recorder_names import VariableNames
from .recorder_nodes import RecordedNodes
from .recorder_timeline import Timeline

__all__ = ["MAX_STEP_GRADS", "UNSEEDED", "Recorder"]

MAX_STEP_GRADS = 1_000_000    # gradient elements kept after each action, in all


class Recorder(RecordedNodes, Timeline, VariableNames):
    """What a script did with the engine (``engine``, the module it imports as torch), as
    the tracer records it: the state below, the parts' methods in their mixins."""
    grads_rewritten = ()          # (grad_of node, its .grad) the last action changed
    collect_read = None           # the tensor an appended value was just read from
    collect_tree = None           # the script parsed, for the prints reading a list

    # called before each node and action the script makes (``optim``: a learning rate
    # set by hand since, drawn as a change_lr step there)
    before_event = None

    def __init__(self, engine, filename, record_values=False):
        self.record_values = record_values
        self.values = {}              # node index -> (data copy, dtype, grad_fn name)
        self.grad_writes = {}         # grad_of node -> [(action index, its data after)]
        self.written = {}             # node -> its data after a compute step's write
        self.objects = []             # node index -> its output tensor
        self.torch = engine
        self.Tensor = engine.Tensor
        self.Module = engine.nn.Module
        self.filename = filename
        self.source = ""              # the script's text (a hook is read from it)
        self.function_texts = {}      # a custom Function's name -> its texts drawn (``functions``)
        self.quiet = 0
        self.frames = [[]]            # buffered records of open composite calls
        self.nodes = []               # committed node dicts, in order
        self.node_of = {}             # id(tensor) -> node index
        self.keep = []                # every tensor seen, kept alive so ids stay unique
        self.kept = Kept()            # what hooks that keep kept (``keeping``)
        self.grad_of = {}             # id(.grad tensor) -> node index of its owner
        self.grad_alias = {}          # id(x.grad.data) -> the .grad tensor it aliases
        self.grad_results = set()     # ids of tensors torch.autograd.grad returned
        self.grad_calls = {}          # id(such a tensor) -> (its action, the tensor, its
        #                               place among the call's inputs)
        self.split_calls = {}         # id(action) -> a grad call made nodes (see above)
        self.printed_grads = set()    # ids of such tensors printed while not nodes
        self.pending_view = None      # x[1:] += 1 half done (see ``writes``)
        self.memory = {}              # id(tensor) -> the tensors sharing its memory
        self.data_aliases = set()     # ids of tensors x.data returned
        self.data_source = {}         # id(x.data) -> x
        self.absorbed = set()         # ids of tensors a parameter update consumed
        self.retired = {}             # id(tensor) -> why it cannot be used again
        self.item_reads = []          # nodes whose .item() was read since the last print
        self.item_prints = []         # (node, nodes, actions) for each such node printed
        self.watched_prints = []      # (node, nodes, actions, line): a print that watched
        self.said = []                # every print, in order (see ``said``)
        self.clock = 0                # the script's own events so far (see ``cut``)
        self.line_clock = {}          # line -> the count of its first event
        self._start_cut_state()
        self.namespace = {}           # the script's globals (names for the nodes)
        self.refusal_clock = None     # the count at which ``refusal`` was found
        self.refusal = None           # the first TraceError found outside the observer
        self.uids, self.late_since = 0, False     # (late_since: a node owns .grad from a step on)
        self.grad_holders = {}        # id(tensor) -> tensor that may get a .grad
        self.step_grads_left = MAX_STEP_GRADS
        self.actions = []
        self.forward_lines = []       # lines printing hooks wrote before the first action
        self.action_lines = None      # ... during the action running now (None: none runs)
        self.seed = None
        self.random_drawn = False
        self.reseed = None        # a manual_seed after draws, for the next random source
        self.generators = {}      # id(torch.Generator) -> (number, state, it): handlers/factories
        self.subsets, self.subset_rows = {}, {}   # id(Subset) -> its tensors (handlers/splits)
        self.row_lists = {}       # id(list) -> (list, tensor, node): perm.tolist() (splits)
        self.loading = None       # the line of a DataLoader making a batch not drawn
        self.params_changed = False   # an update or optimizer step was recorded
        self.block_stack = []         # ids of open grad-mode blocks
        self.blocks = 0
        self.labels = set()
        self.suffixes = {}          # name -> the suffix its last label took (see name_node)
        self.bound = {}             # id(tensor) -> the variables seen holding it

    def _start_cut_state(self):
        """The state of cutting the drawing and of the recorded parts (``cut``)."""
        self.cut_at = None            # the count at which to stop drawing (``cut``)
        self.cut = None               # once cut: the result finished there, its line
        self.said_after = []          # the prints made after the cut: text only
        self.record_at = []           # counts at which recorded parts start (``cut``)
        self.part = None              # the recorded part running now (``cut``)
        self.parts = []               # the recorded parts so far: their lines
        self.made = {}                # id(tensor) -> (weak ref, line) made in a part
        self.line_clock_since = {}    # ``line_clock`` since the last part ended
        self.random_dirty = False     # a part drew random numbers, none seeded since
        self.cells = None             # a notebook's cells (``cut``: a part's statement)

    # ---------------------------------------------------------------- helpers
    def line(self):
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename == self.filename:
                return f.f_lineno
            f = f.f_back
        return None

    def last_uid(self):
        """The ``uid`` of the last action so far (None before any)."""
        return self.actions[-1].get("uid") if self.actions else None

    def is_tensor(self, v):
        return isinstance(v, self.Tensor)

    def finish(self):
        """Folds training loops, drops dead temporaries and returns the JSON-able result;
        refuses a graph that would still hold a value computed from a gradient
        (``recorder_finish``)."""
        return finish(self)
