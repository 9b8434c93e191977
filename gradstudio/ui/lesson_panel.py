"""The Lesson panel: the Jupyter notebook a graph was traced from, cell by cell, beside
the graph it computed (``Document.lesson``, see ``document.lesson``).

Markdown cells are rendered; code cells show their source with line numbers and Python
colours, then the output GradStudio's traced run printed next to the output the notebook
stored, marked (an orange bar, "differs from the notebook") where the two differ, the
error the cell raised in the traced run (red) and the lines that were not run (magics,
shell commands). Above the cells: the notebook's name, a note when the notebook draws
random numbers without seeding them (GradStudio seeds them, so its numbers are
reproducible but not the stored ones), and a note once the graph has been edited since
it was traced (the traced outputs then describe the notebook, not the graph).

Clicking a code cell (or Next / Previous cell) makes it the current cell: its nodes are
selected and the timeline shows the program at the cell's moment, right after the last
timeline action that came from it or an earlier cell. Selecting a node elsewhere makes
its cell current, scrolls to it and marks the node's line.

The cells' widgets are made when the document's lesson changes (a new document, a file
opened), never on an edit: an edit only updates the notes above the cells, once the
edits pause."""
from PySide6.QtCore import QEvent, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QTextCursor, QTextFormat
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QPlainTextEdit, QPushButton,
                               QScrollArea, QSizePolicy, QTextEdit, QVBoxLayout, QWidget)

from gradstudio.document.probe import is_random
from gradstudio.ui.highlight import PygmentsHighlighter
from gradstudio.ui.lesson_markdown import MarkdownView, label_markdown
from gradstudio.ui.lesson_style import lesson_colors
from gradstudio.ui.panel import SessionPanel
from gradstudio.ui.shortcuts import NEXT_CELL_KEY, PREVIOUS_CELL_KEY
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate

__all__ = ["LessonPanel", "CellView", "TextBlock", "cell_nodes", "cell_step",
           "selection_cell", "draws_random", "seed_note", "label_markdown", "HINT",
           "EDITED_NOTE", "DIFFERS", "NEXT_CELL_KEY", "PREVIOUS_CELL_KEY"]

HINT = (QT_TRANSLATE_NOOP("LessonPanel", "No lesson for this graph: open a Jupyter notebook (.ipynb) with File ▸ Open to "
        "read it here cell by cell beside its graph."))
EDITED_NOTE = (QT_TRANSLATE_NOOP("LessonPanel", "The graph has been edited since it was traced; the outputs below are those "
               "of the traced notebook."))
DIFFERS = QT_TRANSLATE_NOOP("LessonPanel", "differs from the notebook")
DIFFERS_COLOR = "#ef6c00"
CURRENT_COLOR = "#1565c0"
ERROR_COLOR = "#c62828"
MAX_SHOWN_LINES = 300                 # of one output; the rest is counted, not shown
MAX_SHOWN_CHARS = 30_000


def seed_note(seed):
    return (translate("LessonPanel", "This notebook never calls torch.manual_seed, so its own random numbers differ "
            "from run to run; GradStudio draws them with seed {seed} so the graph's numbers "
            "are reproducible. The stored outputs below come from the notebook's last run "
            "and may differ.").format(seed=seed))


# ---------------------------------------------------------------------- what a cell means
def cell_nodes(doc, lesson, index):
    """The nodes that came from cell ``index`` and are still in ``doc``, in line order."""
    return [i for i in lesson.items_of(index) if doc.has_node(i)]


def cell_step(doc, lesson, index):
    """The timeline step at cell ``index``'s moment: right after the last timeline action
    that came from it or an earlier cell (0, after the forward pass, when none did); -1,
    the end, when that is the timeline's last action."""
    step = 0
    for k, action in enumerate(doc.timeline):
        where = lesson.origin(action.id)
        if where is not None and where[0] <= index:
            step = k + 1
    return -1 if step == len(doc.timeline) else step


def selection_cell(lesson, selection):
    """``(cell, lines)``: the cell the first selected node came from and the lines of the
    selected nodes that came from it; None when no selected node came from the lesson."""
    origins = [lesson.origin(n) for n in selection]
    origins = [o for o in origins if o is not None]
    if not origins:
        return None
    cell = origins[0][0]
    return cell, sorted({line for c, line in origins if c == cell})


def draws_random(doc):
    """Whether some node of ``doc`` draws random numbers."""
    return any(is_random(doc.node(n).kind) for n in doc.node_ids)


def _shown(text):
    """``text`` cut to what one output block shows."""
    lines = text.rstrip("\n").split("\n")
    more = max(0, len(lines) - MAX_SHOWN_LINES)
    shown = "\n".join(lines[:MAX_SHOWN_LINES])
    if len(shown) > MAX_SHOWN_CHARS:
        shown = shown[:MAX_SHOWN_CHARS]
        more = max(more, 1)
    return shown + ((translate("LessonPanel", "\n… {more:,} more lines not shown") if more != 1 else translate("LessonPanel", "\n… {more:,} more line not shown")).format(more=Number(more)) if more else "")


def _fixed_font():
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


# ---------------------------------------------------------------------- widgets
class TextBlock(QPlainTextEdit):
    """Read-only text as tall as its lines (the panel scrolls, not the block), scrolling
    sideways when a line is too long. ``code``: Python colours and line numbers.
    ``colors``: the panel's ``LessonColors`` (by default, for the application's palette);
    ``color`` and ``background`` replace its text and background colours."""

    def __init__(self, text, code=False, color=None, background=None, parent=None,
                 colors=None):
        super().__init__(parent)
        self.colors = colors = colors or lesson_colors(self.palette())
        background = background or (colors.code_bg if code else colors.output_bg)
        self.setReadOnly(True)
        self.setFont(_fixed_font())
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse |
                                     Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)   # (Tab does not stop in every cell)
        self.setStyleSheet(f"QPlainTextEdit {{ background: {background}; "
                           f"color: {color or colors.text}; }}")
        self.document().setUndoRedoEnabled(False)
        self.setPlainText(text)
        self.highlighter = PygmentsHighlighter(self.document(), colors.dark) if code \
            else None
        self.gutter = _Gutter(self) if code else None
        if self.gutter is not None:
            self.setViewportMargins(self.gutter.width_needed(), 0, 0, 0)
        self._fit()

    def marked_lines(self):
        """The 1-based lines marked for the selection."""
        return [s.cursor.blockNumber() + 1 for s in self.extraSelections()]

    def mark_lines(self, lines):
        """Marks the 1-based ``lines`` (the selected nodes' statements)."""
        marks = []
        for line in lines:
            block = self.document().findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            extra = QTextEdit.ExtraSelection()
            extra.format.setBackground(QColor(self.colors.line))
            extra.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            extra.cursor = QTextCursor(block)
            marks.append(extra)
        self.setExtraSelections(marks)

    def line_top(self, line):
        """The top of 1-based ``line`` in this widget's coordinates."""
        block = self.document().findBlockByNumber(max(0, line - 1))
        top = self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
        return int(top) + self.viewport().y()

    def _fit(self):
        lines = max(1, self.blockCount())
        height = (lines * self.fontMetrics().lineSpacing() +
                  2 * int(self.document().documentMargin()) + 2 * self.frameWidth() + 2)
        bar = self.horizontalScrollBar()
        if bar.maximum() > 0:
            height += bar.sizeHint().height()
        if height != self.maximumHeight() or height != self.minimumHeight():
            self.setFixedHeight(height)

    def wheelEvent(self, event):
        delta = event.angleDelta()
        if abs(delta.y()) >= abs(delta.x()):      # up and down: the panel scrolls
            event.ignore()
            return
        super().wheelEvent(event)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        if self.gutter is not None:
            r = self.contentsRect()
            self.gutter.setGeometry(QRect(r.left(), r.top(), self.gutter.width_needed(),
                                          r.height()))
        self._fit()


class _Gutter(QWidget):
    """The line numbers left of a code block."""

    def __init__(self, editor):
        super().__init__(editor)
        self.editor = editor

    def width_needed(self):
        digits = len(str(max(1, self.editor.blockCount())))
        return 10 + self.editor.fontMetrics().horizontalAdvance("9") * max(2, digits)

    def paintEvent(self, event):
        painter = QPainter(self)
        painter.fillRect(event.rect(), QColor(self.editor.colors.gutter_bg))
        painter.setPen(QColor(self.editor.colors.gutter_text))
        painter.setFont(self.editor.font())
        editor, height = self.editor, self.editor.fontMetrics().height()
        block, offset = editor.firstVisibleBlock(), editor.contentOffset()
        while block.isValid():
            top = int(editor.blockBoundingGeometry(block).translated(offset).top())
            if top > self.height():
                break
            painter.drawText(0, top, self.width() - 5, height, Qt.AlignmentFlag.AlignRight,
                             str(block.blockNumber() + 1))
            block = block.next()


class CellView(QFrame):
    """One cell of the lesson. A code cell is clickable (``clicked(index)``); ``differs``
    when the traced run printed another output than the notebook stored; ``current``
    while it is the panel's current cell."""

    clicked = Signal(int)

    def __init__(self, index, cell, parent=None):
        super().__init__(parent)
        self.setObjectName("lessonCell")
        self.index, self.cell = index, cell
        self.colors = lesson_colors(self.palette())
        self.differs = cell.differs()
        self.current = False
        self.code = None
        self.outputs = {}                 # "stored" / "output" / "error" -> TextBlock
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 6, 6)
        layout.setSpacing(3)
        if cell.is_code:
            self._build_code(layout)
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.setToolTip(translate("LessonPanel", "Click to select this cell's nodes and see the program at "
                            "this cell's moment on the timeline"))
        else:
            self.text = MarkdownView(cell.source)      # (loads no file: lesson_markdown)
            layout.addWidget(self.text)
        self._restyle()

    def _build_code(self, layout):
        cell = self.cell
        head = QHBoxLayout()
        count = "" if cell.execution_count is None else str(cell.execution_count)
        self.title = PlainLabel(translate("LessonPanel", "Cell {v} · In [{v2}]:").format(v=self.index + 1, v2=count or ' '))
        self.title.setStyleSheet(f"color: {self.colors.muted};")
        head.addWidget(self.title)
        head.addStretch(1)
        self.differs_label = PlainLabel(translate("LessonPanel", DIFFERS))
        self.differs_label.setStyleSheet(f"color: {DIFFERS_COLOR}; font-weight: bold;")
        self.differs_label.setVisible(self.differs)
        head.addWidget(self.differs_label)
        layout.addLayout(head)
        self.code = TextBlock(cell.source, code=True, colors=self.colors)
        layout.addWidget(self.code)
        output, stored = cell.output, cell.stored
        if self.differs:
            self._add_output(layout, "stored", translate("LessonPanel", "The notebook's stored output:"),
                             stored or translate("LessonPanel", "(no output)"))
            self._add_output(layout, "output", translate("LessonPanel", "GradStudio's run:"),
                             output or translate("LessonPanel", "(no output)"))
        elif output.strip():
            self._add_output(layout, "output", translate("LessonPanel", "Output · GradStudio's run, the same as the "
                             "notebook's:") if stored is not None else
                             translate("LessonPanel", "Output · GradStudio's run (the notebook stored none):"), output)
        if cell.error:
            self._add_output(layout, "error", translate("LessonPanel", "Error in GradStudio's run:"), cell.error,
                             color=self.colors.error, background=self.colors.error_bg)
        for note in cell.notes:
            label = PlainLabel(translate("LessonPanel", "Not run: {note}").format(note=note))
            label.setTextFormat(Qt.TextFormat.PlainText)   # (a file's text: never HTML)
            label.setWordWrap(True)
            label.setStyleSheet(f"color: {self.colors.muted}; font-style: italic;")
            layout.addWidget(label)
        for block in (self.code, *self.outputs.values()):   # clicks inside the text
            block.viewport().installEventFilter(self)

    def _add_output(self, layout, key, caption, text, color=None, background=None):
        label = PlainLabel(caption)
        label.setStyleSheet(f"color: {color or self.colors.muted};")
        small = label.font()
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.9))
        label.setFont(small)
        layout.addWidget(label)
        block = TextBlock(_shown(text), color=color, background=background,
                          colors=self.colors)
        layout.addWidget(block)
        self.outputs[key] = block

    # ------------------------------------------------------------------ state
    def set_current(self, current, lines=()):
        """Marks the cell as the current one, with the 1-based ``lines`` of its code."""
        if self.current != bool(current):
            self.current = bool(current)
            self._restyle()
        if self.code is not None:
            wanted = list(lines) if current else []
            if self.code.marked_lines() != wanted:
                self.code.mark_lines(wanted)

    def bar_color(self):
        """The colour of the bar at the cell's left edge ("" for none)."""
        if self.differs:
            return DIFFERS_COLOR
        return CURRENT_COLOR if self.current else ""

    def _restyle(self):
        bar = self.bar_color() or "transparent"
        border = CURRENT_COLOR if self.current else (self.colors.border if self.cell.is_code
                                                     else "transparent")
        background = self.colors.current_bg if self.current else "transparent"
        self.setStyleSheet(f"QFrame#lessonCell {{ border: 1px solid {border}; border-left: "
                           f"5px solid {bar}; background: {background}; }}")

    # ------------------------------------------------------------------ clicks
    def mousePressEvent(self, event):
        event.accept()                    # (so that the release comes here)

    def mouseReleaseEvent(self, event):
        if event.button() == Qt.MouseButton.LeftButton and self.cell.is_code and \
                self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self.index)

    def eventFilter(self, obj, event):
        # a click in the code or an output (not the end of a drag that selected text)
        if event.type() == QEvent.Type.MouseButtonRelease and \
                event.button() == Qt.MouseButton.LeftButton:
            block = obj.parent()
            if isinstance(block, TextBlock) and not block.textCursor().hasSelection():
                self.clicked.emit(self.index)
        return super().eventFilter(obj, event)


class LessonPanel(SessionPanel):
    """The document's lesson (see the module's docstring). ``current`` is the index of
    the current cell (None before one is chosen); ``cells`` the ``CellView`` of each
    cell; ``cell_chosen(index)`` follows a cell chosen here (a click, Next, Previous)."""

    cell_chosen = Signal(int)

    def __init__(self, session, parent=None):
        super().__init__(session, parent)
        self.lesson = None
        self.cells = []
        self.current = None
        self._choosing = False
        self._scroll_target = None
        self.title = PlainLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # (a file's text: never HTML)
        font = self.title.font()
        font.setWeight(QFont.Weight.Bold)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.hint = PlainLabel(translate("LessonPanel", HINT))
        self.hint.setWordWrap(True)
        self.seed_note = self._note()
        self.cut_note = self._note()      # what the trace recorded instead of drawing
        self.edited_note = self._note()
        self.edited_note.setText(translate("LessonPanel", EDITED_NOTE))
        self.previous_button = QPushButton(translate("LessonPanel", "Previous cell"))
        self.previous_button.setToolTip(translate("LessonPanel", "The previous code cell ({PREVIOUS_CELL_KEY})").format(PREVIOUS_CELL_KEY=PREVIOUS_CELL_KEY))
        self.previous_button.clicked.connect(self.previous_cell)
        self.next_button = QPushButton(translate("LessonPanel", "Next cell"))
        self.next_button.setToolTip(translate("LessonPanel", "The next code cell: its nodes selected, the timeline "
                                    "at its moment ({NEXT_CELL_KEY})").format(NEXT_CELL_KEY=NEXT_CELL_KEY))
        self.next_button.clicked.connect(self.next_cell)
        self.position = PlainLabel()
        self.position.setWordWrap(True)   # ("3 celdas de código": the buttons keep their room)
        self.nav = QWidget()
        nav = QHBoxLayout(self.nav)
        nav.setContentsMargins(0, 0, 0, 0)
        nav.addWidget(self.previous_button)
        nav.addWidget(self.next_button)
        nav.addWidget(self.position, 1)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll_timer = QTimer(self)      # scrolls once the new layout is in place
        self._scroll_timer.setSingleShot(True)
        self._scroll_timer.setInterval(0)
        self._scroll_timer.timeout.connect(self._scroll_now)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        for w in (self.title, self.hint, self.cut_note, self.seed_note, self.edited_note,
                  self.nav):
            layout.addWidget(w)
        layout.addWidget(self.scroll, 1)
        self.follow(session.run_finished, self._sync_lesson)
        self.follow(session.run_finished, self._update_notes, later=True)
        self.follow(session.selection_changed, self._follow_selection)
        self.colors = None
        self._apply_colors()
        self.first_refresh()

    @staticmethod
    def _note():
        label = PlainLabel()
        label.setWordWrap(True)
        label.hide()
        return label

    def _apply_colors(self):
        """The notes' and labels' colours from the palette; the cells are made again
        when the palette's colours change (a dark theme chosen while the window runs)."""
        colors = lesson_colors(self.palette())
        if colors == self.colors:
            return
        rebuild = self.colors is not None
        self.colors = colors
        self.hint.setStyleSheet(f"color: {colors.muted};")
        self.position.setStyleSheet(f"color: {colors.muted};")
        for note, background in ((self.seed_note, colors.seed_bg),
                                 (self.cut_note, colors.edited_bg),
                                 (self.edited_note, colors.edited_bg)):
            note.setStyleSheet(f"background: {background}; color: {colors.note_text}; "
                               "padding: 4px; border-radius: 3px;")
        if rebuild and self.lesson is not None:
            current, self.lesson = self.current, None
            self._sync_lesson()
            if current is not None and current < len(self.cells):
                self._set_current(current)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_colors()

    def refresh(self):
        self._sync_lesson()
        self._update_notes()
        self._follow_selection()

    # ------------------------------------------------------------------ the lesson
    def _sync_lesson(self):
        """Makes the cells' widgets when the document's lesson is another one."""
        lesson = self.session.document.lesson
        if lesson is self.lesson:
            return
        self.lesson, self.current = lesson, None
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 4, 0)
        column.setSpacing(6)
        self.cells = []
        for i, cell in enumerate(lesson.cells if lesson is not None else ()):
            view = CellView(i, cell)
            view.clicked.connect(self.choose)
            column.addWidget(view)
            self.cells.append(view)
        if lesson is not None and not lesson.cells:
            column.addWidget(PlainLabel(translate("LessonPanel", "This notebook has no cells.")))
        column.addStretch(1)
        self.scroll.setWidget(body)          # (the old cells' widget is deleted)
        self.title.setText(lesson.name if lesson is not None else "")
        self.title.setVisible(bool(lesson is not None and lesson.name))
        self.hint.setVisible(lesson is None)
        self.nav.setVisible(bool(lesson is not None and lesson.code_cells()))
        self._update_nav()
        self._update_notes()

    def _update_notes(self):
        """The notes above the cells: what the trace recorded instead of drawing (the
        cells after that point ran, but the graph stops there), an unseeded notebook's
        random numbers, an edit since the notebook was traced."""
        doc, lesson = self.session.document, self.lesson
        unseeded = (lesson is not None and not lesson.seeded and doc.seed is not None and
                    draws_random(doc))
        if unseeded:
            self.seed_note.setText(seed_note(doc.seed))
        self.seed_note.setVisible(unseeded)
        cut = doc.trace_note if lesson is not None else None
        self.cut_note.setText(cut or "")
        self.cut_note.setVisible(bool(cut))
        self.edited_note.setVisible(lesson is not None and lesson.fingerprint is not None
                                    and not lesson.matches(doc))

    # ------------------------------------------------------------------ the current cell
    def choose(self, index):
        """Makes code cell ``index`` current: its nodes selected, the timeline at its
        moment, the cell scrolled into view."""
        self._sync_lesson()
        lesson, doc = self.lesson, self.session.document
        if lesson is None or not 0 <= index < len(lesson.cells) or \
                not lesson.cells[index].is_code:
            return
        self._set_current(index)
        self._choosing = True
        try:
            self.session.select(cell_nodes(doc, lesson, index))
            self.session.set_step(cell_step(doc, lesson, index))
        finally:
            self._choosing = False
        self._scroll_to(index)
        self.cell_chosen.emit(index)

    def next_cell(self):
        self.step_by(1)

    def previous_cell(self):
        self.step_by(-1)

    def step_by(self, delta):
        """The code cell ``delta`` code cells after (before) the current one; from no
        current cell, the first."""
        self._sync_lesson()
        target = self._neighbour(delta)
        if target is not None:
            self.choose(target)

    def _neighbour(self, delta):
        code = self.lesson.code_cells() if self.lesson is not None else []
        if not code:
            return None
        if self.current is None:
            return code[0] if delta > 0 else None
        if delta > 0:
            later = [i for i in code if i > self.current]
            return later[min(delta, len(later)) - 1] if later else None
        earlier = [i for i in code if i < self.current]
        return earlier[max(delta, -len(earlier))] if earlier else None

    def _follow_selection(self):
        """A node selected elsewhere: its cell becomes current, its line marked."""
        if self._choosing or self.lesson is None:
            return
        found = selection_cell(self.lesson, self.session.selection)
        if found is None:
            if self.current is not None:          # (the current cell stays, unmarked)
                self.cells[self.current].set_current(True, ())
            return
        cell, lines = found
        if not 0 <= cell < len(self.cells):
            return
        self._set_current(cell, lines)
        self._scroll_to(cell, lines[0] if lines else None)

    def _set_current(self, index, lines=()):
        if self.current is not None and self.current != index and \
                self.current < len(self.cells):
            self.cells[self.current].set_current(False)
        self.current = index
        self.cells[index].set_current(True, lines)
        self._update_nav()

    def _update_nav(self):
        code = self.lesson.code_cells() if self.lesson is not None else []
        self.previous_button.setEnabled(self._neighbour(-1) is not None)
        self.next_button.setEnabled(self._neighbour(1) is not None)
        if self.current is None:
            self.position.setText((translate("LessonPanel", "{n} code cells") if len(code) != 1 else translate("LessonPanel", "{n} code cell")).format(n=Number(len(code))))
        else:
            self.position.setText(translate("LessonPanel", "cell {v} of {v2}").format(v=Number(self.current + 1), v2=Number(len(self.cells))))

    # ------------------------------------------------------------------ scrolling
    def _scroll_to(self, index, line=None):
        """Brings cell ``index`` (and its ``line``) into view, the text above it too when
        it fits; once the layout is in place."""
        self._scroll_target = (index, line)
        self._scroll_now()
        self._scroll_timer.start()              # (again, once new widgets have a size)

    def _scroll_now(self):
        """A cell not wholly in view comes to the top (with the text above it when both
        fit); a line not in view comes a third of the way down."""
        if self._scroll_target is None or self.scroll.widget() is None:
            return
        index, line = self._scroll_target
        if not 0 <= index < len(self.cells):
            return
        view, bar = self.cells[index], self.scroll.verticalScrollBar()
        height = self.scroll.viewport().height()
        top, bottom = view.y(), view.y() + view.height()
        above = self.cells[index - 1] if index > 0 else None
        if above is not None and not above.cell.is_code and bottom - above.y() <= height:
            top = above.y()
        if line is not None and view.code is not None:
            spacing = view.code.fontMetrics().lineSpacing()
            y = view.y() + view.code.y() + view.code.line_top(line)
            if bar.value() <= y and y + spacing <= bar.value() + height:
                return
            bar.setValue(top - 4 if y + 2 * spacing - top <= height else y - height // 3)
        elif not (bar.value() <= top and bottom <= bar.value() + height):
            bar.setValue(top - 4)
