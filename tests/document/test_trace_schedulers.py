"""Learning-rate schedulers are drawn as timeline actions (issue 32, item 2): a traced
program with a scheduler opens drawn whole (no cut), its document prints what the program
printed under the engine, and its export prints it under torch; a scheduler the document
cannot express is still drawn up to its line, in words. Torch is the oracle."""
import pytest

from gradstudio.document import run
from gradstudio.document.actions import ActionParamError, check_action_param
from gradstudio.document.export import export_script, transcript
from gradstudio.document.files import dumps
from gradstudio.document.reader import read
from gradstudio.timeline import ACTIONS, SCHEDULER_SETTINGS

from trace_jobs import check_exports, check_refused, check_round_trip, dedent, traced_documents

PROGRAMS = {
    "step_lr_with_momentum": """
        import torch
        torch.manual_seed(1)
        w = torch.randn(3, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.5, momentum=0.9)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        for epoch in range(6):
            opt.zero_grad()
            loss = (w ** 2).sum()
            loss.backward()
            opt.step()
            sched.step()
            print(epoch, sched.get_last_lr(), round(loss.item(), 5))
        print(w)
    """,
    "multistep_adam_then_exponential": """
        import torch
        from torch.optim.lr_scheduler import MultiStepLR, ExponentialLR
        torch.manual_seed(4)
        X = torch.randn(8, 3)
        t = X.sum(1, keepdim=True)
        model = torch.nn.Linear(3, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        sched = MultiStepLR(opt, milestones=[2, 5], gamma=0.3)
        for i in range(7):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X), t)
            loss.backward()
            opt.step()
            sched.step()
            print(i, f"{loss.item():.6f}", opt.param_groups[0]["lr"])
        q = torch.zeros(2, requires_grad=True)
        opt2 = torch.optim.SGD([q], lr=1.0)
        decay = ExponentialLR(opt2, gamma=0.9)
        for i in range(4):
            opt2.zero_grad()
            ((q - 3) ** 2).sum().backward()
            opt2.step()
            decay.step()
        print(q, decay.get_last_lr())
    """,
    "cosine_warm_restarts_and_linear": """
        import torch
        torch.manual_seed(0)
        p = torch.nn.Parameter(torch.randn(4))
        opt = torch.optim.SGD([p], lr=0.2)
        warm = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2,
                                                                    eta_min=0.01)
        for i in range(7):
            opt.zero_grad()
            (p ** 2).sum().backward()
            opt.step()
            warm.step()
        print(p, warm.get_last_lr())
        r = torch.nn.Parameter(torch.ones(3))
        opt3 = torch.optim.SGD([r], lr=0.3)
        lin = torch.optim.lr_scheduler.LinearLR(opt3, start_factor=0.5, total_iters=3)
        for i in range(5):
            opt3.zero_grad()
            (r * r).sum().backward()
            opt3.step()
            lin.step()
        print(r)
    """,
    "constant_polynomial_cosine": """
        import torch
        a = torch.tensor([2.0, -1.0], requires_grad=True)
        opt = torch.optim.SGD([a], lr=0.1)
        const = torch.optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        for i in range(4):
            opt.zero_grad(); (a ** 2).sum().backward(); opt.step(); const.step()
        b = torch.tensor([1.0, 1.0], requires_grad=True)
        opt_b = torch.optim.SGD([b], lr=0.1)
        poly = torch.optim.lr_scheduler.PolynomialLR(opt_b, total_iters=4, power=2.0)
        for i in range(5):
            opt_b.zero_grad(); (b ** 3).sum().backward(); opt_b.step(); poly.step()
        c = torch.tensor([0.5], requires_grad=True)
        opt_c = torch.optim.RMSprop([c], lr=0.05)
        cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt_c, T_max=3)
        for i in range(4):
            opt_c.zero_grad(); (c ** 2).sum().backward(); opt_c.step(); cos.step()
        print(a, b, c, sep="\\n")
    """,
    "plateau_on_the_loss_tensor": """
        import torch
        torch.manual_seed(3)
        w = torch.randn(2, requires_grad=True)
        target = torch.tensor([1.0, -2.0])
        opt = torch.optim.SGD([w], lr=0.9)
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(
            opt, mode="min", factor=0.5, patience=1, threshold=0.01, threshold_mode="abs",
            cooldown=1)
        for epoch in range(8):
            opt.zero_grad()
            loss = ((w - target) ** 2).sum()
            loss.backward()
            opt.step()
            plateau.step(loss)
            print(epoch, opt.param_groups[0]["lr"])
        print(w)
    """,
    "lambda_warmup_then_cosine_and_multiplicative": """
        import math
        import torch
        torch.manual_seed(2)
        model = torch.nn.Linear(3, 1)
        X = torch.randn(6, 3)
        y = X @ torch.tensor([[1.0], [-2.0], [0.5]])
        opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.5)
        warmup, total = 3, 9
        def schedule(epoch):
            return (epoch + 1) / warmup if epoch < warmup else \
                0.5 * (1 + math.cos(math.pi * (epoch - warmup) / (total - warmup)))
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=schedule)
        for epoch in range(total):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
            sched.step()
            print(f"{epoch}: lr={sched.get_last_lr()[0]:.4f} loss={loss.item():.5f}")
        q = torch.ones(2, requires_grad=True)
        opt_q = torch.optim.Adam([q], lr=0.1)
        mult = torch.optim.lr_scheduler.MultiplicativeLR(opt_q, lambda e: 0.95 if e < 3 else 0.5)
        for step in range(5):
            opt_q.zero_grad(); (q * q).sum().backward(); opt_q.step(); mult.step()
        print(q, mult.get_last_lr())
    """,
    "one_cycle_momentum_and_betas": """
        import torch
        torch.manual_seed(6)
        w = torch.randn(3, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.01, momentum=0.9, nesterov=True)
        cycle = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.3, total_steps=5)
        for i in range(5):
            opt.zero_grad(); (w ** 2).sum().backward(); opt.step(); cycle.step()
            print(i, cycle.get_last_lr(), opt.param_groups[0]["momentum"])
        v = torch.ones(2, requires_grad=True)
        adam = torch.optim.Adam([v], lr=0.1)
        warm = torch.optim.lr_scheduler.OneCycleLR(adam, max_lr=0.2, epochs=2, steps_per_epoch=2,
                                                   cycle_momentum=False)
        for i in range(4):
            adam.zero_grad(); (v ** 2).sum().backward(); adam.step(); warm.step()
        print(w, v, adam.param_groups[0]["betas"])
    """,
    "plateau_on_the_validation_loss_each_epoch": """
        import torch
        torch.manual_seed(8)
        X, Xv = torch.randn(12, 3), torch.randn(6, 3)
        y, yv = X.sum(1, keepdim=True), Xv.sum(1, keepdim=True)
        model = torch.nn.Linear(3, 1)
        opt = torch.optim.Adam(model.parameters(), lr=0.3)
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
        for epoch in range(12):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X), y)
            loss.backward()
            opt.step()
            with torch.no_grad():
                val = torch.nn.functional.mse_loss(model(Xv), yv).item()
            plateau.step(val)
        print(model.weight, opt.param_groups[0]["lr"])
    """,
    "plateau_on_numbers": """
        import torch
        q = torch.nn.Parameter(torch.ones(2))
        opt = torch.optim.SGD([q], lr=1.0)
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
        for val in [1.0, 0.9, 0.95, 0.96, 0.97, 0.5]:
            plateau.step(val)
            print(val, opt.param_groups[0]["lr"])
    """,
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, traced_documents(list(PROGRAMS.values()))))


def test_each_program_is_drawn_whole_with_its_schedulers(traced):
    for name, doc in traced.items():
        assert doc.trace_note is None, (name, doc.trace_note)
        kinds = [a.kind for a in doc.timeline]
        assert "scheduler" in kinds and "scheduler_step" in kinds, (name, kinds)


def test_every_schedule_the_document_has_is_drawn_by_one_of_them(traced):
    drawn = {a.params["schedule"] for doc in traced.values() for a in doc.timeline
             if a.kind == "scheduler"}
    assert drawn == set(SCHEDULER_SETTINGS)


def test_the_documents_and_their_exports_print_what_the_programs_printed(traced):
    check_round_trip(list(traced.values()), list(PROGRAMS.values()))


def test_the_scheduler_is_exported_as_the_program_wrote_it(traced):
    script = export_script(traced["step_lr_with_momentum"]).text
    assert "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)" \
        in script
    assert "    scheduler.step()\n" in script
    script = export_script(traced["multistep_adam_then_exponential"]).text
    assert "MultiStepLR(optimizer, milestones=[2, 5], gamma=0.3)" in script
    assert "scheduler_2 = torch.optim.lr_scheduler.ExponentialLR(optimizer_2, gamma=0.9)" \
        in script
    script = export_script(traced["lambda_warmup_then_cosine_and_multiplicative"]).text
    assert script.startswith('"""Exported from GradStudio.') and "\nimport math\n" in script
    assert "LambdaLR(optimizer, lr_lambda=lambda epoch: (epoch + 1) / 3 if epoch < 3 else " \
        "0.5 * (1 + math.cos(math.pi * (epoch - 3) / (9 - 3))))" in script
    assert "MultiplicativeLR(optimizer_2, lr_lambda=lambda e: 0.95 if e < 3 else 0.5)" \
        in script
    script = export_script(traced["plateau_on_the_loss_tensor"]).text
    assert "ReduceLROnPlateau(optimizer, factor=0.5, patience=1, threshold=0.01, " \
        "threshold_mode='abs', cooldown=1)" in script
    assert "scheduler.step(loss)" in script          # the graph's loss, not a number


def test_a_metric_given_as_a_number_is_recorded_with_its_line(traced):
    doc = traced["plateau_on_numbers"]
    steps = [a for a in doc.timeline if a.kind == "scheduler_step"]
    assert [a.params["value"] for a in steps] == [1.0, 0.9, 0.95, 0.96, 0.97, 0.5]
    assert {a.params["line"] for a in steps} == {6}
    assert "scheduler.step(0.9)  # recorded (line 6)" in export_script(doc).text


def test_a_number_computed_each_iteration_keeps_the_loop_one_loop(traced):
    # ReduceLROnPlateau's step(val) of a validation loss read with .item() each epoch:
    # the numbers differ, so the iterations did not repeat and the loop (12 training
    # steps, its lr halved twice) was drawn unrolled or, longer, recorded; now the step
    # holds one number per iteration, run and exported as the loop's
    doc = traced["plateau_on_the_validation_loss_each_epoch"]
    kinds = [a.kind for a in doc.timeline]
    assert kinds.count("loop") == 1 and kinds.count("step") < 4, kinds
    looped = next(a for a in doc.timeline if a.kind == "scheduler_step" and
                  a.params["values"])
    assert looped.params["value"] is None and len(set(looped.params["values"])) > 2
    assert looped.params["line"] == 15
    code = export_script(doc).text
    assert "scheduler.step((" in code and ")[epoch])  # recorded (line 15)" in code


def test_an_edited_schedule_runs_and_exports_alike(traced):
    doc = read(dumps(traced["step_lr_with_momentum"]))
    before = transcript(doc, run(doc))
    sched = next(a for a in doc.timeline if a.kind == "scheduler")
    doc.set_action_param(sched.id, "gamma", 0.1)
    after = transcript(doc, run(doc))
    assert after != before and after.splitlines()[-1] != before.splitlines()[-1]
    check_exports([doc])


def test_schedulers_survive_the_file(traced):
    for doc in traced.values():
        again = read(dumps(doc))
        assert [(a.kind, a.params) for a in again.timeline if a.kind.startswith("sched")] == \
            [(a.kind, a.params) for a in doc.timeline if a.kind.startswith("sched")]
        assert transcript(again, run(again)) == transcript(doc, run(doc))


def test_a_step_of_a_deleted_scheduler_says_so(traced):
    doc = read(dumps(traced["step_lr_with_momentum"]))
    sched = next(a for a in doc.timeline if a.kind == "scheduler")
    doc.remove_action(sched.id)
    result = run(doc)
    errors = [o.error for o in result.outcomes if o.error]
    assert errors and all(e == "Its scheduler no longer exists: choose another."
                          for e in errors)


def test_milestones_are_whole_numbers():
    assert check_action_param("scheduler", "milestones", (3, 0, 7)) == [3, 0, 7]
    for bad in ([1.5], ["2"], [True], [-1], 3):
        with pytest.raises(ActionParamError, match="whole numbers from 0"):
            check_action_param("scheduler", "milestones", bad)
    assert check_action_param("scheduler", "patience", 0) == 0
    with pytest.raises(ActionParamError):
        check_action_param("scheduler", "step_size", 0)


def test_each_schedule_shows_only_its_own_settings():
    kind = ACTIONS["scheduler"]
    for schedule, settings in SCHEDULER_SETTINGS.items():
        shown = {name for name, _, _ in kind.settings
                 if kind.applies({"schedule": schedule}, name)}
        assert shown == {"schedule", "optimizer"} | {s for s, _ in settings} | (
            {"max_lrs"} if schedule == "OneCycleLR" else set())     # (max_lr per group)


@pytest.mark.parametrize("code, line, words", [
    ("""
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        sched = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2,
                                                  cycle_momentum=False)
        for i in range(3):
            opt.zero_grad(); (w - 1).pow(2).sum().backward(); opt.step(); sched.step()
        print(w)
    """, 4, "(torch.optim.lr_scheduler.CyclicLR) cannot be drawn yet: a document's "
            "scheduler is one of StepLR"),
    ("""
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.5 ** len(range(e)))
        for i in range(3):
            opt.zero_grad(); (w - 1).pow(2).sum().backward(); opt.step(); sched.step()
        print(w)
    """, 4, "LambdaLR's lr_lambda cannot be drawn yet: it can be drawn when it is a "
            "lambda of the epoch"),
    ("""
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        for g in opt.param_groups:
            g["initial_lr"] = 0.1
        sched = torch.optim.lr_scheduler.StepLR(opt, 2, last_epoch=3)
        print(sched.get_last_lr())
    """, 6, "StepLR(..., last_epoch=...) cannot be drawn yet"),
    ("""
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[2.5])
        print(sched.get_last_lr())
    """, 4, "MultiStepLR's milestones cannot be drawn as [2.5]: give it a plain list of "
            "whole numbers"),
    ("""
        import torch
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.1)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        opt.step()
        sched.step(3)
        print(sched.get_last_lr())
    """, 6, "scheduler.step(epoch) cannot be drawn"),
])
def test_what_a_document_cannot_schedule_is_drawn_up_to_its_line(code, line, words):
    check_refused(dedent(code), words, line)


def test_a_setting_named_like_a_node_setting_is_one_in_every_kind():
    """The tracer maps settings naming nodes by their name (``trace/values.py``): a name
    is a node setting in every kind that has it, or in none."""
    from gradstudio.timeline import ACTION_KINDS
    types = {}
    for settings in ACTION_KINDS.values():
        for name, typ, _ in settings:
            types.setdefault(name, set()).add(typ.startswith("node"))
    assert [name for name, kinds in types.items() if len(kinds) > 1] == []
