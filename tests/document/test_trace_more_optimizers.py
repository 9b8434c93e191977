"""Issue 31/32: ``torch.optim.Adagrad``, ``Adamax``, ``NAdam``, ``RAdam`` and ``Adadelta``
in a traced program are a document's ``optimizer`` action like SGD's and Adam's: drawn
whole, their settings (``lr_decay``, ``initial_accumulator_value``, ``momentum_decay``,
``rho``, ``betas``, ``weight_decay``) kept and exported as the script wrote them, also per
parameter group; the export run under torch prints what the program printed. An optimizer
a document cannot make (ASGD, a setting it has no place for) stays recorded, the reason
naming what a document's optimizers are."""
import pytest
from cpu_paths import same_print
from trace_jobs import corpus_documents, corpus_printed, dedent, outcomes

from gradstudio.document import Document, export

_MODEL = """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    X = torch.randn(12, 3)
    y = X.sum(dim=1, keepdim=True) * 0.5
"""
_LOOP = """
    for epoch in range(15):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        opt.step()
        if epoch % 5 == 4:
            print(epoch, f"{loss.item():.6f}")
    print(model[2].bias)
    print(opt.state_dict()["param_groups"][0]["lr"])
"""
MAKERS = {
    "adagrad": "opt = torch.optim.Adagrad(model.parameters(), lr=0.1, lr_decay=0.01, "
               "initial_accumulator_value=0.1)",
    "adamax": "opt = torch.optim.Adamax(model.parameters(), lr=0.01, betas=(0.8, 0.99))",
    "nadam": "opt = torch.optim.NAdam(model.parameters(), lr=0.01, momentum_decay=0.01, "
             "weight_decay=0.001)",
    "radam": "opt = torch.optim.RAdam(model.parameters(), lr=0.01)",
    "adadelta": "opt = torch.optim.Adadelta(model.parameters(), rho=0.8)",
    "adagrad_groups": "opt = torch.optim.Adagrad([{'params': model[0].parameters()}, "
                      "{'params': model[2].parameters(), 'lr_decay': 0.1}], lr=0.2)",
}
PROGRAMS = {name: dedent(_MODEL) + make + "\n" + dedent(_LOOP) for name, make in MAKERS.items()}


@pytest.fixture(scope="module")
def traced():
    return corpus_documents(PROGRAMS, {}, None)


@pytest.fixture(scope="module")
def printed(traced):
    return corpus_printed(traced, PROGRAMS, {})


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_program_opens_drawn_whole_with_its_optimizer(traced, name):
    doc = traced[name]
    assert isinstance(doc, Document), doc
    assert doc.trace_note is None, doc.trace_note
    assert all(doc.node(n).recorded is None for n in doc.node_ids)
    (a,) = [a for a in doc.timeline if a.kind == "optimizer"]
    assert a.params["algorithm"].lower() == name.split("_")[0]


def test_the_settings_are_kept_and_exported_as_written(traced):
    code = export.export_script(traced["adagrad"]).text
    assert "torch.optim.Adagrad(" in code and "lr_decay=0.01" in code and \
        "initial_accumulator_value=0.1" in code
    assert "betas=(0.8, 0.99)" in export.export_script(traced["adamax"]).text
    code = export.export_script(traced["nadam"]).text
    assert "momentum_decay=0.01" in code and "weight_decay=0.001" in code
    assert "rho=0.8" in export.export_script(traced["adadelta"]).text
    (a,) = [a for a in traced["adagrad_groups"].timeline if a.kind == "optimizer"]
    assert a.params["groups"] == [{"size": 2}, {"size": 2, "lr_decay": 0.1}]


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_the_export_prints_under_torch_what_the_program_printed(traced, printed, name):
    (original, original_error), (out, error) = printed[name]
    assert original_error is None and error is None, (original_error, error)
    assert original and same_print(out, original), (out, original)


def test_lbfgs_stays_recorded_naming_the_optimizers_a_document_makes():
    lbfgs = dedent(_MODEL) + dedent("""
        opt = torch.optim.LBFGS(model.parameters(), lr=0.5)
        def closure():
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), y)
            loss.backward()
            return loss
        for i in range(3):
            print(opt.step(closure).item())
    """)
    (got,) = outcomes([lbfgs])
    assert isinstance(got, Document), got
    assert "torch.optim.LBFGS cannot be drawn yet: a document's optimizer is SGD, Adam, " \
        "AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta" in got.trace_note


@pytest.mark.parametrize("make, words", [
    ("opt = torch.optim.Adagrad(model.parameters(), eps=1e-5)",
     "a document's Adagrad takes lr, lr_decay, weight_decay and initial_accumulator_value"),
    ("opt = torch.optim.NAdam(model.parameters(), decoupled_weight_decay=True)",
     "a document's NAdam takes lr, betas, weight_decay and momentum_decay"),
])
def test_what_a_document_cannot_make_stays_recorded_in_words(make, words):
    (got,) = outcomes([dedent(_MODEL) + make + "\n" + dedent(_LOOP)])
    note = got.trace_note if isinstance(got, Document) else str(got)
    assert words in note, note


def test_a_file_keeps_the_new_settings_and_an_old_file_has_none_of_them(traced):
    from gradstudio.document import files
    doc = traced["adagrad_groups"]
    text = files.dumps(doc)
    again = files.loads(text)
    (a,) = [a for a in again.timeline if a.kind == "optimizer"]
    (b,) = [b for b in doc.timeline if b.kind == "optimizer"]
    assert a.params == b.params and a.params["groups"][1]["lr_decay"] == 0.1
    sgd = [a for a in files.loads(files.dumps(traced["radam"])).timeline
           if a.kind == "optimizer"][0]
    assert sgd.params["rho"] is None and '"rho"' not in files.dumps(traced["radam"])
