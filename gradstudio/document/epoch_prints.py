"""A print in some epochs only (issue 32): ``if (epoch + 1) % 5 == 0: print(f"...")``
after a loop over a loader's batches is traced as one loop per epoch with a print step
after some of them. The epochs' steps differ, so ``nest_epochs`` alone merges only the
epochs between two prints (a run of five loops, then the print, six times over).

``quiet_prints`` makes them the same steps: each epoch without the print is given an
empty one (which prints nothing), and each print becomes the one text it printed with
``end=''``. Merged, the print is one text per epoch, empty in the epochs the script did
not print in, and the export prints exactly what the script printed.

Only a print of text recorded from the script (no tensor of the graph in it) is given
so: one printing a tensor in some epochs only keeps its epochs apart (never wrong).
Prints are told apart by their line in the script and their place among the epoch's
other steps; a run whose prints cannot be lined up so is left alone.
"""
from gradstudio.timeline import ACTIONS

from .actions import loop_structure
from .files import dumps, loads

__all__ = ["quiet_prints", "restore_prints"]


def _text_only(action):
    return action.kind == "say" and not action.params["tensors"] and all(
        set(part) == {"text"} for part in action.params["parts"])


def _runs(timeline):
    """Each run of two or more loops, one after the other, of the same count and body
    length, none split into epochs: ``[(start, end, next start or None)]``."""
    ends, problems = loop_structure(timeline)
    if problems:
        return
    starts = [s for s in sorted(ends) if not any(
        ACTIONS[a.kind].loop == "epoch" for a in timeline[s:ends[s]])]
    run = []
    for k, s in enumerate(starts):
        nxt = starts[k + 1] if k + 1 < len(starts) else None
        if run and (timeline[s].params["count"] != timeline[run[-1][0]].params["count"]
                    or ends[s] - s != run[-1][1] - run[-1][0] or run[-1][2] != s):
            if len(run) > 1:
                yield run
            run = []
        following = nxt if nxt is not None and nxt > ends[s] and not any(
            ACTIONS[a.kind].loop for a in timeline[ends[s] + 1:nxt]) else None
        run.append((s, ends[s], following))
    if len(run) > 1:
        yield run


def _split(steps):
    """An epoch's steps after its loop: ``(kinds, slots)``, the kinds of its steps other
    than prints of recorded text, and those prints as ``{(place, line): index}``
    (``place``: how many other steps come before it); None when two are in one place."""
    kinds, slots = [], {}
    for index, action in steps:
        if _text_only(action):
            key = (len(kinds), action.params["line"])
            if key in slots or action.params["line"] is None:
                return None
            slots[key] = index
        else:
            kinds.append(action.kind)
    return kinds, slots


def _last_steps(timeline, at, kinds, keys):
    """The last epoch's steps after its loop (from ``at``): ``kinds`` in order, with the
    prints whose ``(place, line)`` is in ``keys`` among them and compute steps the
    others do not have skipped; None when they do not match."""
    steps, j, place = [], at, 0
    while j < len(timeline):
        action = timeline[j]
        if _text_only(action) and (place, action.params["line"]) in keys:
            steps.append((j, action))
        elif place < len(kinds) and action.kind == kinds[place]:
            steps.append((j, action))
            place += 1
        elif ACTIONS[action.kind].recomputes == "late":
            pass                      # (computed after the loop by the merge: skipped)
        else:
            break
        j += 1
    return steps if place == len(kinds) else None


def _slots_of_run(timeline, run):
    """``(order, each)`` for a run: every print's ``(place, line)`` in order, and each
    epoch's ``{key: index}`` and where its steps end; None when the epochs' other steps
    differ or their prints cannot be lined up."""
    split = []
    for start, end, nxt in run[:-1]:
        got = _split([(i, timeline[i]) for i in range(end + 1, nxt)])
        if got is None:
            return None
        split.append(got)
    kinds = split[0][0]
    if any(k != kinds for k, _ in split):
        return None
    keys = {key for _, slots in split for key in slots}
    last = _last_steps(timeline, run[-1][1] + 1, kinds, keys)
    got = None if last is None else _split(last)
    if got is None:
        return None
    split.append(got)
    order = sorted(keys, key=lambda key: (key[0], min(
        (slots[key] - run[n][1]) for n, (_, slots) in enumerate(split) if key in slots)))
    for _, slots in split:
        present = [key for key in order if key in slots]
        if [slots[k] for k in present] != sorted(slots[k] for k in present):
            return None
    if all(len(slots) == len(order) for _, slots in split):
        return None                                  # (every epoch prints: nothing to do)
    return order, [slots for _, slots in split], last


def _places(timeline, run, order, each, last):
    """Where each missing print goes: ``[(index, key)]``, after the steps before it."""
    wanted = []
    for n, ((start, end, nxt), slots) in enumerate(zip(run, each)):
        steps = [(i, timeline[i]) for i in range(end + 1, nxt)] if n < len(run) - 1 \
            else [(i, a) for i, a in last]
        for key in order:
            if key in slots:
                continue
            place, before = key[0], end + 1
            seen = 0
            for i, action in steps:
                if not _text_only(action):
                    seen += 1
                    if seen == place:
                        before = i + 1
                elif (seen, action.params["line"]) in slots and \
                        order.index((seen, action.params["line"])) < order.index(key):
                    before = i + 1
            wanted.append((before, order.index(key), key))
    return wanted


def quiet_prints(doc):
    """``(padded, originals, added)``: a copy of ``doc`` whose runs of one-epoch loops
    print in every epoch (see the module's docstring), the prints' own settings by action
    id and the ids of the empty prints added (for ``restore_prints``); None when no run
    prints in some epochs only."""
    timeline = doc.timeline
    inserts, rewrites = [], {}
    for run in _runs(timeline):
        found = _slots_of_run(timeline, run)
        if found is None:
            continue
        order, each, last = found
        inserts += _places(timeline, run, order, each, last)
        for slots in each:
            for index in slots.values():
                rewrites[timeline[index].id] = timeline[index].params
    if not inserts:
        return None
    padded = loads(dumps(doc))
    originals = {}
    for action_id, params in rewrites.items():
        text = params["sep"].join(p["text"] for p in params["parts"]) + params["end"]
        originals[action_id] = {k: params[k] for k in ("parts", "sep", "end")}
        for name, value in (("parts", [{"text": text}]), ("sep", " "), ("end", "")):
            padded.set_action_param(action_id, name, value)
    added = {padded.add_action("say", {"parts": [{"text": ""}], "end": "", "line": line},
                               index=index)
             for index, _, (_, line) in sorted(inserts, reverse=True)}
    return padded, originals, added


def restore_prints(doc, originals, added):
    """``doc`` (merged from a padded one) with the prints left outside a loop as the
    script wrote them: the empty ones ``added`` removed, the others given their own
    settings back."""
    ends, _ = loop_structure(doc.timeline)
    inside = {i for s, e in ends.items() for i in range(s, e + 1)}
    for i, action in reversed(list(enumerate(doc.timeline))):
        if i in inside:
            continue
        if action.id in originals and action.kind == "say":
            for name, value in originals[action.id].items():
                doc.set_action_param(action.id, name, value)
        elif action.id in added and action.kind == "say" and \
                action.params["parts"] == [{"text": ""}]:
            doc.remove_action(action.id)     # (a later step may have the id again)
    return doc
