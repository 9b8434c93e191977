"""A script with a part the graph cannot draw opens drawn up to there (issue 32): the
window says so in plain words, once, as a notice (not an error), and the timeline holds
the say steps that print what the script printed."""
from driving import main_window

SCRIPT = """import torch
torch.manual_seed(1)
w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.5)
print("start", w)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.5 ** len(range(e // 2)))
for epoch in range(3):
    opt.zero_grad()
    (w ** 2).sum().backward()
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr())
"""


def test_a_script_cut_at_a_scheduler_opens_with_a_notice(qtbot, tmp_path):
    w = main_window(qtbot, tmp_path)
    notices, errors = [], []
    w.show_notice = lambda title, text: notices.append((title, text))
    w.show_error = lambda title, text: errors.append((title, text))
    script = tmp_path / "sched.py"
    script.write_text(SCRIPT, encoding="utf-8")
    w.files.import_script(script)
    qtbot.waitUntil(lambda: w.files.task is not None and not w.files.task.running, timeout=60000)
    qtbot.waitUntil(lambda: bool(notices), timeout=10000)
    assert errors == []
    (title, text), = notices
    assert title == "Part of the script is recorded"
    assert text.startswith("sched.py: Not drawn: line 6 (") and "LambdaLR" in text
    doc = w.session.document
    assert [a.kind for a in doc.timeline] == ["optimizer", "say", "say", "say", "say"]
    assert [[p["text"] for p in a.params["parts"]] for a in doc.timeline[2:]] == [
        ["0", "[0.5]"], ["1", "[0.25]"], ["2", "[0.25]"]]
