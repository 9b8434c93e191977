"""A print in some epochs only (``if (epoch + 1) % 5 == 0: print(...)``, issue 32): the
epochs open as one loop over epochs whose print prints nothing in the epochs the script
did not print in (``document/epoch_prints.py``), where they were a loop per run of
epochs between two prints; the export prints under torch exactly what the script
printed. What cannot be lined up (a tensor printed in some epochs only) stays apart."""
import pytest

from gradstudio.document import run
from gradstudio.document.epoch_prints import quiet_prints
from gradstudio.document.epochs import nest_epochs
from gradstudio.document.export import export_script, transcript

from epoch_programs import a_loop_per_epoch
from trace_jobs import check_round_trip, outcomes

_HEAD = """
import torch
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(42)
X = torch.linspace(-2, 2, 24).unsqueeze(1)
y = 3 * X ** 2 - X + 0.1 * torch.randn_like(X)
model = torch.nn.Sequential(torch.nn.Linear(1, 6), torch.nn.Tanh(), torch.nn.Linear(6, 1))
loader = DataLoader(TensorDataset(X, y), batch_size=8, shuffle=True,
                    generator=torch.Generator().manual_seed(1))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=4, gamma=0.5)
"""
_EPOCH = """
    total = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = F.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item() * len(xb)
"""

# name -> (source, the loops' counts, the epochs' ends)
PROGRAMS = {
    # the form of most student programs: printed at the end of every fifth epoch, then
    # what the trained model computes under no_grad printed after the loop
    "every_fifth_at_the_end": (_HEAD + "for epoch in range(10):" + _EPOCH + """
    sched.step()
    if epoch % 5 == 4:
        print(f"epoch {epoch + 1:2d} loss {total / len(X):.4f} lr {sched.get_last_lr()[0]:.4f}")
with torch.no_grad():
    print(model(torch.tensor([[0.0], [1.0]])))
print("done")
""", [30], [3]),
    # printed before the scheduler's step, in the first epoch and every third after
    "every_third_before_the_step": (_HEAD + "for epoch in range(7):" + _EPOCH + """
    if epoch % 3 == 0:
        print("epoch", epoch, round(total, 3))
    sched.step()
print(model[0].bias.detach())
""", [21], [3]),
    # two prints, each in some epochs only
    "two_prints_in_different_epochs": (_HEAD + "for epoch in range(6):" + _EPOCH + """
    sched.step()
    if epoch % 2 == 0:
        print(f"even {epoch}")
    if epoch % 3 == 2:
        print(f"loss {total:.3f}")
print(opt.param_groups[0]["lr"])
""", [18], [3]),
}


@pytest.fixture(scope="module")
def traced():
    return dict(zip(PROGRAMS, outcomes([s for s, *_ in PROGRAMS.values()])))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_epochs_open_as_one_loop_and_print_as_the_script_did(traced, name):
    doc = traced[name]
    assert not isinstance(doc, Exception), doc
    source, counts, every = PROGRAMS[name]
    assert [a.params["count"] for a in doc.timeline if a.kind == "loop"] == counts
    assert [a.params["every"] for a in doc.timeline if a.kind == "epoch_end"] == every
    check_round_trip([doc], [source])


def test_the_print_after_the_loop_stays_as_the_script_wrote_it(traced):
    doc = traced["every_fifth_at_the_end"]
    code = export_script(doc).text
    assert "print('done')" in code                       # (not an epoch's print)
    assert code.count("print(") == 3                    # the epochs', two after it
    texts = next(a for a in doc.timeline if a.kind == "say" and any(
        "texts" in p for p in a.params["parts"])).params["parts"][0]["texts"]
    assert texts == [""] * 4 + [texts[4]] + [""] * 4 + [texts[9]]
    assert texts[4].startswith("epoch  5 loss") and texts[4].endswith("\n")


def test_a_tensor_printed_in_some_epochs_keeps_them_apart():
    doc = a_loop_per_epoch(count=1, printed=(0,), line=9)
    assert quiet_prints(doc) is None
    merged = nest_epochs(doc)
    assert merged is None or len([a for a in merged.timeline if a.kind == "loop"]) == 2
    assert transcript(doc, run(doc)) == "tensor([ 2., -4.])\n"


def test_text_printed_in_some_epochs_is_lined_up_with_empty_prints():
    doc = a_loop_per_epoch(count=1, printed=(0,), line=9)
    say = next(a for a in doc.timeline if a.kind == "say")
    doc.set_action_param(say.id, "tensors", [])
    doc.set_action_param(say.id, "parts", [{"text": "first"}, {"text": "epoch"}])
    padded, originals, added = quiet_prints(doc)
    kinds = [a.kind for a in padded.timeline]
    assert kinds == ["loop", "compute", "backward", "end_loop", "say"] * 2
    assert [a.params["parts"] for a in padded.timeline if a.kind == "say"] == [
        [{"text": "first epoch\n"}], [{"text": ""}]]
    assert originals[say.id]["parts"] == [{"text": "first"}, {"text": "epoch"}]
    assert transcript(padded, run(padded)) == transcript(doc, run(doc)) == "first epoch\n"
    merged = nest_epochs(doc)
    assert [a.kind for a in merged.timeline] == [
        "loop", "compute", "backward", "epoch_end", "say", "end_loop"]
    assert transcript(merged, run(merged)) == "first epoch\n"
