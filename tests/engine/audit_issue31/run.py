"""The audit of issue 31's names: every module here holds ``PROGRAMS`` (small programs
touching each name the issue lists); this runs them under torch and under the engine
(``tests/engine/parity.py`` as the runner, one process each) and prints each program
whose transcript differs, as a unified diff. Not a test (differences it still finds are
listed in docs/engine.md); fixed ones have parity tests of their own.

    PYTHONPATH=. python tests/engine/audit_issue31/run.py            # every module
    PYTHONPATH=. python tests/engine/audit_issue31/run.py tensor_api # one
"""
import difflib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))


def _programs(name):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PROGRAMS


def _run(programs, backend):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", OMP_NUM_THREADS="1",
               MKL_NUM_THREADS="1")
    done = subprocess.run([sys.executable, str(HERE.parent / "parity.py"), backend],
                          input=json.dumps([p.as_json() for p in programs]),
                          capture_output=True, text=True, env=env, cwd=ROOT)
    return json.loads(done.stdout)


def main(names):
    differ = total = 0
    for name in names:
        programs = _programs(name)
        theirs, ours = _run(programs, "torch"), _run(programs, "engine")
        for p in programs:
            total += 1
            t, e = theirs[p.name]["out"], ours[p.name]["out"]
            if t != e:
                differ += 1
                print(f"=== {name}: {p.name}")
                for line in difflib.unified_diff(t.splitlines(), e.splitlines(), "torch",
                                                 "engine", n=0, lineterm=""):
                    print("  " + line[:300])
    print(f"{differ} of {total} programs differ")


if __name__ == "__main__":
    main(sys.argv[1:] or sorted(p.stem for p in HERE.glob("*.py") if p.stem != "run"))
