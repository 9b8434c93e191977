"""What the Lesson panel shows of a real notebook: the prose of paragraphs that begin with
``<br>`` (Qt dropped it: 12 such lines in the autograd tutorial), LaTeX as readable text
(``$$ v = (v_1, …)^T $$`` stayed raw), colours from the palette (a dark theme made the
notes, code and outputs white on white) and Python colours from Pygments (triple-quoted
strings and ``#`` inside strings were misread)."""
import json
import os

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication

from gradstudio.document.lesson import Cell, Lesson
from gradstudio.ui import highlight
from gradstudio.ui.lesson_markdown import MarkdownView, prepare_markdown
from gradstudio.ui.lesson_panel import CellView, LessonPanel, TextBlock
from gradstudio.ui.lesson_style import contrast, is_dark, lesson_colors
from gradstudio.ui.tex_text import tex_to_text

NOTEBOOKS = Path(__file__).resolve().parents[1] / "document" / "fixtures" / "notebooks"
TUTORIAL = NOTEBOOKS / "001_0400395b4afc2d20.ipynb"
JACOBIAN = NOTEBOOKS / "004_50bcd5f43ff40d79.ipynb"
ROLE = QPalette.ColorRole


def markdown_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def shown(qtbot, source):
    view = MarkdownView(source)
    qtbot.addWidget(view)
    return " ".join(view.shown_text().split())


# ---------------------------------------------------------------------- <br>
def test_paragraphs_that_begin_with_br_keep_their_prose(qtbot):
    lines = [line for text in markdown_cells(TUTORIAL) for line in text.split("\n")
             if line.startswith("<br>") and line[4:].strip()]
    assert len(lines) >= 10
    everything = " ".join(shown(qtbot, text) for text in markdown_cells(TUTORIAL))
    for line in lines:
        prose = " ".join(line[4:].replace("``", "").split())
        assert prose in everything, prose


def test_br_and_other_void_tags_inside_a_paragraph_keep_the_rest(qtbot):
    assert shown(qtbot, "first <br> second <BR> third <hr> fourth") == \
        "first second third fourth"
    text = shown(qtbot, "<br>\n<br/> lead\n\n`code <br> kept` after")
    assert text == "lead code <br> kept after"


def test_code_blocks_are_left_as_written():
    fenced = "```\n<br> $x^2$\n```"
    assert prepare_markdown(f"a\n\n{fenced}\n\nb $x^2$") == \
        f"a\n\n{fenced}\n\nb `x²`"


# ---------------------------------------------------------------------- LaTeX
@pytest.mark.parametrize("tex, text", [
    (r" v = (v1, v2, \cdot\cdot\cdot, v_{m})^T ", "v = (v1, v2, ···, vₘ)ᵀ"),
    (r"\frac{\partial y_i}{\partial x_j}", "∂yᵢ/∂xⱼ"),
    (r"\sum_{i=1}^{n} \alpha_i x^2", "∑ᵢ₌₁ⁿ αᵢ x²"),
    (r"\left( \frac{a+b}{2} \right)", "( (a+b)/2 )"),
    (r"J = \begin{bmatrix} a & b \\ c & d \end{bmatrix}", "J = [a, b; c, d]"),
    (r"\sqrt{x^2+1} \leq \infty", "√(x²+1) ≤ ∞"),
    (r"\mathbb{R}^{n \times m}", "ℝ^(n × m)"),
    (r"\hat{y} \in \Sigma, \ldots", "y\u0302 ∈ Σ, …"),
    (r"e^{-x} \cdots \lambda", "e⁻ˣ ⋯ λ"),
    (r"\frac{1}{n}\sum_i x_i", "1/n ∑ᵢ xᵢ"),
    (r"\unknowncommand{x}", "unknowncommandx"),
])
def test_tex_becomes_readable_text(tex, text):
    assert tex_to_text(tex) == text


def test_maths_in_a_notebook_is_shown_readably_in_its_own_style(qtbot):
    (source,) = [t for t in markdown_cells(JACOBIAN) if "$$" in t]
    view = MarkdownView(source)
    qtbot.addWidget(view)
    text = view.shown_text()
    assert "$$" not in text and "\\cdot" not in text
    assert "v = (v1, v2, ···, vₘ)ᵀ" in text
    cursor = QTextCursor(view.document())
    cursor.setPosition(text.index("vₘ") + 1)
    fmt = cursor.charFormat()
    assert fmt.fontFixedPitch()                          # set apart from the prose
    cursor.setPosition(text.index("engine") + 1)
    assert not cursor.charFormat().fontFixedPitch()
    assert "costs $5 and $10" in shown(qtbot, "It costs $5 and $10.")   # no maths there
    assert shown(qtbot, r"so $\alpha^2$ grows") == "so α² grows"


# ---------------------------------------------------------------------- palettes
def dark_palette():
    palette = QPalette()
    for role, color in ((ROLE.Window, "#2b2b2b"), (ROLE.WindowText, "#eeeeee"),
                        (ROLE.Base, "#1e1e1e"), (ROLE.AlternateBase, "#262626"),
                        (ROLE.Text, "#f0f0f0"), (ROLE.Button, "#333333"),
                        (ROLE.ButtonText, "#eeeeee"), (ROLE.Highlight, "#3d6fb4"),
                        (ROLE.HighlightedText, "#ffffff"), (ROLE.Link, "#8ab4f8")):
        palette.setColor(role, QColor(color))
    return palette


@pytest.fixture(params=["light", "dark"])
def themed(request):
    app = QApplication.instance()
    before = app.palette()
    if request.param == "dark":
        app.setPalette(dark_palette())
    yield request.param
    app.setPalette(before)


def best_contrast(widget):
    """The contrast of the most contrasting pixel with the block's background (read at
    its right edge, where no text is)."""
    image = widget.grab().toImage()
    background = image.pixelColor(image.width() - 3, image.height() // 2)
    return max(contrast(background, image.pixelColor(x, y))
               for x in range(image.width()) for y in range(image.height()))


def a_cell(qtbot):
    cell = Cell("code", "value = other_value\nvalue", stored="1", output="plain output\n",
                error="ValueError: plain error")
    view = CellView(0, cell)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_code_outputs_and_errors_are_readable_on_either_palette(qtbot, themed):
    view = a_cell(qtbot)
    assert view.colors.dark == (themed == "dark")
    for block in (view.code, view.outputs["stored"], view.outputs["output"],
                  view.outputs["error"]):
        assert best_contrast(block) >= 4.5, (themed, block.toPlainText())
    colors = view.colors
    for text, background in ((colors.text, colors.code_bg), (colors.text, colors.output_bg),
                             (colors.error, colors.error_bg), (colors.muted, "#2b2b2b"
                              if themed == "dark" else "#efefef"),
                             (colors.note_text, colors.seed_bg),
                             (colors.note_text, colors.edited_bg)):
        assert contrast(text, background) >= 4.5, (themed, text, background)


def test_the_panel_follows_a_palette_chosen_while_it_is_open(qtbot, session):
    session.document.lesson = Lesson((Cell("markdown", "Some *prose*."),
                                      Cell("code", "x = 1", output="1")))
    panel = LessonPanel(session)
    qtbot.addWidget(panel)
    session.rerun()
    qtbot.waitUntil(lambda: len(panel.cells) == 2)
    assert not panel.cells[1].colors.dark
    app, before = QApplication.instance(), QApplication.instance().palette()
    try:
        app.setPalette(dark_palette())
        qtbot.waitUntil(lambda: panel.cells[1].colors.dark)
        assert panel.cells[1].code.colors.dark and panel.cells[1].code.highlighter.dark
        background = panel.cells[1].colors.code_bg
        assert f"background: {background}" in panel.cells[1].code.styleSheet()
        assert QColor(background).lightnessF() < 0.3
    finally:
        app.setPalette(before)


def test_lesson_colors_come_from_the_palette():
    light, dark = lesson_colors(QPalette(QColor("#efefef"))), lesson_colors(dark_palette())
    assert not light.dark and dark.dark and is_dark(dark_palette())
    assert QColor(dark.code_bg).lightnessF() < 0.3 < 0.7 < QColor(light.code_bg).lightnessF()


# ---------------------------------------------------------------------- Pygments
def formats_at(block, line, column):
    """The foreground colour drawn at ``line`` (0-based), ``column``."""
    QApplication.processEvents()                       # (Qt highlights once idle)
    layout = block.document().findBlockByNumber(line).layout()
    for r in layout.formats():
        if r.start <= column < r.start + r.length:
            return r.format.foreground().color().name()
    return None


def test_code_colours_read_strings_and_comments_as_python_does(qtbot):
    code = 'doc = """a # not a comment\nstill a string"""  # a comment\ns = "#x"'
    block = TextBlock(code, code=True)
    qtbot.addWidget(block)
    style = block.highlighter.style
    string = "#" + style.style_for_token(highlight_token("String.Double"))["color"].lower()
    comment = "#" + style.style_for_token(highlight_token("Comment.Single"))["color"].lower()
    assert string != comment
    assert formats_at(block, 0, 12) == string            # the # inside the string
    assert formats_at(block, 1, 3) == string             # the string's second line
    assert formats_at(block, 1, 20) == comment
    assert formats_at(block, 2, 6) == string


def highlight_token(name):
    from pygments import token
    kind = token.Token
    for part in name.split("."):
        kind = getattr(kind, part)
    return kind


def test_the_dark_palette_has_its_own_code_style(qtbot):
    light = TextBlock("x = 1  # one", code=True, colors=lesson_colors(QPalette()))
    dark = TextBlock("x = 1  # one", code=True, colors=lesson_colors(dark_palette()))
    qtbot.addWidget(light)
    qtbot.addWidget(dark)
    assert light.highlighter.style is not dark.highlighter.style
    assert formats_at(light, 0, 8) != formats_at(dark, 0, 8)
    assert highlight.DARK_STYLE in dark.highlighter.style.__module__


_STARTUP = r"""
import sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gradstudio.ui import main_window as mw
w = mw.MainWindow(settings=QSettings(tempfile.mkdtemp() + "/s.ini",
                                     QSettings.Format.IniFormat))
w.files.open_example(mw.example_paths()[0])
# (once shown, the code panel imports Pygments after its first frame:
# test_startup_imports.py)
print("at start", "pygments" in sys.modules)
from gradstudio.ui.lesson_panel import TextBlock
TextBlock("x = 1", code=True)
print("for code", "pygments" in sys.modules)
"""


def test_pygments_is_imported_for_the_first_code_cell_not_at_start_up():
    proc = subprocess.run([sys.executable, "-c", _STARTUP], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["at start False", "for code True"]



