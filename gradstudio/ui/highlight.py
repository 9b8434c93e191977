"""Python colours for code, from Pygments' lexer (which reads triple-quoted strings,
``#`` inside strings, f-strings and decorators as Python does), in a Pygments style that
suits the palette: ``LIGHT_STYLE`` on a light one, ``DARK_STYLE`` on a dark one.

Pygments is imported when the first highlighter is made, not with the window. The text
is lexed once per change of the document (a string may span lines); each block then
takes its own line's formats. A block's state says which token runs on past its line's
end (a triple-quoted string, say), so that Qt colours the following lines again when an
edit opens or closes such a token. A change lexes again only the lines it touched
(``relex``): from the last line before them that starts outside any token, to the first
line after them that starts outside one in both texts, so one line edited in a
1,000-line script costs a few lines of lexing, not the whole script."""
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat

__all__ = ["PygmentsHighlighter", "LIGHT_STYLE", "DARK_STYLE", "line_tokens", "relex"]

LIGHT_STYLE = "default"
DARK_STYLE = "monokai"


def line_tokens(text):
    """``[[(start, length, token type), …] per line]`` for Python ``text``; starts and
    lengths in UTF-16 units, as Qt counts them."""
    return _lex(text)[0]


def _lex(text):
    """``(line_tokens(text), ends, starts)``: ``ends[row]`` is the type of the token that
    holds the line break ending line ``row`` (None for plain text: a string's type inside
    a triple-quoted string); ``starts[row]`` the lexer's states where line ``row``
    begins."""
    lines = [[] for _ in range(text.count("\n") + 1)]
    ends, starts = [None] * len(lines), [None] * len(lines)
    _lex_into(text, lines, ends, starts, 0, ("root",))
    return lines, ends, starts


def _tokens(lexer, text, stack):
    """``(kind, value, states)``: Pygments' ``RegexLexer.get_tokens_unprocessed`` from
    ``stack``, saying after each token the states it left (None inside a match made of
    several tokens), so that lexing can start and stop at a line whose states are
    known."""
    from pygments.token import Error, Whitespace, _TokenType
    pos, defs, stack = 0, lexer._tokens, list(stack)
    rules = defs[stack[-1]]
    while True:
        for match, action, new_state in rules:
            m = match(text, pos)
            if not m:
                continue
            if new_state is not None:
                _move(stack, new_state)
                rules = defs[stack[-1]]
            if action is not None:
                if type(action) is _TokenType:
                    yield action, m.group(), stack
                else:                    # (a match in parts: no states between them)
                    for _i, kind, value in action(lexer, m):
                        yield kind, value, None
            pos = m.end()
            break
        else:
            if pos >= len(text):
                return
            if text[pos] == "\n":           # at a line's end: back to "root"
                stack[:] = ["root"]
                rules = defs["root"]
                yield Whitespace, "\n", stack
            else:
                yield Error, text[pos], stack
            pos += 1


def _move(stack, new_state):
    """A Pygments state transition (as ``RegexLexer`` makes it)."""
    if isinstance(new_state, tuple):
        for state in new_state:
            if state == "#pop":
                if len(stack) > 1:
                    stack.pop()
            elif state == "#push":
                stack.append(stack[-1])
            else:
                stack.append(state)
    elif isinstance(new_state, int):         # (pops, keeping at least one state)
        del stack[1 if abs(new_state) >= len(stack) else new_state:]
    elif new_state == "#push":
        stack.append(stack[-1])


def _lex_into(text, lines, ends, starts, first, stack, stop=None):
    """Lexes ``text``, which begins at line ``first`` in the lexer's states ``stack``,
    into ``lines``, ``ends`` and ``starts`` (their rows from ``first`` on are empty and
    None). ``stop(row, states)``, asked at the start of each line after the first, ends
    the lexing there when it says so; returns the row it stopped at (None when the text
    ran out)."""
    from pygments.lexers.python import PythonLexer
    from pygments.token import Text
    row, column = first, 0
    starts[first] = tuple(stack)
    for kind, value, states in _tokens(PythonLexer(stripnl=False, ensurenl=False), text,
                                       stack):
        pieces = value.split("\n")
        for k, piece in enumerate(pieces):
            if k:
                row, column = row + 1, 0
                known = value == "\n" and states is not None   # (a line break alone)
                if row < len(starts):
                    starts[row] = tuple(states) if known else None
                if stop is not None and known and stop(row, starts[row]):
                    return row
            width = len(piece.encode("utf-16-le")) // 2
            if width and row < len(lines):
                lines[row].append((column, width, kind))
            if k + 1 < len(pieces) and row < len(ends) and kind not in Text:
                ends[row] = kind
            column += width
    return None


def relex(old, lexed, new):
    """``_lex(new)``, given ``lexed = _lex(old)``: lexed again from the last line before
    the change that begins in the lexer's first state after a plain line break, up to
    the first line after the change that begins in the same states as in ``old``; the
    rest is ``lexed``'s, moved by the lines the change added or took away."""
    old_lines, old_ends, old_starts = lexed
    old_rows, new_rows = old.split("\n"), new.split("\n")
    head = 0
    most = min(len(old_rows), len(new_rows))
    while head < most and old_rows[head] == new_rows[head]:
        head += 1
    tail = 0
    while tail < most - head and old_rows[-1 - tail] == new_rows[-1 - tail]:
        tail += 1
    first = min(head, len(old_rows) - 1, len(new_rows) - 1)
    while first > 0 and old_starts[first] != ("root",):
        first -= 1                           # (inside a string: back to where it began)
    shift = len(new_rows) - len(old_rows)
    fresh = len(new_rows) - first
    lines = old_lines[:first] + [[] for _ in range(fresh)]
    ends, starts = old_ends[:first] + [None] * fresh, old_starts[:first] + [None] * fresh
    unchanged = len(new_rows) - tail      # new rows from here on are the old text's

    def stop(row, states):
        return row >= unchanged and states == old_starts[row - shift]

    start = sum(len(r) + 1 for r in new_rows[:first])
    row = _lex_into(new[start:], lines, ends, starts, first, ("root",), stop)
    if row is not None:
        lines[row:] = old_lines[row - shift:]
        ends[row:] = old_ends[row - shift:]
        starts[row:] = old_starts[row - shift:]
    return lines, ends, starts


class PygmentsHighlighter(QSyntaxHighlighter):
    """Python colours for ``document`` in the light or ``dark`` Pygments style."""

    def __init__(self, document, dark=False):
        from pygments.styles import get_style_by_name
        self.style = get_style_by_name(DARK_STYLE if dark else LIGHT_STYLE)
        self.dark = bool(dark)
        self._formats = {}
        self._revision, self._lines, self._ends, self._starts = None, [], [], []
        self._text = None                   # the text those are of
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
            text = doc.toPlainText()
            if self._text is None:
                self._lines, self._ends, self._starts = _lex(text)
            elif text != self._text:
                self._lines, self._ends, self._starts = relex(
                    self._text, (self._lines, self._ends, self._starts), text)
            self._text = text
        row = self.currentBlock().blockNumber()
        end = self._ends[row] if row < len(self._ends) else None
        self.setCurrentBlockState(self._states.setdefault(end, len(self._states)))
        for start, width, kind in (self._lines[row] if row < len(self._lines) else ()):
            fmt = self.format_for(kind)
            if fmt.hasProperty(QTextCharFormat.Property.ForegroundBrush) or \
                    fmt.fontWeight() == QFont.Weight.Bold or fmt.fontItalic():
                self.setFormat(start, width, fmt)
