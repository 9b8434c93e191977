"""Issue 32, point 2, on the momentum corpus (``corpus_momentum_programs.py``: 16 scripts built on
what the tracer still recorded at its start: momentum by hand, a module buffer counting
its calls, a write through ``x.detach()``, parameters initialised in place under
``no_grad``, ``copy.deepcopy(model.state_dict())`` as the best model, forward-mode AD, and
programs combining them, and four where a velocity is not what ``momentum_update``
draws). Every program opens, the export run under real torch prints
exactly what the program printed under torch, and the programs of ``WHOLE`` open drawn
whole, nothing recorded. What stays recorded says why, on its line (``CUT``)."""
import pytest

from corpus_momentum_programs import NOTEBOOKS, PROGRAMS
from corpus_checks import *  # noqa: F401,F403  (the checks every corpus makes)

NOTEBOOK_BYTES = None
NAMES = list(PROGRAMS)

# drawn whole: no part cut, no tensor recorded
WHOLE = ["momentum_mul_add_one_parameter", "momentum_assign_two_parameters",
         "momentum_assign_one_parameter", "buffer_counts_forward_calls",
         "inplace_init_fill_zero_normal_copy", "inplace_init_uniform_fill",
         # (buf.mul_(mu).add_(w.grad); step = w.grad + mu * buf; w.sub_(lr * step))
         "nesterov_by_hand_step_variable"]

# still cut (recorded), and why: the words of the note and the line the cut starts on
CUT = {
    # (z = x.detach(); z[0] = 5 changes x too: a graph of nodes cannot show it)
    "detach_shares_memory_writes": ("an in-place update of a tensor that shares its "
                                    "memory with another", None),
    "forward_ad_dual_numbers": ("forward-mode AD (torch.autograd.forward_ad.make_dual) "
                                "cannot be drawn yet", 6),
    # (print(v.norm()) between the velocity and the step: the step cannot consume it)
    "velocity_printed_before_its_step": ("an in-place update of a leaf that requires grad "
                                         "can be drawn only as a training step", 8),
    # (v = 0.9 * v + 0.1 * w.grad: another formula)
    "velocity_as_moving_average": ("an in-place update of a leaf that requires grad can be "
                                   "drawn only as a training step", 8),
    # (one v for w's step then u's: the self-check finds the graph's u differs, so the
    # loop is recorded; see the branch's report)
    "one_velocity_for_two_tensors": ("would differ from the script", 9),
}


def test_a_velocity_the_script_does_not_carry_is_not_carried(traced):
    """for p, v in zip(params, vel): v = 0.9 * v + p.grad binds a new tensor the list never
    sees: each iteration starts from the list's zeros again (recorded), as in the script."""
    doc = traced["zip_rebinds_velocity_not_carried"]
    assert [a.kind for a in doc.timeline].count("loop") == 0
    assert sum(a.kind == "momentum_update" for a in doc.timeline) == 10
    assert sum(doc.node(n).recorded is not None for n in doc.node_ids) == 8

ENGINE_DIGITS = {}


def test_the_corpus_has_its_scripts():
    assert len(PROGRAMS) == 16 and not NOTEBOOKS
    assert set(WHOLE) <= set(PROGRAMS) and not set(WHOLE) & set(CUT)


@pytest.mark.parametrize("name", sorted(CUT))
def test_what_stays_recorded_says_why(traced, name):
    words, line = CUT[name]
    note = traced[name].trace_note
    assert note is not None and words in note, note
    if line is not None:
        assert f"lines {line}" in note or f"line {line}" in note, note


def test_momentum_is_one_step_over_its_tensors_and_velocities(traced):
    for name, count in (("momentum_mul_add_one_parameter", 1),
                        ("momentum_assign_two_parameters", 2),
                        ("momentum_assign_one_parameter", 1),
                        ("nesterov_by_hand_step_variable", 1)):
        doc = traced[name]
        steps = [a for a in doc.timeline if a.kind == "momentum_update"]
        assert len(steps) == 1, name
        p = steps[0].params
        assert len(p["tensors"]) == len(p["velocities"]) == count, (name, p)
        assert p["form"] == ("assign" if "assign" in name else "mul_add")
        assert p["nesterov"] == name.startswith("nesterov")
        assert [a.kind for a in doc.timeline].count("loop") == 1, name


def test_a_parameter_copied_into_is_drawn_as_its_source(traced):
    doc = traced["inplace_init_fill_zero_normal_copy"]
    kinds = {doc.node(n).label: doc.node(n).kind for n in doc.node_ids}
    assert kinds["bias_2"] == "tensor" and kinds["weight"] == "full", kinds
    doc = traced["copy_eye_detach_write_momentum"]
    assert "eye" in [doc.node(n).kind for n in doc.node_ids]
