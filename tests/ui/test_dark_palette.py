"""Under a dark system palette every text a panel colours itself stays readable: a muted
help text, a notice or a hint takes the palette's placeholder colour (a fixed dark grey
such as the Inspector's ``#555`` help line was 1.9:1 on a dark window), and any other
fixed colour a widget's style sheet sets keeps at least 3:1 against the window."""
import re

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from gradstudio.document import examples

from driving import main_window

DARK = {QPalette.ColorRole.Window: "#2b2b2b", QPalette.ColorRole.WindowText: "#e0e0e0",
        QPalette.ColorRole.Base: "#1e1e1e", QPalette.ColorRole.Text: "#e0e0e0",
        QPalette.ColorRole.Button: "#3a3a3a", QPalette.ColorRole.ButtonText: "#e0e0e0",
        QPalette.ColorRole.PlaceholderText: "#9a9a9a"}
FIXED = re.compile(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})")


def _luminance(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    c = QColor(colour)
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture
def dark():
    app = QApplication.instance()
    before = app.palette()
    palette = QPalette(before)
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    yield palette
    app.setPalette(before)


def test_the_contrast_measure_tells_readable_from_unreadable():
    assert contrast("#555555", DARK[QPalette.ColorRole.Window]) < 3
    assert contrast("#9a9a9a", DARK[QPalette.ColorRole.Window]) > 4


def test_every_colour_a_panel_sets_is_readable_on_a_dark_window(qtbot, tmp_path, dark):
    win = main_window(qtbot, tmp_path, (1400, 900))
    win.session.set_document(examples.build("01_autograd_tutorial"))
    window = DARK[QPalette.ColorRole.Window]
    styled = [w for w in win.findChildren(QWidget) if FIXED.search(w.styleSheet())]
    unreadable = [(type(w).__name__, w.objectName(), FIXED.search(w.styleSheet()).group(1))
                  for w in styled
                  if contrast(FIXED.search(w.styleSheet()).group(1), window) < 3]
    assert unreadable == []
    # the muted lines a user reads most follow the palette
    helps = [w for w in win.findChildren(QLabel)
             if "placeholder-text" in w.styleSheet() and w.text()]
    assert helps, "no help line follows the palette's placeholder colour"


def test_an_error_and_a_verdict_take_the_shades_of_the_palette(qtbot, tmp_path, dark):
    from gradstudio.ui.tones import tone
    window = DARK[QPalette.ColorRole.Window]
    assert all(contrast(tone(n), window) >= 4.5 for n in ("error", "ok"))
    win = main_window(qtbot, tmp_path, (1400, 900))
    session = win.session
    from gradstudio.ui import commands
    session.push(commands.AddNode(session.document, "mm"))
    session.select([session.document.node_ids[-1]])
    error = win.inspector.error
    qtbot.waitUntil(lambda: error.isVisibleTo(win.inspector))
    assert tone("error") in error.styleSheet() and "c62828" not in error.styleSheet()
