"""Python colours for code, from Pygments' lexer (which reads triple-quoted strings,
``#`` inside strings, f-strings and decorators as Python does), in a Pygments style that
suits the palette: ``LIGHT_STYLE`` on a light one, ``DARK_STYLE`` on a dark one.

Pygments is imported when the first highlighter is made, not with the window. The whole
text is lexed once per change of the document (a string may span lines); each block
then takes its own line's formats."""
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat

__all__ = ["PygmentsHighlighter", "LIGHT_STYLE", "DARK_STYLE", "line_tokens"]

LIGHT_STYLE = "default"
DARK_STYLE = "monokai"


def line_tokens(text):
    """``[[(start, length, token type), …] per line]`` for Python ``text``; starts and
    lengths in UTF-16 units, as Qt counts them."""
    from pygments.lexers.python import PythonLexer
    lines = [[] for _ in range(text.count("\n") + 1)]
    row, column = 0, 0
    for _index, kind, value in PythonLexer(stripnl=False, ensurenl=False) \
            .get_tokens_unprocessed(text):
        for k, piece in enumerate(value.split("\n")):
            if k:
                row, column = row + 1, 0
            width = len(piece.encode("utf-16-le")) // 2
            if width and row < len(lines):
                lines[row].append((column, width, kind))
            column += width
    return lines


class PygmentsHighlighter(QSyntaxHighlighter):
    """Python colours for ``document`` in the light or ``dark`` Pygments style."""

    def __init__(self, document, dark=False):
        from pygments.styles import get_style_by_name
        self.style = get_style_by_name(DARK_STYLE if dark else LIGHT_STYLE)
        self.dark = bool(dark)
        self._formats = {}
        self._revision, self._lines = None, []
        super().__init__(document)

    def format_for(self, kind):
        """The ``QTextCharFormat`` of a Pygments token type in this style."""
        if kind not in self._formats:
            spec = self.style.style_for_token(kind)
            fmt = QTextCharFormat()
            if spec["color"]:
                fmt.setForeground(QColor("#" + spec["color"]))
            if spec["bold"]:
                fmt.setFontWeight(QFont.Weight.Bold)
            if spec["italic"]:
                fmt.setFontItalic(True)
            self._formats[kind] = fmt
        return self._formats[kind]

    def highlightBlock(self, text):
        doc = self.document()
        if self._revision != doc.revision():
            self._revision, self._lines = doc.revision(), line_tokens(doc.toPlainText())
        row = self.currentBlock().blockNumber()
        for start, width, kind in (self._lines[row] if row < len(self._lines) else ()):
            fmt = self.format_for(kind)
            if fmt.hasProperty(QTextCharFormat.Property.ForegroundBrush) or \
                    fmt.fontWeight() == QFont.Weight.Bold or fmt.fontItalic():
                self.setFormat(start, width, fmt)
