"""Momentum written by hand (``momentum_update``): ``v.mul_(mu).add_(p.grad)`` or ``v =
mu * v + p.grad``, then ``p -= lr * v``, with each velocity a node the step carries from
one iteration to the next. The run, the export under real torch, a file's round trip,
the forward pass (which never computes a velocity again) and the errors in words."""
import pytest

from gradstudio.document import run
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps, loads
from gradstudio.timeline import ACTIONS, Spell

from line_fit import line_fit
from script_runner import run_scripts, torch_available

needs_torch = pytest.mark.skipif(not torch_available(), reason="PyTorch is not installed")


def momentum_doc(form="mul_add", style="-=", count=6, two=True, velocity_kind="zeros",
                 nesterov=False):
    """pred = x * w + b against y; a loop of backward, momentum_update, zero_grad; the
    velocities (and w) printed after it."""
    made = {}

    def velocities_of(d, w, b):
        if velocity_kind == "zeros":
            made["vw"] = d.add_node("zeros", {"shape": (1,)}, label="vw")
            made["vb"] = d.add_node("zeros", {"shape": (1,)}, label="vb")
        else:           # (w * 0.0 under torch.no_grad(): computed from the parameters)
            made["vw"] = d.add_node("mul", {"other": 0.0}, label="vw")
            made["vb"] = d.add_node("mul", {"other": 0.0}, label="vb")
            d.connect(w, made["vw"], "self")
            d.connect(b, made["vb"], "self")
            d.add_region([made["vw"], made["vb"]])
    d, n = line_fit([1.0, 2.0, 3.0, 4.0], [2.0, 4.1, 5.9, 8.2], w=0.5,
                    before_product=velocities_of)
    w, b, loss, vw, vb = n["w"], n["b"], n["loss"], made["vw"], made["vb"]
    d.set_watched(loss, True)
    tensors, velocities = ([w, b], [vw, vb]) if two else ([w], [vw])
    d.add_action("loop", {"count": count})
    d.add_action("forward", {})
    d.add_action("backward", {"target": loss})
    step = d.add_action("momentum_update", {"tensors": tensors, "velocities": velocities,
                                            "lr": 0.01, "momentum": 0.9, "form": form,
                                            "style": style, "nesterov": nesterov})
    for n in tensors:
        d.add_action("zero_grad", {"tensor": n})
    d.add_action("end_loop", {})
    for n in (w, vw, vb):
        d.add_action("print", {"tensor": n})
    return d, step, (w, b, vw, vb)


FORMS = [(form, style, nesterov) for form in ("mul_add", "assign")
         for style in ("-=", "sub_", "data") for nesterov in (False, True)]


@needs_torch
def test_every_form_prints_under_torch_what_the_run_prints():
    docs = [momentum_doc(form, style, nesterov=n)[0] for form, style, n in FORMS]
    docs.append(momentum_doc(two=False)[0])
    docs.append(momentum_doc(velocity_kind="from the parameters")[0])
    scripts = [export_script(d).text for d in docs]
    for doc, script, (out, error) in zip(docs, scripts, run_scripts(scripts)):
        assert error is None, script + error
        assert out == transcript(doc), script
    assert "vw.mul_(0.9).add_(w.grad)\n" in scripts[0] and "w -= 0.01 * vw\n" in scripts[0]
    assert "vw = 0.9 * vw + w.grad\n        vb = 0.9 * vb + b.grad\n" in scripts[6]
    assert "w -= 0.01 * (w.grad + 0.9 * vw)\n" in scripts[1]


def test_the_velocities_carry_from_one_iteration_to_the_next():
    """A velocity computed from the parameters (``w * 0.0`` under no_grad) is not
    computed again by the loop's forward pass: after two steps it is ``mu * g1 + g2``."""
    doc, step, (w, b, vw, vb) = momentum_doc(count=2, velocity_kind="from the parameters")
    result = run(doc)
    assert result.outcome(step).error is None
    assert vw not in result.forward_nodes and vb not in result.forward_nodes
    one, _, _ = momentum_doc(count=1, velocity_kind="from the parameters")
    g1 = float(run(one).state(vw).value.reshape(-1)[0])
    w1 = 0.5 - 0.01 * g1
    x, y = [1.0, 2.0, 3.0, 4.0], [2.0, 4.1, 5.9, 8.2]
    b1 = -0.01 * sum(2 * (xi * 0.5 - yi) for xi, yi in zip(x, y)) / 4
    g2 = sum(2 * (xi * w1 + b1 - yi) * xi for xi, yi in zip(x, y)) / 4
    assert float(result.state(vw).value.reshape(-1)[0]) == pytest.approx(0.9 * g1 + g2,
                                                                          rel=1e-5)


def test_a_file_keeps_it():
    doc, step, _ = momentum_doc("assign", "sub_")
    again = loads(dumps(doc))
    assert again.action(step).params == doc.action(step).params
    assert export_script(again).text == export_script(doc).text


def test_each_tensor_needs_its_velocity_said_in_words():
    doc, step, (w, b, vw, vb) = momentum_doc()
    doc.set_action_param(step, "velocities", [vw])
    error = run(doc).outcome(step).error
    assert error is not None and "one velocity" in error and "2 tensors, 1 velocities" \
        in error


def test_a_velocity_of_another_shape_or_needing_grad_is_refused_in_words():
    doc, step, (w, b, vw, vb) = momentum_doc()
    doc.set_action_param(step, "velocities", [vw, w])
    error = run(doc).outcome(step).error
    assert error is not None and "does not require grad" in error


def test_its_listing_and_explanation_name_the_tensors_and_settings():
    doc, step, _ = momentum_doc("assign")
    action = doc.action(step)
    spell = Spell(node=lambda n: doc.node(n).label)
    kind = ACTIONS["momentum_update"]
    assert kind.listed(action, spell) == ("with torch.no_grad(): vw = 0.9 * vw + w.grad; "
                                          "vb = 0.9 * vb + b.grad; w -= 0.01 * vw; "
                                          "b -= 0.01 * vb")
    words = kind.explain(action, spell)
    assert "vw, vb" in words and "0.9" in words and "w, b" in words and "0.01" in words
    assert kind.changed(action.params) == tuple(action.params["tensors"]) + tuple(
        action.params["velocities"])
