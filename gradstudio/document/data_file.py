"""Reading a user's data file (File ▸ Import Data…): a CSV (or other delimited text) file
or a NumPy ``.npy`` file, as a table of numbers the import turns into a data node
(``catalogue_data``'s ``imported_data``: the features, then the label, stored in the
graph file).

Every read is bounded, whatever the file holds: at most ``MAX_ROWS`` rows are read (a file
with more is cut there, and ``Table.capped`` says so), at most ``MAX_COLUMNS`` columns and
``MAX_LINE`` characters a line; a ``.npy`` file is memory-mapped and only the rows kept are
read; nothing is ever unpickled (``allow_pickle=False``). A file that cannot become a table
of numbers raises ``DataFileError`` with one sentence saying what is wrong and where (the
line and column of a cell that is not a number, empty or NaN), and what to do.
"""
import codecs
import csv
import io
import os
from dataclasses import dataclass, field

import keyword
import re

import numpy as np

from gradstudio.vocabulary import SCRIPT_NAMES
from gradstudio.words import Number, translate

from .catalogue_data import MAX_POINTS
from .params import MAX_ELEMENTS

__all__ = ["DataFileError", "Table", "read_table", "sniff", "data_rows", "check_room",
           "node_name", "MAX_ROWS", "MAX_COLUMNS", "MAX_LINE", "DELIMITERS"]

MAX_ROWS = MAX_POINTS        # rows read from a file (a data node's most points)
MAX_COLUMNS = 64
MAX_LINE = 65_536            # characters in one line of a text file
MAX_TEXT_BYTES = 64 * 1024 ** 2     # of a text file read (a graph file's own limit)
_CHUNK = 1024 ** 2           # bytes read at a time (progress is reported after each)
# the delimiters the import offers: character -> its name in words
DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab", " ": "space", "|": "bar"}


class DataFileError(ValueError):
    """A data file that cannot be imported; the message is one sentence for the user."""


@dataclass
class Table:
    """A file read as numbers: ``values`` (rows, columns) float64, ``columns`` their names
    (the header's, else ``column 1`` ...), ``capped`` whether the file has more rows
    than were read (``MAX_ROWS``); for a text file its ``delimiter`` and ``header``."""
    path: str
    values: np.ndarray
    columns: list
    capped: bool = False
    delimiter: str = ","
    header: bool = False
    preview: list = field(default_factory=list)     # the first rows' cells, as text

    @property
    def note(self):
        """What the user should know of the read ("" when nothing): that rows were cut."""
        if not self.capped:
            return ""
        return translate("DataFile", "The file has more rows than GradStudio reads (at most "
                         "{most}): only its first {rows} rows are imported.").format(
                         most=Number(MAX_ROWS), rows=Number(self.values.shape[0]))


def _name(path):
    return os.path.basename(os.fspath(path))


# ----------------------------------------------------------------------------- text files
def _is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def sniff(path, lines=20):
    """``(delimiter, header)`` guessed from the first ``lines`` lines of a text file: the
    delimiter that splits every line into the same number (more than one) of cells, and
    whether the first row has a cell that is not a number."""
    first = _text(path, lines, None)[0].split("\n", 4 * lines)[:4 * lines]
    head = [line for line in first if line.strip()][:lines]
    if not head:
        raise DataFileError(translate(
                "DataFile", "{value} is empty: there is nothing to import.").format(
                value=_name(path)))
    best, best_count = ",", 1
    for d in DELIMITERS:
        rows = list(csv.reader(head, delimiter=d, skipinitialspace=True))
        counts = {len(r) for r in rows[1:] or rows}
        if len(counts) == 1 and (n := counts.pop()) > best_count:
            best, best_count = d, n
    first = next(csv.reader(head[:1], delimiter=best, skipinitialspace=True))
    return best, not all(_is_number(c) for c in first)


def _other_delimiter(cell, delimiter):
    """A delimiter that seems to split ``cell`` (read with ``delimiter``), or None."""
    found = [d for d in DELIMITERS if d != delimiter and d in cell.strip()]
    return found[0] if found else None


def _bad_cell(path, row, line, columns, delimiter):
    """The message for the first cell of ``row`` (text, line ``line``) that is no number."""
    for j, cell in enumerate(row):
        if _is_number(cell):
            continue
        where = f"Line {line}, column {j + 1} ({columns[j]}) of {_name(path)}"
        if not cell.strip():
            return f"{where} is empty: fill it with a number or remove that line."
        other = _other_delimiter(cell, delimiter)
        if other is not None:
            return (f"{where} holds {cell[:40]!r}, not a number: the file seems to use "
                    f"the {DELIMITERS[other]} as its delimiter; choose it.")
        return (f"{where} holds {cell[:40]!r}, which is not a number: every cell of a "
                "column GradStudio imports must be a number.")
    return None


def _columns(first, header):
    if len(first) > MAX_COLUMNS:
        raise DataFileError(translate(
                "DataFile", "The file has {count} columns; GradStudio imports at most "
                "{MAX_COLUMNS}.").format(
                count=len(first), MAX_COLUMNS=MAX_COLUMNS))
    if header:
        return [c.strip() or f"column {j + 1}" for j, c in enumerate(first)]
    return [f"column {j + 1}" for j in range(len(first))]


def _text(path, limit, progress):
    """``(text, complete)``: the file's first ``limit`` + 2 lines at most (a header and one
    more than is kept, to know the file has more) and ``MAX_TEXT_BYTES`` at most, cut at
    a line's end, read in chunks; ``complete`` whether that is the whole file. Bytes that
    are not UTF-8 text, a NUL byte or a line over ``MAX_LINE`` raise ``DataFileError``."""
    size = max(os.path.getsize(path), 1)
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    parts, lines, read, carried = [], 0, 0, 0
    with open(path, "rb") as f:
        while True:
            chunk = f.read(_CHUNK)
            try:
                text = decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError:
                raise DataFileError(translate(
                        "DataFile", "{value} is not a text file (it holds bytes that are not "
                        "UTF-8 text): import a CSV or .npy file.").format(
                        value=_name(path))) from None
            if "\0" in text:
                raise DataFileError(translate(
                        "DataFile", "{value} is a binary file, not CSV text: import a CSV or "
                        ".npy file.").format(
                        value=_name(path)))
            pieces = text.split("\n")
            longest = max(carried + len(pieces[0]), max(map(len, pieces[1:-1]), default=0))
            carried = len(pieces[-1]) if len(pieces) > 1 else carried + len(pieces[0])
            if max(longest, carried) > MAX_LINE:
                raise DataFileError(translate(
                        "DataFile", "{value} has a line longer than {MAX_LINE:,} characters: "
                        "this is not a table GradStudio can import.").format(
                        value=_name(path), MAX_LINE=MAX_LINE))
            parts.append(text)
            lines += len(pieces) - 1
            read += len(chunk)
            if progress is not None:
                progress(min(read / size, 1.0))
            if not chunk:
                return "".join(parts), True
            if lines >= limit + 2 or read >= MAX_TEXT_BYTES:
                whole = "".join(parts)
                return whole[:whole.rfind("\n") + 1], False


def _cells(text, delimiter):
    """The non-blank rows of ``text`` as lists of cells, with their line numbers."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, skipinitialspace=True)
    try:
        for row in reader:
            if row and any(c.strip() for c in row):
                yield reader.line_num, row
    except csv.Error as e:
        raise DataFileError(translate(
                "DataFile", "Line {line_num} cannot be read as delimited text ({e}): check "
                "the file.").format(
                line_num=reader.line_num, e=e)) from None


def _first_row(text, delimiter, header, path):
    first = next(_cells(text, delimiter), None)
    if first is None:
        raise DataFileError(translate(
                "DataFile", "{value} is empty: there is nothing to import.").format(
                value=_name(path)))
    row = first[1]
    if len(row) > MAX_COLUMNS:
        raise DataFileError(translate(
                "DataFile", "{value} has {count} columns; GradStudio imports at most "
                "{MAX_COLUMNS}.").format(
                value=_name(path), count=len(row), MAX_COLUMNS=MAX_COLUMNS))
    if header:
        return [c.strip() or f"column {j + 1}" for j, c in enumerate(row)], first[0]
    return [f"column {j + 1}" for j in range(len(row))], 0


def _where_wrong(path, text, delimiter, columns, skip):
    """The message for the first row of ``text`` (below line ``skip``) that is not a row
    of ``len(columns)`` numbers, each finite; None when every row is."""
    for line, row in _cells(text, delimiter):
        if line <= skip:
            continue
        if len(row) != len(columns):
            return (f"Line {line} of {_name(path)} has {len(row)} cells where the first row "
                    f"has {len(columns)}: check the delimiter "
                    f"({DELIMITERS.get(delimiter, repr(delimiter))} now) and the header.")
        message = _bad_cell(path, row, line, columns, delimiter)
        if message is not None and line == 1 and not skip:
            return (f"The first line of {_name(path)} holds {', '.join(row)[:60]!r}, not "
                    "numbers: it seems to be a header; say that the first row is one.")
        if message is None and not all(np.isfinite(float(c)) for c in row):
            j = next(j for j, c in enumerate(row) if not np.isfinite(float(c)))
            what = "NaN (not a number)" if np.isnan(float(row[j])) else "infinite"
            message = (f"Line {line}, column {j + 1} ({columns[j]}) of {_name(path)} is "
                       f"{what}: fill it with a number or remove that line.")
        if message is not None:
            return message
    return None


def _read_text(path, delimiter, header, progress, limit):
    """``(values, columns, capped, preview)`` of a delimited text file: parsed by numpy in
    one pass; a file it refuses is read again cell by cell to say where it is wrong."""
    text, complete = _text(path, limit, progress)
    columns, skip = _first_row(text, delimiter, header, path)
    lines = text.split("\n", skip + limit)
    if len(lines) > skip + limit and lines[-1].strip():     # (more than is kept: cut)
        text, complete = "\n".join(lines[:-1]) + "\n", False
    body = text.split("\n", skip)[-1] if skip else text
    if not body.strip():
        raise DataFileError(translate(
                "DataFile", "{value} has no rows of data below its header: there is nothing "
                "to import.").format(
                value=_name(path)))
    try:
        values = np.loadtxt(io.StringIO(body), delimiter=None if delimiter == " " else
                            delimiter, dtype=np.float64, ndmin=2, comments=None,
                            quotechar='"', encoding=None)
        wrong = values.shape[1] != len(columns) or not np.isfinite(values).all()
    except ValueError:
        wrong = True
    if wrong:
        raise DataFileError(_where_wrong(path, text, delimiter, columns, skip) or translate(
            "DataFile", "{name} could not be read as a table of numbers: check the "
            "delimiter and the header.").format(name=_name(path)))
    capped = not complete
    top = "\n".join(text.split("\n", skip + 12)[:skip + 12])
    preview = [row for n, row in _cells(top, delimiter) if n > skip][:10]
    return values[:limit], columns, capped, preview


def _check_finite(path, values, columns):
    bad = ~np.isfinite(values)
    if not bad.any():
        return
    i, j = map(int, np.argwhere(bad)[0])
    what = "NaN (not a number)" if np.isnan(values[i, j]) else "infinite"
    raise DataFileError(translate(
            "DataFile", "Row {i}, column {j} of {value} is {what}: fill it with a number or "
            "remove that row.").format(
            i=i + 1, j=j + 1, value=_name(path), what=what))


# ----------------------------------------------------------------------------- .npy files
def _read_npy(path, limit):
    try:
        with open(path, "rb") as f:
            version = np.lib.format.read_magic(f)
            shape, _fortran, dtype = _header(f, version)
    except OSError as e:
        raise DataFileError(translate(
                "DataFile", "{value} could not be opened ({value2}): check the file and try "
                "again.").format(
                value=_name(path), value2=e.strerror or e)) from None
    except ValueError:
        raise DataFileError(translate(
                "DataFile", "{value} is not a NumPy .npy file: import a .npy file saved by "
                "numpy.save, or a CSV file.").format(
                value=_name(path))) from None
    if dtype.hasobject:
        raise DataFileError(translate(
                "DataFile", "{value} holds Python objects (a pickled array), which "
                "GradStudio never loads: save it as an array of numbers.").format(
                value=_name(path)))
    if dtype.kind not in "biuf" or dtype.names is not None:
        raise DataFileError(translate(
                "DataFile", "{value} holds {dtype} values, not numbers: save it as an array "
                "of numbers (float or int).").format(
                value=_name(path), dtype=dtype))
    if len(shape) not in (1, 2):
        raise DataFileError(translate(
                "DataFile", "{value} holds an array of {count} dimensions; GradStudio "
                "imports a table: one row per point (2 dimensions).").format(
                value=_name(path), count=len(shape)))
    try:
        array = np.load(path, mmap_mode="r", allow_pickle=False)
    except (ValueError, OSError) as e:
        raise DataFileError(translate(
                "DataFile", "{name} could not be read as a .npy file ({error}): check the "
                "file.").format(name=_name(path), error=e)) from None
    if array.ndim == 1:
        array = array.reshape(-1, 1)
    if array.shape[1] > MAX_COLUMNS:
        raise DataFileError(translate(
                "DataFile", "{value} has {shape} columns; GradStudio imports at most "
                "{MAX_COLUMNS}.").format(
                value=_name(path), shape=array.shape[1], MAX_COLUMNS=MAX_COLUMNS))
    if array.shape[0] == 0:
        raise DataFileError(translate(
                "DataFile", "{value} has no rows: there is nothing to import.").format(
                value=_name(path)))
    capped = array.shape[0] > limit
    values = np.array(array[:limit], dtype=np.float64)       # (only these rows are read)
    return values, capped


def _header(f, version):
    reader = {(1, 0): np.lib.format.read_array_header_1_0,
              (2, 0): np.lib.format.read_array_header_2_0}.get(version)
    if reader is None:
        raise ValueError(translate(
                "DataFile", "unknown .npy version {version}").format(
                version=version))
    return reader(f)


# ----------------------------------------------------------------------------- the API
def read_table(path, delimiter=None, header=None, progress=None, rows=None):
    """The ``Table`` of the file at ``path`` (``.npy`` by its name, else delimited text;
    ``delimiter`` and ``header`` guessed by ``sniff`` when None). ``progress(fraction)`` is
    called after each megabyte of text read; ``rows`` reads at most that many (a preview).
    Raises ``DataFileError``."""
    path = os.fspath(path)
    limit = MAX_ROWS if rows is None else min(rows, MAX_ROWS)
    if not os.path.isfile(path):
        raise DataFileError(translate(
                "DataFile", "{value} is not a file: choose a CSV or .npy file.").format(
                value=_name(path)))
    if path.lower().endswith(".npy"):
        values, capped = _read_npy(path, limit)
        columns = [f"column {j + 1}" for j in range(values.shape[1])]
        _check_finite(path, values, columns)
        preview = [[repr(float(v)) for v in row] for row in values[:10]]
        return Table(path, values, columns, capped and rows is None, preview=preview)
    if delimiter is None or header is None:
        guessed = sniff(path)
        delimiter = guessed[0] if delimiter is None else delimiter
        header = guessed[1] if header is None else header
    values, columns, capped, preview = _read_text(path, delimiter, header, progress, limit)
    return Table(path, values, columns, capped and rows is None, delimiter, header, preview)


def data_rows(table, features, label):
    """The rows a data node holds: the columns ``features`` (indices), then ``label``,
    as float64 (the node makes float32 of them, as ``torch.tensor`` does). Raises
    ``DataFileError`` when none is chosen or they are too many numbers for a graph file."""
    features = [int(j) for j in features if j != label]
    if not features:
        raise DataFileError(translate(
                "DataFile", "Choose at least one feature column besides the label."))
    rows = table.values.shape[0]
    count = rows * (len(features) + 1)
    if count > MAX_ELEMENTS:
        raise DataFileError(translate(
                "DataFile", "{rows:,} rows of {count} columns are {count2:,} numbers; a data "
                "node holds at most {MAX_ELEMENTS:,}: choose fewer columns.").format(
                rows=Number(rows), count=Number(len(features) + 1), count2=Number(count),
                MAX_ELEMENTS=Number(MAX_ELEMENTS)))
    return np.ascontiguousarray(table.values[:, features + [int(label)]])


def check_room(doc, rows):
    """Raises ``DataFileError`` when ``doc``'s graph file with a data node of ``rows``
    (what ``data_rows`` gives) would be larger than a graph file may be (the reader's
    ``MAX_BYTES``), so that the import never makes a file that cannot be opened again."""
    from .files import dumps
    from .reader import MAX_BYTES
    sample = rows[:1000]             # (the rows' text, from the first thousand's length)
    per_row = len(repr(sample.tolist())) / max(len(sample), 1)
    size = len(dumps(doc).encode("utf-8")) + int(per_row * len(rows)) + 1024
    if size > MAX_BYTES:
        raise DataFileError(translate(
                "DataFile", "With these {shape:,} rows the graph file would hold about "
                "{size:.0f} MB, more than the {MAX_BYTES} MB a graph file may: choose fewer "
                "columns, or remove other imported data first.").format(
                shape=Number(rows.shape[0]), size=Number(size / 2 ** 20),
                MAX_BYTES=Number(MAX_BYTES // 2 ** 20)))


def node_name(path):
    """The name a data node imported from ``path`` is given: the file's name as a Python
    name (``iris.csv`` -> ``iris``, ``2d points.csv`` -> ``data_2d_points``)."""
    stem = os.path.splitext(os.path.basename(os.fspath(path)))[0]
    name = re.sub(r"\W+", "_", stem, flags=re.ASCII).strip("_")[:48]
    if not name or name[0].isdigit():
        name = f"data_{name}".rstrip("_")
    if keyword.iskeyword(name) or name in SCRIPT_NAMES:
        name = f"{name}_data"
    return name
