"""The Lesson panel reads nothing from the disk or the network: a lesson's Markdown (from a
notebook, or from a ``.gsg`` file someone sent) may name any path in any Markdown form,
and only images embedded in the text (``data:`` URIs) are shown. Before, a
reference-style image ``![a][r]`` with ``[r]: /dev/zero`` froze the window at 4.2 GB, a
FIFO blocked it for good and ``/etc/hostname`` was read."""
import base64
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument

from gradstudio.document.lesson import Cell, Lesson, example_lesson
from gradstudio.ui import lesson_markdown as lm
from gradstudio.ui import lesson_panel as lp
from gradstudio.ui.lesson_panel import CellView, LessonPanel

MAGENTA, GREEN = QColor(255, 0, 255), QColor(0, 200, 0)
ROOT = Path(__file__).resolve().parents[2]


def square(path, color, size=40):
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(color)
    assert image.save(str(path))
    return path


def data_uri(color):
    image = QImage(40, 40, QImage.Format.Format_RGB32)
    image.fill(color)
    raw = QByteArray()
    buffer = QBuffer(raw)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(bytes(raw)).decode("ascii")


def every_form(path):
    """The Markdown forms that name a local file, each naming ``path``."""
    css = path.with_suffix(".css")
    css.write_text("* { background-color: #ff00ff; color: #ff00ff; }", encoding="utf-8")
    return (f"inline ![a]({path}) and ![b](file://{path}) and ![c](<{path}>)\n\n"
            f"reference-style ![d][r] and ![e][]\n\n[r]: {path}\n[e]: file://{path}\n\n"
            f'html <img src="{path}"> <IMG SRC=\'file://{path}\' /> '
            f'<img alt="x" src={path}>\n\n'
            f"autolink <file://{path}> and [a link](file://{path})\n\n"
            f'<link rel="stylesheet" href="{css}">\n\n'
            f'<style>@import url("{css}");</style>\n\n'
            f"<p style=\"background-image: url('{path}')\">styled</p>\n\n"
            f"relative ![f]({path.name}) and the end of the text")


def has_color(widget, color):
    image = widget.grab().toImage()
    return any(image.pixelColor(x, y) == color
               for x in range(0, image.width(), 2) for y in range(0, image.height(), 2))


def markdown_view(qtbot, text):
    view = CellView(0, Cell("markdown", text))
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_no_markdown_form_shows_a_file_from_the_disk(qtbot, tmp_path):
    os.chdir(tmp_path)                        # (a relative name would be found here)
    picture = square(tmp_path / "secret.png", MAGENTA)
    view = markdown_view(qtbot, every_form(picture))
    assert "the end of the text" in view.text.shown_text()
    assert not has_color(view, MAGENTA)
    asked = view.text.document().asked        # Qt asked for them; it was given nothing
    assert any(str(picture) in name for name in asked)


def test_an_embedded_image_is_shown_and_nothing_else(qtbot, tmp_path):
    picture = square(tmp_path / "secret.png", MAGENTA)
    view = markdown_view(qtbot, f"![plot]({data_uri(GREEN)}) beside ![x][r]\n\n"
                                f"[r]: {picture}")
    assert has_color(view, GREEN) and not has_color(view, MAGENTA)


def test_the_document_gives_no_resource_but_embedded_images(tmp_path):
    picture = square(tmp_path / "secret.png", MAGENTA)
    doc = lm.SafeDocument()
    image = QTextDocument.ResourceType.ImageResource.value
    sheet = QTextDocument.ResourceType.StyleSheetResource.value
    empty = lm.placeholder()
    for name in (str(picture), f"file://{picture}", "http://example.org/a.png",
                 "https://example.org/a.png", "attachment:a.png", "/etc/hostname",
                 "qrc:/gradstudio/icon.png", "data:text/plain;base64,aGVsbG8=",
                 "data:image/png;base64,bm90IGFuIGltYWdl"):
        assert doc.loadResource(image, QUrl(name)) == empty, name   # (not null: Qt
        assert doc.loadResource(sheet, QUrl(name)) == "", name      # would read it)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/'
           f'xlink" width="40" height="40"><image xlink:href="{picture}" width="40" '
           'height="40"/></svg>')
    for mime in ("image/svg+xml", "image/png"):          # (the png is an SVG inside)
        name = f"data:{mime};base64," + base64.b64encode(svg.encode()).decode()
        assert doc.loadResource(image, QUrl(name)) == empty, mime
    shown = doc.loadResource(image, QUrl(data_uri(GREEN)))
    assert isinstance(shown, QImage) and shown.pixelColor(5, 5) == GREEN


def test_a_lesson_from_a_file_shows_no_file_in_the_panel(qtbot, session, tmp_path):
    picture = square(tmp_path / "secret.png", MAGENTA)
    session.document.lesson = example_lesson(f"A lesson ![x][r]\n\n[r]: {picture}")
    panel = LessonPanel(session)
    qtbot.addWidget(panel)
    panel.resize(600, 500)
    panel.show()
    session.rerun()
    qtbot.waitUntil(lambda: len(panel.cells) == 1)
    assert "A lesson" in panel.cells[0].text.shown_text()
    assert not has_color(panel, MAGENTA)


def test_html_set_into_the_view_shows_no_file_either(qtbot, tmp_path):
    picture = square(tmp_path / "secret.png", MAGENTA)
    view = markdown_view(qtbot, "text")
    view.text.document().setHtml(f'<p>before <img src="{picture}"> <img src="file://'
                                 f'{picture}" width=40 height=40> after</p>')
    view.text.resize(600, 200)
    assert "after" in view.text.shown_text() and not has_color(view.text, MAGENTA)


def test_the_lessons_name_and_notes_from_a_file_are_plain_text(qtbot, session, tmp_path):
    picture = square(tmp_path / "secret.png", MAGENTA)
    name = f'<img src="{picture}" width=60 height=60>'
    session.document.lesson = Lesson((Cell("code", "x = 1", notes=(name,)),), name=name)
    panel = LessonPanel(session)
    qtbot.addWidget(panel)
    panel.resize(600, 500)
    panel.show()
    session.rerun()
    qtbot.waitUntil(lambda: len(panel.cells) == 1)
    assert panel.title.text() == name and panel.title.isVisibleTo(panel)
    assert not has_color(panel, MAGENTA)


def test_an_attached_image_of_a_notebook_is_shown(qtbot, tmp_path):
    from gradstudio.document.notebook import read_notebook
    png = data_uri(GREEN).split(",", 1)[1]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "attachments": {"g.png": {"image/png": png}},
         "source": "An attached plot: ![g](attachment:g.png)"}]}
    read = read_notebook(json.dumps(notebook).encode(), "n.ipynb")
    view = markdown_view(qtbot, read.cells[0].source)
    assert has_color(view, GREEN)


def test_links_open_only_web_addresses(monkeypatch):
    opened = []
    monkeypatch.setattr(lm.QDesktopServices, "openUrl", lambda url: opened.append(url))
    for name in ("file:///etc/hostname", "/etc/hostname", "javascript:alert(1)",
                 "attachment:a.png", "smb://host/share"):
        lm.open_link(QUrl(name))
    assert opened == []
    lm.open_link(QUrl("https://pytorch.org/tutorials"))
    assert [u.toString() for u in opened] == ["https://pytorch.org/tutorials"]


def test_a_click_on_a_file_link_loads_nothing_into_the_view(qtbot, tmp_path):
    view = markdown_view(qtbot, f"[the password file](file://{tmp_path}/x.md)")
    view.text.anchorClicked.emit(QUrl(f"file://{tmp_path}/x.md"))
    view.text.setSource(QUrl(f"file://{tmp_path}/x.md"))
    assert view.text.shown_text() == "the password file"


CHILD = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QApplication
    from gradstudio.document.lesson import Cell
    from gradstudio.ui.lesson_panel import CellView
    app = QApplication([])
    view = CellView(0, Cell("markdown", sys.argv[1]))
    view.resize(600, 400)
    view.show()
    view.grab()
    app.processEvents()
    text = view.text.document().toPlainText()
    print("shown:", text.replace(chr(10), " "))
""")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_and_dev_zero_are_never_opened(tmp_path):
    """In a child process with bounded time and memory: opening the FIFO blocks for
    good, reading /dev/zero never ends; both named in every form."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    text = (f"Before ![a][r] ![b][z] ![c]({fifo}) <img src=\"/dev/zero\">\n\n"
            f'<link rel="stylesheet" href="{fifo}">\n\n'
            f"[r]: {fifo}\n[z]: /dev/zero\n\nafter the images")

    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, text], capture_output=True,
                              text=True, timeout=60, env=env, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        pytest.fail("the panel opened the FIFO (or read /dev/zero) and never finished")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Before" in done.stdout and "after the images" in done.stdout


def test_label_markdown_keeps_embedded_images():
    uri = data_uri(GREEN)
    assert lp.label_markdown(f"![p]({uri})") == f"![p]({uri})"
    assert lp.label_markdown("![p](/etc/hostname)") == "\\[image: p\\]"
