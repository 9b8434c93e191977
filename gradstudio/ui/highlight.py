"""Python colours for code, from Pygments' lexer (which reads triple-quoted strings,
``#`` inside strings, f-strings and decorators as Python does), in a Pygments style that
suits the palette: ``LIGHT_STYLE`` on a light one, ``DARK_STYLE`` on a dark one.

Pygments is imported when the first highlighter is made, not with the window. The whole
text is lexed once per change of the document (a string may span lines); each block
then takes its own line's formats. A block's state says which token runs on past its
line's end (a triple-quoted string, say), so that Qt colours the following lines again
when an edit opens or closes such a token."""
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat

__all__ = ["PygmentsHighlighter", "LIGHT_STYLE", "DARK_STYLE", "line_tokens"]

LIGHT_STYLE = "default"
DARK_STYLE = "monokai"


def line_tokens(text):
    """``[[(start, length, token type), …] per line]`` for Python ``text``; starts and
    lengths in UTF-16 units, as Qt counts them."""
    return _lex(text)[0]


def _lex(text):
    """``(line_tokens(text), ends)``: ``ends[row]`` is the type of the token that holds
    the line break ending line ``row`` (None for plain text: a string's type inside a
    triple-quoted string)."""
    from pygments.lexers.python import PythonLexer
    from pygments.token import Text
    lines = [[] for _ in range(text.count("\n") + 1)]
    ends = [None] * len(lines)
    row, column = 0, 0
    for _index, kind, value in PythonLexer(stripnl=False, ensurenl=False) \
            .get_tokens_unprocessed(text):
        pieces = value.split("\n")
        for k, piece in enumerate(pieces):
            if k:
                row, column = row + 1, 0
            width = len(piece.encode("utf-16-le")) // 2
            if width and row < len(lines):
                lines[row].append((column, width, kind))
            if k + 1 < len(pieces) and row < len(ends) and kind not in Text:
                ends[row] = kind
            column += width
    return lines, ends


class PygmentsHighlighter(QSyntaxHighlighter):
    """Python colours for ``document`` in the light or ``dark`` Pygments style."""

    def __init__(self, document, dark=False):
        from pygments.styles import get_style_by_name
        self.style = get_style_by_name(DARK_STYLE if dark else LIGHT_STYLE)
        self.dark = bool(dark)
        self._formats = {}
        self._revision, self._lines, self._ends = None, [], []
        self._states = {None: 0}            # token type at a line's end -> block state
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
            self._revision = doc.revision()
            self._lines, self._ends = _lex(doc.toPlainText())
        row = self.currentBlock().blockNumber()
        end = self._ends[row] if row < len(self._ends) else None
        self.setCurrentBlockState(self._states.setdefault(end, len(self._states)))
        for start, width, kind in (self._lines[row] if row < len(self._lines) else ()):
            fmt = self.format_for(kind)
            if fmt.hasProperty(QTextCharFormat.Property.ForegroundBrush) or \
                    fmt.fontWeight() == QFont.Weight.Bold or fmt.fontItalic():
                self.setFormat(start, width, fmt)
