"""What the probe panel can probe, and what it picks when nothing is chosen: the outputs
(floating-point nodes computed from something floating), why there are none, the
backward step the Jacobian tab shows, and the default output and input (a backward
step's target, the selection). Pure reads of a ``Session``: no widget here."""
import gradstudio.engine as engine
from gradstudio.document import probe
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["floating", "empty_text", "backward_shown", "shown_action", "default_output",
           "default_input", "NO_OUTPUT_TEXT", "NO_OP_TEXT"]

NO_OUTPUT_TEXT = QT_TRANSLATE_NOOP("ProbeChoices", "Nothing to probe yet: the program has no floating-point result.")
NO_OP_TEXT = (QT_TRANSLATE_NOOP("ProbeChoices", "Nothing to probe yet: {names} are floating-point, but "
                                 "nothing is computed from them; add an operation on them "
                                 "to see its derivatives."))
NO_OP_TEXT_ONE = QT_TRANSLATE_NOOP("ProbeChoices", "Nothing to probe yet: {names} is "
                                   "floating-point, but nothing is computed from it; add an "
                                   "operation on it to see its derivatives.")


def floating(session):
    """``(floating nodes, those that depend on something floating)`` in run order."""
    result, doc = session.result, session.document
    if result is None:
        return [], []
    floating, reached, found = {}, set(), []   # reached: fed by a floating node
    for nid in result.order:
        s = result.state(nid, session.step)
        if any(src in floating or src in reached for src in doc.inputs_of(nid).values()):
            reached.add(nid)
        if s.ok and s.value is not None and s.dtype and \
                getattr(engine, s.dtype).is_floating_point:
            floating[nid] = None
            if nid in reached:
                found.append(nid)
    return list(floating), found


def empty_text(doc, floating):
    """Why there is nothing to probe: no floating-point tensor at all, or only ones
    that nothing is computed from (floating leaves alone)."""
    if not floating:
        return translate("ProbeChoices", NO_OUTPUT_TEXT)
    names = [doc.display_name(n) for n in floating[:3]]
    listed = names[0] if len(names) == 1 else \
        ", ".join(names[:-1]) + (" and " if len(floating) <= 3 else ", ") + names[-1]
    if len(floating) > 3:
        listed += " …"
    one = len(floating) == 1
    return translate("ProbeChoices", NO_OP_TEXT_ONE if one else NO_OP_TEXT).format(names=listed)


def backward_shown(session, output):
    """``(index, action)`` of the backward step the Jacobian tab shows: the one just
    shown in the timeline, else the first of the output, else None."""
    steps = probe.backward_actions(session.document)
    shown = shown_action(session)
    for i, a in steps:
        if i == shown and a.params.get("target") == output:
            return i, a
    return next(((i, a) for i, a in steps if a.params.get("target") == output),
                (None, None))


def shown_action(session):
    """The timeline index of the action whose step is shown (None at step 0)."""
    result, step = session.result, session.step
    if result is None:
        return None
    if step is None or step < 0:
        step = result.step_count + (step if step is not None else -1)
    return step - 1 if step >= 1 else None


def default_output(session, outputs):
    doc = session.document
    shown = shown_action(session)
    backward = [(i, a.params.get("target")) for i, a in probe.backward_actions(doc)
                if a.params.get("target") in outputs]
    for i, target in backward:
        if i == shown:
            return target
    picked = [n for n in session.selection if n in outputs]
    if picked:
        return picked[0]
    if backward:
        return backward[0][1]
    return outputs[-1] if outputs else None


def default_input(session, inputs):
    picked = [n for n in session.selection if n in inputs]
    return picked[0] if picked else (inputs[0] if inputs else None)
