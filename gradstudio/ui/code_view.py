"""The code panel: the document as the PyTorch script "Export to PyTorch" writes,
read-only, coloured by Pygments (``highlight``) in a style for the palette, with the
selected node's line marked in a colour from the palette; clicking a node's line selects
that node. The panel is shown at start-up and Pygments takes a while to import, so the
script is first shown uncoloured and the colours come once the panel has been painted."""
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QColor, QFontDatabase, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QVBoxLayout

from gradstudio.ui.highlight import PygmentsHighlighter
from gradstudio.ui.lesson_style import is_dark, lesson_colors
from gradstudio.document.spelling import brief_literals
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import Number, translate

MAX_SHOWN_NODES = 2000    # a bigger graph's code is not shown (writing it would stall edits)

__all__ = ["CodePanel"]


def _export_script():
    """The exporter, or None while gradstudio.document.export does not exist yet."""
    try:
        from gradstudio.document.export import export_script
    except ImportError:
        return None
    return export_script


class CodePanel(SessionPanel):
    """Read-only PyTorch code for the document; the selected node's line is highlighted,
    and a click on a line a node's statement takes selects the node."""

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.lines = {}                     # node id -> line number (1-based)
        self.line_nodes = {}                # line number -> node id, every line of a node
        self.notice = PlainLabel()
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: palette(placeholder-text);")
        self.notice.hide()
        self.editor = QPlainTextEdit(readOnly=True)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.editor.setFont(font)
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.editor.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                            Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.editor.setCursorWidth(0)
        self.editor.document().setUndoRedoEnabled(False)   # edits are ours, not the user's
        self.highlighter = None             # made once the panel has been painted
        self._colours_asked = False
        self.editor.viewport().installEventFilter(self)     # clicks on a node's line
        self._text = ""                     # what the editor shows
        self._marked = (None, "")           # (line, text) the selection was marked for
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.notice)
        layout.addWidget(self.editor)
        self.follow(session.run_finished, self.refresh)
        self.follow(session.selection_changed, self._mark_selection)
        self.refresh()

    @property
    def available(self):
        return _export_script() is not None

    def highlighted_line(self):
        """The 1-based line marked for the selection, or None."""
        sel = self.editor.extraSelections()
        return sel[0].cursor.blockNumber() + 1 if sel else None

    def refresh(self):
        export_script = _export_script()
        if export_script is None:
            self._show_notice(translate("CodeView", "Export to PyTorch is not available in this build yet, so "
                              "there is no code to show."))
            return
        nodes = len(self.session.document.node_ids)
        if nodes > MAX_SHOWN_NODES:
            self._show_notice(translate("CodeView", "This graph has {nodes:,} nodes, too many to show its PyTorch "
                              "code here; File ▸ Export to PyTorch writes it whole.").format(nodes=Number(nodes)))
            return
        try:
            # the session's run: without it the exporter would run the document again;
            # a big literal is summarised as torch prints it (Export writes it whole)
            with brief_literals():
                script = export_script(self.session.document, self.session.result)
        except Exception as exc:  # an exporter defect must not take the window down
            self._show_notice(translate("CodeView", "The document could not be written as PyTorch code: {exc}").format(exc=exc))
            return
        self.notice.hide()
        self.lines = dict(script.lines)
        self.line_nodes = dict(script.line_nodes)
        self._set_text(script.text)
        self._mark_selection()

    def _show_notice(self, text):
        self.lines, self.line_nodes = {}, {}
        self._set_text("")
        self.notice.setText(text)
        self.notice.show()

    def node_at(self, pos):
        """The node whose statement is on the line at ``pos`` (a point in the editor's
        viewport), or None: a point below the last line has none."""
        block = self.editor.cursorForPosition(pos).block()
        rect = self.editor.blockBoundingGeometry(block).translated(self.editor.contentOffset())
        if not block.isValid() or not rect.top() <= pos.y() < rect.bottom():
            return None
        return self.line_nodes.get(block.blockNumber() + 1)

    def eventFilter(self, obj, event):
        if obj is self.editor.viewport() and event.type() == QEvent.Type.Paint \
                and not self._colours_asked:
            self._colours_asked = True      # (Pygments is imported after this frame)
            QTimer.singleShot(0, self, self._colour)
        # a click (not the end of a drag that selected text) on a node's line selects it
        if obj is self.editor.viewport() and event.type() == QEvent.Type.MouseButtonRelease \
                and event.button() == Qt.MouseButton.LeftButton \
                and not self.editor.textCursor().hasSelection():
            node_id = self.node_at(event.position().toPoint())
            if node_id is not None and self.session.document.has_node(node_id):
                self.session.select([node_id])
        return super().eventFilter(obj, event)

    def _colour(self):
        """Colours the script in the Pygments style for the palette (light or dark)."""
        if self.highlighter is not None:
            self.highlighter.setDocument(None)
            self.highlighter.deleteLater()
        self.highlighter = PygmentsHighlighter(self.editor.document(), is_dark(self.palette()))

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:   # a dark theme chosen meanwhile
            if self.highlighter is not None:
                self._colour()
            line = self._marked[0]
            if line is not None:
                self.editor.setExtraSelections([self._line_mark(line)])

    def _set_text(self, text):
        """Shows ``text`` by replacing only the part that differs from what is shown, in
        one edit: an edit of one line relays out and repaints that line, the scroll
        position stays and the highlighter re-colours only the changed lines."""
        old = self._text
        if text == old:
            return
        self._text = text
        start, old_end, new_end = _changed_span(old, text)
        cursor = QTextCursor(self.editor.document())
        cursor.beginEditBlock()
        cursor.setPosition(_utf16_len(old[:start]))
        cursor.setPosition(_utf16_len(old[:old_end]), QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(text[start:new_end])
        cursor.endEditBlock()

    def _mark_selection(self):
        sel = self.session.selection
        line = self.lines.get(sel[0]) if sel else None
        marked = (line, self._text)
        if marked == self._marked:
            return
        moved = line != self._marked[0]
        self._marked = marked
        if line is None:
            self.editor.setExtraSelections([])
            return
        block = self.editor.document().findBlockByNumber(line - 1)
        self.editor.setExtraSelections([self._line_mark(line)])
        if moved:   # a new line is marked: bring it into view (an edit keeps the scroll)
            self.editor.setTextCursor(QTextCursor(block))
            self.editor.ensureCursorVisible()

    def _line_mark(self, line):
        """The marking of the 1-based ``line``, in the palette's colour for it."""
        extra = QTextEdit.ExtraSelection()
        extra.format.setBackground(QColor(lesson_colors(self.palette()).line))
        extra.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        extra.cursor = QTextCursor(self.editor.document().findBlockByNumber(line - 1))
        return extra


def _changed_span(old, new):
    """``(start, old_end, new_end)``: ``old[start:old_end]`` is replaced by
    ``new[start:new_end]``, with the longest common head and tail kept (found by
    halving, each step one comparison of slices)."""
    n = min(len(old), len(new))
    start = _longest(lambda k: old[:k] == new[:k], n)
    tail = _longest(lambda k: old[len(old) - k:] == new[len(new) - k:], n - start)
    return start, len(old) - tail, len(new) - tail


def _longest(same, most):
    """The largest k <= most for which same(k) holds (same(0) does; same is monotone)."""
    lo, hi = 0, most
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if same(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _utf16_len(text):
    """Qt counts positions in UTF-16 code units (a character outside the BMP is two)."""
    return len(text.encode("utf-16-le")) // 2
