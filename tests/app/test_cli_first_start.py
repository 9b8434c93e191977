"""The first start after ``pip install``: ``--help`` shows every form of the command, the
README's ``gradstudio run 01_autograd_tutorial.gsg`` works from any folder (the bundled
examples by name, ``gradstudio examples`` lists them) and ``--install-desktop`` puts the
desktop entry, the MIME type and the icons where the desktop looks."""
import configparser
import os
import stat
import sys

import pytest

from gradstudio.app import cli
from gradstudio.document.examples import EXAMPLES, TITLES, build
from gradstudio.document.export import export_script
from gradstudio.document.files import save
from gradstudio.resources import EXAMPLES_DIR, ICON_PNG, ICON_SVG, MIME_FILE

from cli_calls import call, one_line_error


def test_help_names_the_form_that_opens_files(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    usage = capsys.readouterr().out.split("\n\n", 1)[0]
    assert usage.startswith("usage: gradstudio [--lang en|de|es] "
                            "[FILE.gsg|NOTEBOOK.ipynb|SCRIPT.py ...]\n")
    assert "gradstudio {run,export,explain,trace,examples} ..." in usage
    assert "--install-desktop" in usage
    with pytest.raises(SystemExit):
        cli.main(["run", "--help"])
    assert capsys.readouterr().out.startswith("usage: gradstudio run ")


def test_examples_lists_every_bundled_example_with_its_title(capsys):
    code, out, err = call(capsys, "examples")
    assert code == 0 and err == ""
    rows = [line.split(None, 1) for line in out.splitlines() if line.endswith(
        tuple(TITLES.values())) and line.split(" ", 1)[0].endswith(".gsg")]
    assert rows == [[f"{name}.gsg", TITLES[name]] for name in sorted(EXAMPLES)]
    assert str(EXAMPLES_DIR) in out


@pytest.mark.parametrize("word", ["01_autograd_tutorial.gsg", "01_autograd_tutorial",
                                  "autograd_tutorial"])
def test_run_explain_and_export_take_an_example_by_name(tmp_path, monkeypatch, capsys, word):
    monkeypatch.chdir(tmp_path)                      # a folder without the example
    code, out, err = call(capsys, "run", word)
    assert (code, err) == (0, "") and out.startswith("x = tensor([[1., 1.],")
    assert "x.grad = tensor([[4.5000, 4.5000]," in out
    code, out, err = call(capsys, "explain", word)
    assert (code, err) == (0, "") and out.startswith("Action 1: out.backward()\n")
    code, out, err = call(capsys, "export", word)
    assert (code, err) == (0, "")
    assert out == export_script(build("01_autograd_tutorial")).text


def test_a_file_in_the_current_folder_comes_before_the_example(tmp_path, monkeypatch,
                                                                 capsys):
    monkeypatch.chdir(tmp_path)
    save(build("05_retain_graph"), tmp_path / "01_autograd_tutorial.gsg")
    _, mine, _ = call(capsys, "run", "01_autograd_tutorial.gsg")
    _, bundled, _ = call(capsys, "run", "01_autograd_tutorial")
    assert mine != bundled and "Trying to backward through the graph a second time" in mine


def test_a_name_that_is_no_example_still_says_the_file_is_missing(tmp_path, monkeypatch,
                                                                  capsys):
    monkeypatch.chdir(tmp_path)
    for word in ("no_such_lesson", "sub/01_autograd_tutorial.gsg"):
        code, out, err = call(capsys, "run", word)
        assert code == 1 and out == ""
        assert f"{word}: could not open the file" in one_line_error(err)


# ----------------------------------------------------------------------------- desktop
def _fake_tool(folder, name, log):
    """An executable ``name`` in ``folder`` that appends its name and arguments to ``log``."""
    path = folder / name
    path.write_text(f"#!{sys.executable}\nimport sys\n"
                    f"open({str(log)!r}, 'a').write(' '.join(['{name}'] + sys.argv[1:]) "
                    "+ '\\n')\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def desktop_env(tmp_path, monkeypatch):
    """``(data home, tool log)``: XDG_DATA_HOME in ``tmp_path`` and PATH holding only a
    fake update-desktop-database and update-mime-database that log their calls."""
    data, tools, log = tmp_path / "data", tmp_path / "bin", tmp_path / "tools.log"
    tools.mkdir()
    for name in ("update-desktop-database", "update-mime-database"):
        _fake_tool(tools, name, log)
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("PATH", str(tools))
    return data, log


@pytest.mark.skipif(os.name != "posix", reason="freedesktop.org desktops")
def test_install_desktop_puts_entry_mime_type_and_icons_under_xdg_data_home(
        desktop_env, capsys):
    data, log = desktop_env
    code, out, err = call(capsys, "--install-desktop")
    assert (code, err) == (0, "")
    entry_path = data / "applications" / "gradstudio.desktop"
    icons = data / "icons" / "hicolor"
    expected = {entry_path: None, data / "mime" / "packages" / "gradstudio.xml": MIME_FILE,
                icons / "scalable" / "apps" / "gradstudio.svg": ICON_SVG,
                icons / "256x256" / "apps" / "gradstudio.png": ICON_PNG,
                icons / "scalable" / "mimetypes" / "application-x-gradstudio-graph.svg":
                    ICON_SVG}
    for path, source in expected.items():
        assert f"installed {path}" in out.splitlines()
        if source is not None:
            assert path.read_bytes() == source.read_bytes()
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(entry_path, encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Exec"].endswith(" %F") and d["MimeType"] == "application/x-gradstudio-graph;"
    program = d["TryExec"]                 # this installation's command, found without PATH
    assert os.path.isabs(program) and os.access(program, os.X_OK)
    assert log.read_text().splitlines() == [
        f"update-desktop-database {data / 'applications'}",
        f"update-mime-database {data / 'mime'}"]

    code, out, err = call(capsys, "--uninstall-desktop")
    assert (code, err) == (0, "")
    assert not any(path.exists() for path in expected)
    assert sorted(f"removed {path}" for path in expected) == sorted(
        line for line in out.splitlines() if line.startswith("removed "))
    assert len(log.read_text().splitlines()) == 4        # the caches refreshed again


@pytest.mark.skipif(os.name != "posix", reason="freedesktop.org desktops")
def test_install_desktop_without_the_cache_tools_still_installs(tmp_path, monkeypatch,
                                                                capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("PATH", str(tmp_path))          # no update-*-database here
    code, out, err = call(capsys, "--install-desktop")
    assert (code, err) == (0, "")
    assert (tmp_path / "data" / "applications" / "gradstudio.desktop").is_file()
    assert "update-mime-database is not installed" in out


@pytest.mark.skipif(os.name != "posix", reason="freedesktop.org desktops")
def test_install_desktop_where_it_cannot_write_is_one_line(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "data"))    # (even root cannot)
    code, out, err = call(capsys, "--install-desktop")
    assert code == 1
    line = one_line_error(err)
    assert "could not write" in line and "XDG_DATA_HOME" in line


def test_install_desktop_elsewhere_says_it_is_for_freedesktop_desktops(tmp_path, monkeypatch,
                                                                       capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "platform", "darwin")
    code, out, err = call(capsys, "--install-desktop")
    assert code == 1 and "for Linux and BSD desktops" in one_line_error(err)
    assert not (tmp_path / "data").exists()
    code, out, err = call(capsys, "--install-desktop", "--uninstall-desktop")
    assert code == 2 and "choose one of" in one_line_error(err)
