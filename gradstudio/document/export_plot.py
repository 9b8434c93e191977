"""The exported script's last part: the trained model over its inputs, drawn with
matplotlib, so that an experiment exported from the Data panel continues in Jupyter with
the same numbers.

Written for a program the Data panel shows (``data_view.data_points``: a loop's loss
whose model reads one or two input columns) when its points come from a data node (a
teaching set or imported data). Under ``torch.no_grad()`` the script computes the nodes
between the inputs and the model's output again, on a grid over the input plane (two
inputs, ``GRID`` × ``GRID`` points, over the range the panel shows) or on a line (one
input), with the parameters as the loop left them, each statement the node's own code
with ``_grid`` names; the test rows a data node holds out go through the nodes between it
and the inputs the same way (``_test`` names). Then, only if matplotlib can be imported,
it draws (and not where GradStudio's tracer runs the script, which sets
``vocabulary.TRACING_ENV``: opening the export traces the program, not its plot): the
probability of class 1 (or the predicted class, or the output) behind the
points coloured by their target, the test points hollow; for one input, the fitted curve
over the points. The part prints nothing, so the script prints the same with or without
matplotlib.
"""
from gradstudio.vocabulary import TRACING_ENV

from .catalogue import CATALOGUE
from .catalogue_data import DATA_KINDS
from .data_view import CLASS_LOSSES, CURVE_POINTS, GRID, LOGIT_LOSSES, data_points, span

__all__ = ["plot_lines"]

_CMAP = "RdBu_r"


def _rewrite(doc, result, names, given, dests, claim, suffix):
    """``(statements, names)``: the nodes between the nodes ``given`` (id -> the name
    they are read from) and the nodes ``dests`` written again, each under its name +
    ``suffix``; None when one of them is not a node the forward pass computed."""
    below = set().union(*(doc.descendants(n) for n in given))
    wanted = below & set().union(*(doc.ancestors(d) | {d} for d in dests))
    path = [n for n in result.order if n in wanted and n not in given]
    if any(n in result.late or n in result.errors for n in path):
        return None
    local = {**names, **given}
    lines = []
    calls = {}       # a Function of several outputs in the path -> the name of its tuple
    for nid in path:
        data = doc.node(nid)
        spec = CATALOGUE[data.kind]
        inputs = doc.inputs_of(nid)
        a = {p: local[inputs[p]] for p in spec.input_names(data.params) if p in inputs}
        local[nid] = claim(f"{names[nid]}{suffix}")
        lines += _rewritten(spec, data.params, a, local[nid], nid, inputs, names, calls, claim,
                            suffix)
    return lines, local


def _rewritten(spec, params, a, name, nid, inputs, names, calls, claim, suffix):
    """The statements writing node ``nid`` again as ``name``: output k of a Function of
    several is output k of the call written again (``outs[k]``), or the script's own
    tensor where the call is not written again (nothing it depends on changed)."""
    if spec.output_of:
        src = inputs.get("function")
        return [f"{name} = {calls[src]}[{params['index']}]" if src in calls else
                f"{name} = {names[nid]}"]
    expr = spec.code(params, a)
    if spec.outputs is not None and len(spec.outputs(params)) > 1:
        calls[nid] = claim(f"{names[nid]}{suffix}_outputs")
        return [f"{calls[nid]} = {expr}", f"{name} = {calls[nid]}[0]"]
    return [f"{name} = {expr}"] + (spec.then(params, a, name) if spec.then is not None
                                   else [])


def _data_node(doc, result, x):
    """The data node the inputs ``x`` are made from, or None."""
    above = doc.ancestors(x) | {x}
    return next((n for n in result.order if n in above and doc.node(n).kind in DATA_KINDS),
                None)


def _linspace(values, count, x):
    lo, hi = span(values)
    return f"torch.linspace({lo!r}, {hi!r}, {count}, dtype={x}.dtype)"


def _shown(view, out):
    """The expression of what the background shows, from the output ``out`` on the
    grid, and its title."""
    kind = view.loss_kind
    if kind in CLASS_LOSSES:
        return f"{out}.argmax(1)", "the predicted class"
    if kind in LOGIT_LOSSES:
        return f"torch.sigmoid({out}[:, 0])", "the probability of class 1"
    return f"{out}[:, 0]", "the output" if not view.classes else "the output (class 1 above 0.5)"


def plot_lines(doc, result, names, claim):
    """The lines of the plot part (see the module's docstring), or [] when the program
    has no such model. ``names`` are the script's names of the nodes; ``claim(wanted)``
    gives a free name."""
    view = data_points(doc, result)
    if view.inputs is None or view.message:
        return []
    x, output, target = (view.nodes[k] for k in ("inputs", "output", "target"))
    data = _data_node(doc, result, x)
    if data is None:
        return []
    two = view.inputs.shape[1] == 2
    grid = claim(f"{names[x]}_grid")
    made = _rewrite(doc, result, names, {x: grid}, {output}, claim, "_grid")
    if made is None:
        return []
    model, local = made
    body = []
    if two:
        g0, g1 = claim("grid_0"), claim("grid_1")
        body += [f"{g0}, {g1} = torch.meshgrid({_linspace(view.inputs[:, 0], GRID, names[x])}"
                 f", {_linspace(view.inputs[:, 1], GRID, names[x])}, indexing=\"ij\")",
                 f"{grid} = torch.stack([{g0}.reshape(-1), {g1}.reshape(-1)], 1)"]
    else:
        body.append(f"{grid} = {_linspace(view.inputs[:, 0], CURVE_POINTS, names[x])}"
                    ".reshape(-1, 1)")
    body += model
    test = _test_lines(doc, result, names, claim, data, x, target)
    if test is not None:
        body += test[0]
    plt, os_ = claim("plt"), claim("os")
    # (computed only where it is drawn: without matplotlib, or opened in GradStudio, the
    # script computes nothing more than the program, so it traces back to the same graph)
    lines = ["", "# The trained model over its inputs, drawn if matplotlib is installed",
             f"# (not when GradStudio opens this script: it sets {TRACING_ENV})",
             f"import os as {os_}" if os_ != "os" else "import os", f"{plt} = None",
             f"if not {os_}.environ.get(\"{TRACING_ENV}\"):", "    try:",
             f"        import matplotlib.pyplot as {plt}", "    except ImportError:",
             "        pass", f"if {plt} is not None:", "    with torch.no_grad():"]
    lines += ["        " + s for s in body]
    drawn = {"x": names[x], "y": names[target], "out": local[output], "grid": grid,
             "test": test}
    if two:
        drawn.update(g0=g0, g1=g1)
    return lines + ["    " + s for s in _drawing(view, plt, two, drawn)]


def _drawing(view, plt, two, n):
    """The statements that draw, given the names ``n`` of the points, the grid, the
    model's output on it and the test points (``test``: None, or its statements and
    names)."""
    x, y, test = n["x"], n["y"], n["test"]
    targets = f"{y}.detach().reshape(len({x}), -1)[:, 0].numpy()"
    if two:
        shown, title = _shown(view, n["out"])
        out = [f"{plt}.contourf({n['g0']}.numpy(), {n['g1']}.numpy(), {shown}.reshape({GRID}, "
               f"{GRID}).numpy(), levels=20, cmap=\"{_CMAP}\", alpha=0.6)",
               f"{plt}.scatter({x}[:, 0].detach().numpy(), {x}[:, 1].detach().numpy(), "
               f"c={targets}, cmap=\"{_CMAP}\", edgecolors=\"black\", linewidths=0.5, s=25)"]
        if test is not None:
            xt = test[1]
            out.append(f"{plt}.scatter({xt}[:, 0].numpy(), {xt}[:, 1].numpy(), facecolors="
                       "\"none\", edgecolors=\"black\", linewidths=1.5, s=40)  # the test "
                       "points, hollow")
    else:
        title = "the fitted curve"
        out = [f"{plt}.scatter({x}[:, 0].detach().numpy(), {targets}, s=12)",
               f"{plt}.plot({n['grid']}[:, 0].numpy(), {n['out']}[:, 0].numpy(), "
               "color=\"black\")"]
        if test is not None:
            xt, yt = test[1], test[2]
            out.append(f"{plt}.scatter({xt}[:, 0].numpy(), {yt}.reshape(len({xt}), -1)[:, 0]"
                       ".numpy(), facecolors=\"none\", edgecolors=\"black\", s=16)  # the "
                       "test points, hollow")
    return out + [f"{plt}.title(\"The trained model: {title}\")", f"{plt}.show()"]


def _test_lines(doc, result, names, claim, data, x, target):
    """``(statements, inputs name, targets name)`` making the test rows' inputs and
    targets from ``{data}_test``, or None when the data node holds none out."""
    if data not in result.held_out:
        return None
    made = _rewrite(doc, result, names, {data: f"{names[data]}_test"}, {x, target}, claim,
                    "_test")
    if made is None or x not in made[1] or target not in made[1]:
        return None
    return made[0], made[1][x], made[1][target]
