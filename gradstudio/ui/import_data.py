"""File ▸ Import Data…: the dialog that reads a CSV or ``.npy`` file into a data node.

It shows the file's first rows (``PREVIEW_ROWS``) as the chosen delimiter and header read
them, and asks which columns are the features and which is the label, and how much to
hold out for testing. Import reads the whole file (``document.data_file.read_table``,
with a progress bar) and checks that the node fits in a graph file; whatever is wrong
with the file is said in one sentence under the preview, and nothing is added. The
window then adds the node (``imported_data``) in one undo step (``WindowFiles``).
"""
import os
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog,
                               QDialogButtonBox, QFormLayout, QHBoxLayout, QListWidget,
                               QListWidgetItem, QProgressDialog, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout)

from gradstudio.document.catalogue_data import MAX_TEST_FRACTION
from gradstudio.document.data_file import (DELIMITERS, DataFileError, check_room,
                                           data_rows, node_name, read_table, sniff)
from gradstudio.ui.canvas.canvas import NEW_CARD
from gradstudio.ui.commands import AddNode
from gradstudio.ui.document_words import document_word
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, Number, translate
from gradstudio.ui.plain import PlainLabel
from gradstudio.ui.tones import tone_style

__all__ = ["ImportDataDialog", "Imported", "import_data", "ask_import_data", "PREVIEW_ROWS",
           "DATA_FILTER"]

PREVIEW_ROWS = 10
DATA_FILTER = QT_TRANSLATE_NOOP("FileFilters", "Data files (*.csv *.tsv *.txt *.npy);;All files (*)")


@dataclass(frozen=True)
class Imported:
    """What the dialog read: ``rows`` (the node's rows, float64), ``table`` (the file as
    read) and the ``test_fraction`` to hold out."""
    rows: object
    table: object
    test_fraction: float


class ImportDataDialog(QDialog):
    """Import Data for the file at ``path`` into ``document`` (read, never changed here).
    After ``accept``, ``imported`` is the ``Imported`` data (None before)."""

    def __init__(self, path, document, parent=None):
        super().__init__(parent)
        self.path, self.document = os.fspath(path), document
        self.imported = None
        self.columns = []
        self.npy = self.path.lower().endswith(".npy")
        self.setWindowTitle(translate("ImportData", "Import Data — {name}").format(
            name=os.path.basename(self.path)))
        self.header = QCheckBox(translate("ImportData", "First row is a header (column names)"))
        self.delimiter = QComboBox()
        for char, name in DELIMITERS.items():
            self.delimiter.addItem(document_word(name), char)
        self.preview = QTableWidget()
        self.preview.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.label = QComboBox()
        self.features = QListWidget()
        self.features.setMaximumHeight(110)
        self.test = QSpinBox()
        self.test.setRange(0, int(100 * MAX_TEST_FRACTION))
        self.test.setSuffix(" %")
        self.message = PlainLabel()
        self._error = False
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.import_button.setText(translate("ImportData", "Import"))
        self._lay_out()
        self._guess()
        self.header.toggled.connect(self.refresh)
        self.delimiter.currentIndexChanged.connect(self.refresh)
        self.label.currentIndexChanged.connect(self._on_label_changed)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.refresh()

    def _lay_out(self):
        reading = QHBoxLayout()
        reading.addWidget(self.header)
        reading.addStretch(1)
        reading.addWidget(PlainLabel(translate("ImportData", "Delimiter:")))
        reading.addWidget(self.delimiter)
        form = QFormLayout()
        form.addRow(translate("ImportData", "Label (the last column of the node):"), self.label)
        form.addRow(translate("ImportData", "Features:"), self.features)
        form.addRow(translate("ImportData", "Hold out for testing:"), self.test)
        layout = QVBoxLayout(self)
        layout.addLayout(reading)
        layout.addWidget(PlainLabel(translate("ImportData", "The first {n} rows:").format(
            n=PREVIEW_ROWS)))
        layout.addWidget(self.preview, 1)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.header.setEnabled(not self.npy)
        self.delimiter.setEnabled(not self.npy)
        self.resize(620, 560)

    def _guess(self):
        if self.npy:
            return
        try:
            delimiter, header = sniff(self.path)
        except DataFileError:
            return                  # (refresh says what is wrong)
        self.delimiter.setCurrentIndex(self.delimiter.findData(delimiter))
        self.header.setChecked(header)

    # ------------------------------------------------------------------ choices
    def chosen_delimiter(self):
        return self.delimiter.currentData()

    def chosen_label(self):
        """The label column's index (-1: none)."""
        return self.label.currentIndex()

    def chosen_features(self):
        """The feature columns' indices, in the file's order."""
        return [i for i in range(self.features.count())
                if self.features.item(i).checkState() == Qt.CheckState.Checked]

    def set_features(self, indices):
        """Checks exactly the feature columns ``indices``."""
        for i in range(self.features.count()):
            self.features.item(i).setCheckState(Qt.CheckState.Checked if i in indices
                                                else Qt.CheckState.Unchecked)

    def error_text(self):
        """What is wrong with the file as now read ("" when nothing)."""
        return self.message.text() if self._error else ""

    # ------------------------------------------------------------------ reading
    def refresh(self):
        """Reads the first rows again as the delimiter and header now say."""
        try:
            table = read_table(self.path, self.chosen_delimiter(), self.header.isChecked(),
                               rows=PREVIEW_ROWS)
        except DataFileError as exc:
            self._say(str(exc), error=True)
            self.preview.clear()
            self.preview.setRowCount(0)
            self.preview.setColumnCount(0)
            self._set_columns([])
            self.import_button.setEnabled(False)
            return
        self._show_preview(table)
        self._set_columns(table.columns)
        self._say("")
        self.import_button.setEnabled(True)

    def _show_preview(self, table):
        self.preview.clear()
        self.preview.setColumnCount(len(table.columns))
        self.preview.setRowCount(len(table.preview))
        self.preview.setHorizontalHeaderLabels(table.columns)
        for i, row in enumerate(table.preview):
            for j, cell in enumerate(row):
                self.preview.setItem(i, j, QTableWidgetItem(cell))
        self.preview.resizeColumnsToContents()

    def _set_columns(self, columns):
        if columns == self.columns:
            return
        self.columns = list(columns)
        self.label.blockSignals(True)
        self.label.clear()
        self.label.addItems(self.columns)
        self.label.setCurrentIndex(len(columns) - 1)
        self.label.blockSignals(False)
        self.features.clear()
        for j, name in enumerate(self.columns):
            item = QListWidgetItem(name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            self.features.addItem(item)
        self.set_features(range(len(columns) - 1))
        self._on_label_changed(self.chosen_label())

    def _on_label_changed(self, label):
        """The label column cannot be a feature too."""
        for i in range(self.features.count()):
            item = self.features.item(i)
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable
            if i == label:
                item.setCheckState(Qt.CheckState.Unchecked)
                flags = Qt.ItemFlag.NoItemFlags
            item.setFlags(flags)

    def _say(self, text, error=False):
        self.message.setText(text)
        self._error = bool(error and text)
        self.message.setStyleSheet(tone_style("error") if self._error else "")

    # ------------------------------------------------------------------ importing
    def accept(self):
        """Reads the whole file (a progress bar meanwhile) and keeps the rows chosen; on
        any problem says it and stays open."""
        progress = QProgressDialog(translate("ImportData", "Reading the file…"), "", 0, 100,
                                   self)
        progress.setCancelButton(None)
        progress.setWindowTitle(translate("ImportData", "Import Data"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(200)
        try:
            table = read_table(self.path, self.chosen_delimiter(), self.header.isChecked(),
                               progress=lambda f: progress.setValue(int(90 * f)))
            progress.setLabelText(translate("ImportData", "Checking the rows…"))
            rows = data_rows(table, self.chosen_features(), self.chosen_label())
            check_room(self.document, rows)
        except DataFileError as exc:
            self._say(str(exc), error=True)
            return
        finally:
            progress.reset()
            progress.deleteLater()
        self.imported = Imported(rows, table, self.test.value() / 100)
        super().accept()


def ask_import_data(window, path):
    """The dialog for ``path`` over ``window``, modal; what it read (``Imported``) once
    the user pressed Import, None when cancelled."""
    dialog = ImportDataDialog(path, window.session.document, window)
    dialog.exec()
    dialog.deleteLater()
    return dialog.imported


def import_data(window, path=None):
    """File ▸ Import Data…: asks for the file (unless given ``path``), shows the dialog
    (``window.ask_import_data``) and adds the data node it gives, named after the file,
    in the middle of the visible canvas, in one undo step; returns its id (None when
    the user cancelled)."""
    if path is None:
        path = window.ask_open_path(translate("ImportData", "Import Data"), DATA_FILTER)
        if not path:
            return None
    imported = window.ask_import_data(path)
    if imported is None:
        return None
    session, canvas = window.session, window.canvas
    doc = session.document
    params = {"value": imported.rows.tolist()}
    if imported.test_fraction:
        params["test_fraction"] = imported.test_fraction
    taken = {doc.display_name(n) for n in doc.node_ids}
    wanted = label = node_name(path)
    k = 2
    while label in taken:
        label, k = f"{wanted}_{k}", k + 1
    centre = canvas.mapToScene(canvas.viewport().rect().center())
    corner = canvas.free_corner(centre - QPointF(NEW_CARD.width() / 2, NEW_CARD.height() / 2))
    command = AddNode(doc, "imported_data", params, (corner.x(), corner.y()), label)
    session.push(command)
    session.select([command.node_id])
    item = canvas.item(command.node_id)
    if item is not None:
        canvas.ensureVisible(item, 24, 24)
    rows = imported.rows.shape[0]
    said = translate("ImportData", "Imported {rows:,} rows of {name} as {label}.").format(
        rows=Number(rows), name=os.path.basename(os.fspath(path)), label=label)
    if imported.table.note:
        window.show_notice(translate("ImportData", "Data imported"), f"{imported.table.note} {said}")
    window.statusBar().showMessage(said, 8000)
    return command.node_id
