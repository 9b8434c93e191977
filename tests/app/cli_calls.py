"""Calling the command line in-process, as the CLI tests do."""
from gradstudio.app import cli


def call(capsys, *argv):
    """``(exit status, stdout, stderr)`` of ``gradstudio *argv``."""
    code = cli.main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err):
    """The one line an error prints (never a traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gradstudio: "), err
    assert "Traceback" not in err
    return lines[0]
