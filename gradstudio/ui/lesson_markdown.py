"""A notebook's Markdown as the Lesson panel shows it, loading nothing.

A lesson comes from a file someone else wrote (a ``.gsg`` or a notebook), so its Markdown
may name any path or address: an image ``![a](/dev/zero)``, a reference-style image
``![a][r]`` with ``[r]: /etc/hostname``, ``<img src>``, ``<link href>``, a style sheet's
``@import``. Qt's text documents read such names from the disk when they lay the text
out. ``SafeDocument`` is where every such read goes, whatever the Markdown form that
named it: it gives back only images embedded in the text itself (``data:`` URIs) and
nothing for any other name, so the panel opens no file, FIFO or device and fetches
nothing. ``MarkdownView`` shows one cell's Markdown in such a document; a click on a web
link opens the browser, any other link does nothing.

``prepare_markdown`` mends what Qt's Markdown reader gets wrong in real notebooks: a
paragraph that begins with ``<br>`` (Qt dropped its prose, and ``<br>`` anywhere dropped
the rest of its paragraph), an HTML tag such as ``<hr>`` written without ``/>``, and
LaTeX maths (``$…$``, ``$$…$$``), shown as readable text (``tex_text``) in a monospace
span, since the panel typesets no TeX."""
import base64
import re
from urllib.parse import unquote_to_bytes

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QDesktopServices, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser

from gradstudio.ui.tex_text import tex_to_text
from gradstudio.ui.i18n import translate

__all__ = ["MarkdownView", "SafeDocument", "prepare_markdown", "label_markdown",
           "embedded_image", "WEB_SCHEMES", "MAX_EMBEDDED"]

WEB_SCHEMES = ("http", "https", "mailto")
MAX_EMBEDDED = 8 * 1024 ** 2          # characters of one data: URI


# ---------------------------------------------------------------------- the text
_MD_IMAGE = re.compile(r"!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?[^)]*\)")
_HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_HTML_SRC = re.compile(r"""\bsrc\s*=\s*["']([^"']*)["']""", re.IGNORECASE)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_VOID = "area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr"
_TOKEN = re.compile(
    r"(?P<code>(?P<ticks>`+)[\s\S]*?(?<!`)(?P=ticks)(?!`))"
    r"|\$\$(?P<display>[\s\S]+?)\$\$"
    r"|(?<![\\$\w])\$(?P<inline>[^\s$](?:[^$\n]*?[^\s$\\])?)\$(?![\w$])"
    r"|(?P<lead>^[ \t]*(?:<br\s*/?>[ \t]*)+)"
    rf"|(?P<void><(?:{_VOID})\b[^<>]*?)\s*/?>", re.IGNORECASE | re.MULTILINE)


def _image_link(alt, src):
    """An image as a link to it: the panel loads nothing from the web or the disk."""
    words = translate("LessonMarkdown", "[image: {alt}]").format(alt=alt) if alt else translate("LessonMarkdown", "[image]")
    return f"{words}({src})" if src.lower().startswith(("http://", "https://")) else \
        words.replace("[", "\\[").replace("]", "\\]")


def label_markdown(source):
    """A markdown cell's text with its inline and HTML images as links to them (those
    embedded as ``data:`` URIs stay images)."""
    def md_image(m):
        return m.group(0) if m.group(2).lower().startswith("data:") else \
            _image_link(m.group(1), m.group(2))

    def html_image(m):
        src = _HTML_SRC.search(m.group(0))
        src = src.group(1) if src else ""
        return m.group(0) if src.lower().startswith("data:") else _image_link("", src)
    return _HTML_IMAGE.sub(html_image, _MD_IMAGE.sub(md_image, source))


def _math(tex, display):
    text = tex_to_text(tex) or tex.strip()
    span = f"`` {text} ``" if "`" in text else f"`{text}`"     # (monospace, literal)
    return f"\n\n{span}\n\n" if display else span


def _mend(m):
    if m.group("code") is not None:
        return m.group(0)
    if m.group("display") is not None:
        return _math(m.group("display"), True)
    if m.group("inline") is not None:
        return _math(m.group("inline"), False)
    if m.group("lead") is not None:
        return ""
    return m.group("void") + "/>"


def prepare_markdown(source):
    """A markdown cell's text as the panel gives it to Qt (see the module's docstring);
    fenced code blocks are left as they are."""
    out, chunk, fence = [], [], None
    for line in label_markdown(str(source)).split("\n"):
        marks = _FENCE.match(line)
        if fence is None and marks is None:
            chunk.append(line)
            continue
        if fence is None:                               # a code block begins
            out.append(_TOKEN.sub(_mend, "\n".join(chunk)))
            chunk, fence = [], marks.group(1)
        elif marks is not None and marks.group(1)[0] == fence[0] and \
                len(marks.group(1)) >= len(fence) and not line.strip().strip(fence[0]):
            fence = None                                # … and ends
        out.append(line)
    out.append(_TOKEN.sub(_mend, "\n".join(chunk)))
    return "\n".join(out)


# ---------------------------------------------------------------------- loading nothing
RASTER = {"image/png": "PNG", "image/jpeg": "JPEG", "image/jpg": "JPEG", "image/gif": "GIF",
          "image/bmp": "BMP", "image/webp": "WEBP"}


def embedded_image(url):
    """The picture a ``data:image/…`` URL holds, or None (not such a URL, too long, not a
    picture). Only raster formats, each read as the format it claims: an SVG may name
    other files."""
    encoded = bytes(url.toEncoded()).decode("ascii", "replace")
    if not encoded[:5].lower() == "data:" or len(encoded) > MAX_EMBEDDED or \
            "," not in encoded:
        return None
    head, payload = encoded[5:].split(",", 1)
    image_format = RASTER.get(head.lower().split(";")[0].strip())
    if image_format is None:
        return None
    try:
        data = unquote_to_bytes(payload)
        if head.lower().endswith(";base64"):
            data = base64.b64decode(data, validate=False)
    except ValueError:
        return None
    image = QImage.fromData(data, image_format)
    return None if image.isNull() else image


def placeholder():
    """What an image that is not embedded shows: a small empty frame. (Never nothing: Qt
    reads an image's name from the disk itself when its document gives no image.)"""
    image = QImage(18, 14, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setPen(QColor(128, 128, 128, 160))
    painter.drawRect(0, 0, 17, 13)
    painter.end()
    return image


class SafeDocument(QTextDocument):
    """A text document that reads no resource from the disk or the network: an image
    embedded as a ``data:`` URI is given; any other image name (a path, ``file:``,
    ``http:``, ``attachment:``) is a placeholder, and a style sheet or page is empty text.
    ``asked`` keeps the names asked for."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.asked = []

    def loadResource(self, kind, name):
        if len(self.asked) < 1000:
            self.asked.append(name.toString()[:200])
        if kind != QTextDocument.ResourceType.ImageResource.value:
            return ""
        image = embedded_image(name) if name.scheme().lower() == "data" else None
        return placeholder() if image is None else image


def open_link(url):
    """Opens a web link in the browser; any other link (a file, a path) does nothing."""
    if url.scheme().lower() in WEB_SCHEMES:
        QDesktopServices.openUrl(url)


class MarkdownView(QTextBrowser):
    """One markdown cell, rendered, as tall as its text (the panel scrolls, not the
    cell). ``markdown`` is the cell's own text."""

    def __init__(self, markdown, parent=None):
        super().__init__(parent)
        self.markdown = markdown
        self.setDocument(SafeDocument(self))
        self.setOpenLinks(False)               # (never setSource: links open nothing here)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(open_link)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.viewport().setAutoFillBackground(False)
        self.setStyleSheet("QTextBrowser { background: transparent; }")
        self.document().setDocumentMargin(2)
        self.document().setMarkdown(prepare_markdown(markdown))
        self._fit()

    def shown_text(self):
        """The text as shown, without its formatting."""
        return self.document().toPlainText()

    def _fit(self):
        doc = self.document()
        doc.setTextWidth(max(50, self.viewport().width()))
        height = int(doc.size().height() + 0.99) + 2 * self.frameWidth()
        if height != self.height() or height != self.minimumHeight():
            self.setFixedHeight(height)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit()

    def wheelEvent(self, event):
        event.ignore()                         # the panel scrolls

    def doSetSource(self, name, kind=None):    # noqa: N802 - Qt's name
        """Never follows a link into this view (a file would be read)."""

