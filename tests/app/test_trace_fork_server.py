"""The tracing fork server (``trace/zygote.py``): every trace's supervisor is forked from
one process that has imported the engine, and what the script sees is what a new
process would show it: its own temporary home, the application's environment as it is
now, no descriptor of the server's; a server that died is replaced."""
import os
import signal
import warnings

import pytest

from gradstudio.document.trace import start_trace
from gradstudio.trace import zygote

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not os.path.exists("/proc"),
                                reason="the fork server is POSIX (checked through /proc)")

_SEEN = """\
import os, torch
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
y.backward()
up = open(f"/proc/{os.getppid()}/stat").read().rsplit(")", 1)[1].split()[1]
links = []
for n in os.listdir("/proc/self/fd"):
    try:
        links.append(os.readlink(f"/proc/self/fd/{n}"))
    except OSError:
        pass                    # (the listing's own descriptor)
print(up, os.environ.get("HOME"), os.environ.get("GRADSTUDIO_TEST_MARK"), "|".join(links))
"""


def _seen():
    """What the traced script saw: the supervisor's parent, its HOME, the test mark and
    its descriptors."""
    job = start_trace(_SEEN)
    job.result()
    up, home, mark, links = job.output.split()
    return int(up), home, mark, links.split("|")


def test_every_trace_is_forked_from_one_server_not_started_anew():
    first, second = _seen(), _seen()
    assert first[0] == second[0] != os.getpid()        # the supervisors' parent: the server
    assert first[1] != second[1] and os.path.basename(first[1]).startswith("gradstudio-trace")


def test_the_script_holds_no_socket_and_no_descriptor_of_the_server():
    _, _, _, links = _seen()
    assert not [link for link in links if link.startswith("socket:")], links
    assert len(links) <= 4, links        # stdin, stdout, stderr and the hidden result


def test_the_script_sees_the_environment_as_it_is_at_the_trace(monkeypatch):
    before = _seen()
    monkeypatch.setenv("GRADSTUDIO_TEST_MARK", "changed")
    after = _seen()
    assert before[2] == "None" and after[2] == "changed"
    assert after[0] == before[0]         # (handed on: the same server; pytest itself
    #                                       changes PYTEST_CURRENT_TEST at every test)


def test_a_variable_that_shapes_the_imports_starts_another_server_alone(monkeypatch):
    first = _seen()[0]
    monkeypatch.setenv("OMP_NUM_THREADS", "1")       # (numpy's and the engine's threads)
    second = _seen()[0]
    assert second != first
    with pytest.raises(ProcessLookupError):          # the previous one ended: one at a time
        os.kill(first, 0)


def test_a_server_that_died_is_replaced():
    server = _seen()[0]
    os.kill(server, signal.SIGKILL)
    assert _seen()[0] != server


def test_the_servers_end_with_the_application():
    server = _seen()[0]
    zygote._close_all()                  # what runs at exit: the socket closed, waited for
    with pytest.raises(ProcessLookupError):
        os.kill(server, 0)


def test_a_fork_of_the_application_does_not_talk_on_its_parents_server():
    _seen()
    assert zygote._servers                # (the server this process talks to)
    with warnings.catch_warnings():       # (Python 3.12 warns of forking a process with
        warnings.simplefilter("ignore", DeprecationWarning)   # threads: pytest-qt's; the
        pid = os.fork()                   # child only reads a list and exits at once)
    if pid == 0:                          # the fork would interleave its messages with ours
        os._exit(0 if not zygote._servers else 1)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
