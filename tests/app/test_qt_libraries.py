"""When Qt's X11 plugin cannot load, the start names the libraries that are missing and
the packages that provide them, read from the plugin's own dependencies (Qt itself blames
libxcb-cursor0, installed or not)."""
import stat
import sys

import pytest

from gradstudio.app import display, qt_libraries
from gradstudio.app.qt_libraries import (PACKAGES, missing_message, not_found, plugin_failed,
                                         plugin_files)

# ldd on libqxcb.so of a stock Debian 12 with libxcb-cursor0 but without libxcb-icccm4
# and libxcb-keysyms1 (the machine)
LDD_QXCB = """\
\tlinux-vdso.so.1 (0x00007ffd2b7f6000)
\tlibQt6XcbQpa.so.6 => /venv/lib/python3.11/site-packages/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x00007f0c1e5a2000)
\tlibxkbcommon-x11.so.0 => /lib/x86_64-linux-gnu/libxkbcommon-x11.so.0 (0x00007f0c1e58c000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f0c1e585000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-image.so.0 => /lib/x86_64-linux-gnu/libxcb-image.so.0 (0x00007f0c1e57e000)
\t/lib64/ld-linux-x86-64.so.2 (0x00007f0c1e5d8000)
"""
LDD_QPA = """\
\tlinux-vdso.so.1 (0x00007ffd2b7f6000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-render-util.so.0 => /lib/x86_64-linux-gnu/libxcb-render-util.so.0 (0x00007f0c1)
"""
# what Qt 6.5 and later print when the xcb plugin does not load, whatever the reason
QT_SAYS = (
    "qt.qpa.plugin: From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed to load the Qt xcb "
    "platform plugin.\n"
    "qt.qpa.plugin: Could not load the Qt platform plugin \"xcb\" in \"\" even though it "
    "was found.\n"
    "This application failed to start because no Qt platform plugin could be initialized. "
    "Reinstalling the application may fix this problem.\n")


def test_ldd_output_is_read_for_the_libraries_not_found():
    assert not_found(LDD_QXCB) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert not_found(LDD_QXCB.replace(" => not found", " => /lib/x.so (0x1)")) == []


def test_the_message_names_the_libraries_and_their_packages():
    message = missing_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    assert message.startswith("the window cannot start: Qt's X11 platform plugin needs "
                              "libxcb-icccm.so.4 and libxcb-keysyms.so.1, which are not "
                              "installed; on Debian or Ubuntu install them with 'sudo apt "
                              "install libxcb-icccm4 libxcb-keysyms1'")
    assert "cursor" not in message and "QT_QPA_PLATFORM=offscreen" in message
    one = missing_message(["libxcb-cursor.so.0"])
    assert "needs libxcb-cursor.so.0, which is not installed" in one
    assert "install it with 'sudo apt install libxcb-cursor0'" in one
    odd = missing_message(["libxcb-icccm.so.4", "libodd.so.7"])
    assert "'sudo apt install libxcb-icccm4' and the package that provides libodd.so.7" in odd
    assert "install the package that provides it" in missing_message(["libodd.so.7"])
    assert missing_message([]) is None


@pytest.mark.parametrize("name, package", [
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"), ("libxcb-image.so.0", "libxcb-image0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"), ("libxcb-randr.so.0", "libxcb-randr0"),
    ("libxcb-shape.so.0", "libxcb-shape0"), ("libxcb-xinerama.so.0", "libxcb-xinerama0"),
    ("libxcb-xkb.so.1", "libxcb-xkb1"), ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libxkbcommon.so.0", "libxkbcommon0"), ("libEGL.so.1", "libegl1"),
    ("libGL.so.1", "libgl1"), ("libfontconfig.so.1", "libfontconfig1"),
    ("libdbus-1.so.3", "libdbus-1-3")])
def test_each_library_has_its_debian_package(name, package):
    assert PACKAGES[name] == package


def test_a_plugin_load_failure_is_told_from_an_unreachable_display():
    assert plugin_failed(QT_SAYS.splitlines())
    assert not plugin_failed(["qt.qpa.xcb: could not connect to display :93"])


def test_the_plugin_files_are_pysides_xcb_plugin_and_its_qt_library(tmp_path):
    assert plugin_files(tmp_path) == []
    platforms, lib = tmp_path / "Qt" / "plugins" / "platforms", tmp_path / "Qt" / "lib"
    platforms.mkdir(parents=True)
    lib.mkdir()
    (platforms / "libqxcb.so").write_bytes(b"")
    (lib / "libQt6XcbQpa.so.6").write_bytes(b"")
    assert plugin_files(tmp_path) == [platforms / "libqxcb.so", lib / "libQt6XcbQpa.so.6"]


def _fake_ldd(folder, outputs):
    """An ``ldd`` in ``folder`` printing ``outputs[name of its argument]``."""
    script = folder / "ldd"
    script.write_text(f"#!{sys.executable}\nimport os, sys\n"
                      f"sys.stdout.write({outputs!r}[os.path.basename(sys.argv[1])])\n",
                      encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ldd and X11 are Linux's")
def test_the_start_names_what_is_missing_instead_of_libxcb_cursor0(tmp_path, monkeypatch):
    """The display check's child fails as Qt does on the issue's machine; ldd (a stand-in
    on PATH) says which libraries the plugin lacks."""
    tools = tmp_path / "bin"
    tools.mkdir()
    _fake_ldd(tools, {"libqxcb.so": LDD_QXCB, "libQt6XcbQpa.so.6": LDD_QPA})
    qt = tmp_path / "PySide6"
    monkeypatch.setattr(qt_libraries, "plugin_files", lambda: [
        qt / "Qt" / "plugins" / "platforms" / "libqxcb.so", qt / "Qt" / "lib" /
        "libQt6XcbQpa.so.6"])
    monkeypatch.setattr(display, "_PROBE",
                        f"import sys\nsys.stderr.write({QT_SAYS!r})\nsys.exit(134)\n")
    env = {"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb", "PATH": str(tools)}
    problem = display.display_problem(env, "linux")
    assert problem == missing_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    # without ldd, Qt's own words are all there is to say
    monkeypatch.setattr(qt_libraries, "plugin_files", lambda: [tmp_path / "nothing.so"])
    (tools / "ldd").unlink()
    problem = display.display_problem(env, "linux")
    assert problem.startswith("the display :0 could not be opened (From 6.5.0, xcb-cursor0")


@pytest.mark.skipif(not sys.platform.startswith("linux") or not plugin_files(),
                    reason="PySide6's xcb plugin on Linux")
def test_the_real_ldd_is_read_as_the_stand_in_is(tmp_path):
    """The plugin copied away from PySide6's own libraries: the real ldd says Qt's
    library is not found."""
    import shutil
    if shutil.which("ldd") is None:
        pytest.skip("no ldd here")
    qxcb = plugin_files()[0]
    alone = tmp_path / qxcb.name
    shutil.copy(qxcb, alone)
    assert "libQt6XcbQpa.so.6" in qt_libraries.missing_libraries([alone])
