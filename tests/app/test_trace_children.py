"""The tracing child and whatever the script starts: the trace ends when the script does,
nothing it started outlives the trace, a timeout or a killed ``gradstudio trace`` stops
the whole process group, and the parent keeps at most a bounded part of the output."""
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from gradstudio.document.trace import TraceError, start_trace, trace
from gradstudio.trace.contain import wall_limit

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

ROOT = str(Path(__file__).resolve().parents[2])
GRAPH = "x = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\ny.backward()\n"


def _alive(pid):
    """True while ``pid`` runs (a zombie, killed but not yet reaped, is not running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True if not os.path.exists("/proc") else False


def _pids(path):
    return [int(p) for p in path.read_text().split()]


@pytest.mark.parametrize("start", [
    "open(PIDS, 'w').write(str(subprocess.Popen(['sleep', '60']).pid))",
    "os.system(f'sleep 60 & echo $! > {PIDS}')",
])
def test_a_script_that_starts_a_process_finishes_with_it_and_leaves_nothing(
        tmp_path, qtbot, start):
    pidfile = tmp_path / "pids"
    script = f"import os, subprocess\nimport torch\nPIDS = {str(pidfile)!r}\n{start}\n" + GRAPH
    began = time.monotonic()
    doc = trace(script, timeout=10)
    assert time.monotonic() - began < 8         # it waited 30 s for the pipes to close
    assert len(doc.node_ids) == 3
    (pid,) = _pids(pidfile)
    qtbot.waitUntil(lambda: not _alive(pid), timeout=3000)


def test_a_timeout_stops_the_whole_group_without_guessing_why(tmp_path, qtbot):
    pidfile = tmp_path / "pids"
    # SIGALRM blocked: the child cannot stop the script itself, the supervisor has to
    script = ("import os, signal, subprocess, time\n"
              "signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])\n"
              "p = subprocess.Popen(['sleep', '60'])\n"
              f"open({str(pidfile)!r}, 'w').write(f'{{os.getpid()}} {{p.pid}}')\n"
              "time.sleep(60)\n")
    began = time.monotonic()
    with pytest.raises(TraceError) as e:
        trace(script, timeout=1)
    # (it sleeps: its processor time stays under the limit; the clock's net stops it)
    assert time.monotonic() - began < wall_limit(1) + 5
    assert str(e.value) == (f"The script was still running after {wall_limit(1):g} seconds on "
                            "the clock and was stopped (its limit of 1 seconds counts only "
                            "the time it computes; it was waiting, or the computer was too "
                            "busy to run it).")
    for pid in _pids(pidfile):
        qtbot.waitUntil(lambda: not _alive(pid), timeout=3000)


def test_cancel_stops_the_whole_group(tmp_path, qtbot):
    pidfile = tmp_path / "pids"
    script = ("import os, subprocess, time\np = subprocess.Popen(['sleep', '60'])\n"
              f"open({str(pidfile)!r}, 'w').write(f'{{os.getpid()}} {{p.pid}}')\n"
              "time.sleep(60)\n")
    job = start_trace(script, timeout=60)
    qtbot.waitUntil(lambda: pidfile.exists() and len(_pids(pidfile)) == 2, timeout=10000)
    job.cancel()
    with pytest.raises(TraceError, match="cancelled"):
        job.result(timeout=10)
    for pid in _pids(pidfile):
        qtbot.waitUntil(lambda: not _alive(pid), timeout=3000)


def test_huge_output_is_capped_and_the_parent_stays_small():
    script = ("import os\nchunk = b'x' * (1 << 20)\n"
              "for _ in range(200):\n    os.write(2, chunk)\n" + "import torch\n" + GRAPH)
    tracemalloc.start()
    try:
        job = start_trace(script, timeout=30)
        doc = job.result(timeout=60)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(doc.node_ids) == 3
    assert peak < 20 * 1024 ** 2                # 200 MB printed; 400 MB kept before
    assert job.output.endswith("It printed more than 1 MB of errors; the rest was cut.\n")


def test_a_crash_after_huge_output_says_the_output_was_cut():
    script = "import os\nos.write(2, b'x' * (3 << 20) + b'\\nboom\\n')\nos._exit(3)\n"
    with pytest.raises(TraceError) as e:
        trace(script, timeout=30)
    message = str(e.value)
    assert message.startswith("The script stopped Python before it finished (exit code 3)")
    assert message.endswith("It printed more than 1 MB of errors; the rest was cut.")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_killing_gradstudio_trace_leaves_no_process_behind(tmp_path, qtbot, how):
    pidfile = tmp_path / "pids"
    script = tmp_path / "slow.py"
    # the script, what it started and the process its supervisor was forked from (the
    # tracing fork server, which must end with the command too)
    script.write_text("import os, subprocess, time\np = subprocess.Popen(['sleep', '60'])\n"
                      "up = open(f'/proc/{os.getppid()}/stat').read().rsplit(')', 1)[1]\n"
                      f"open({str(pidfile)!r}, 'w').write(f'{{os.getpid()}} {{p.pid}} '\n"
                      "                                   f'{up.split()[1]}')\n"
                      "time.sleep(60)\n")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cli = subprocess.Popen([sys.executable, "-m", "gradstudio.app.cli", "trace", str(script),
                            "--timeout", "60"], cwd=ROOT, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        qtbot.waitUntil(lambda: pidfile.exists() and len(_pids(pidfile)) == 3, timeout=20000)
        cli.send_signal(how)
        cli.wait(timeout=10)
        for pid in _pids(pidfile):
            qtbot.waitUntil(lambda: not _alive(pid), timeout=5000)
    finally:
        if cli.poll() is None:
            cli.kill()
            cli.wait()
