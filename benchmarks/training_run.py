"""Training documents: a document's run against its exported script under PyTorch.

Target (GradStudio issue 11): "Running the XOR MLP document for 1,000 Adam steps: ≤ 1.5×
the same script under torch, in one process."

Workloads: the bundled XOR example (Linear(2, 4), tanh, Linear(4, 1), sigmoid, binary
cross-entropy, Adam) set to 1,000 iterations, and the linear regression example (manual
update) set to 200. Each is timed three ways, interleaved, in this one process:

- ``document``: ``gradstudio.document.run(doc)``: the forward pass, the loop with its
  forward-again, backward, step and zero_grad, one iteration's snapshots and every
  iteration's values for the curves (what the window does after an edit);
- ``torch``: the exported script (``export_script``) executed with real PyTorch
  (one thread, as the engine has), its prints going to a null stream;
- ``engine``: the same script executed with the engine installed as ``torch``.

Medians of ``--repeat`` runs; the load average is printed beside the table.
Run: ``python benchmarks/training_run.py [--repeat 7]``. Asserts nothing.
"""
import argparse
import contextlib
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gradstudio.engine as engine                     # noqa: E402
from gradstudio.document.examples import build         # noqa: E402
from gradstudio.document.export import export_script   # noqa: E402
from gradstudio.document.run import run                # noqa: E402


def workload(name, count):
    doc = build(name)
    loop = next(a for a in doc.timeline if a.kind == "loop")
    doc.set_action_param(loop.id, "count", count)
    return doc


def exec_script(text, modules):
    saved = {k: sys.modules.get(k) for k in modules}
    sys.modules.update(modules)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(text, "<exported>", "exec"), {"__name__": "__main__"})
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)
    import torch
    torch.set_num_threads(1)
    torch_modules = {"torch": torch}
    engine_modules = engine.torch_modules()
    rows = []
    for title, name, count, target in (
            ("XOR MLP, Adam, 1,000 steps", "13_xor_mlp_adam", 1000, 1.5),
            ("linear regression, manual update, 200 steps", "09_linear_regression", 200,
             None)):
        doc = workload(name, count)
        script = export_script(doc).text
        cases = {"document": lambda: run(doc),
                 "torch": lambda: exec_script(script, torch_modules),
                 "engine": lambda: exec_script(script, engine_modules)}
        for fn in cases.values():
            fn()                                         # warm up
        times = {k: [] for k in cases}
        for _ in range(args.repeat):
            for k, fn in cases.items():                  # interleaved
                times[k].append(timed(fn))
        med = {k: statistics.median(v) * 1000 for k, v in times.items()}
        ratio = med["document"] / med["torch"]
        rows.append((title, med["document"], med["engine"], med["torch"], ratio, target))
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| workload | document ms | engine script ms | torch script ms | document/torch "
          "| target | met? |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for title, d, e, t, ratio, target in rows:
        met = "" if target is None else ("yes" if ratio <= target else "no")
        goal = "" if target is None else f"<= {target}"
        print(f"| {title} | {d:.1f} | {e:.1f} | {t:.1f} | {ratio:.2f} | {goal} | {met} |")


if __name__ == "__main__":
    main()
