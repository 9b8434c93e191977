"""A markdown cell's attached images (``![plot](attachment:plot.png)`` with the image in
the cell's ``attachments``) are written into the lesson as ``data:`` URIs: the lesson
holds its own images, and the Lesson panel, which loads nothing from the disk or the web,
can show them."""
import base64
import json

from gradstudio.document import notebook as nbm
from gradstudio.document.notebook import MAX_CELL_CHARS, read_notebook, with_attachments

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 20).decode("ascii")


def test_an_attached_image_becomes_a_data_uri():
    attachments = {"plot.png": {"image/png": PNG}, "notes.txt": {"text/plain": "aGk="}}
    source = ("see ![a plot](attachment:plot.png) and [r]\n\n[r]: attachment:plot.png\n"
              "and ![n](attachment:notes.txt) ![m](attachment:missing.png)")
    shown = with_attachments(source, attachments)
    assert shown.count(f"data:image/png;base64,{PNG}") == 2
    assert "attachment:notes.txt" in shown and "attachment:missing.png" in shown
    assert with_attachments(source, None) == source
    assert with_attachments("![x](attachment:my%20plot.png)",
                            {"my plot.png": {"image/png": PNG}}) == \
        f"![x](data:image/png;base64,{PNG})"


def test_what_is_not_plain_base64_or_too_big_stays_a_name():
    odd = {"a.png": {"image/png": "abc)<script>"}, "b.png": {"image/svg+xml; x": PNG}}
    source = "![a](attachment:a.png) ![b](attachment:b.png)"
    assert with_attachments(source, odd) == source
    big = {"big.png": {"image/png": "A" * MAX_CELL_CHARS}}
    assert with_attachments("![b](attachment:big.png)", big) == "![b](attachment:big.png)"
    small = {"s.png": {"image/png": PNG}}
    assert with_attachments("![s](attachment:s.png)", small, room=10) == \
        "![s](attachment:s.png)"                          # no room left in the notebook


def test_reading_a_notebook_inlines_its_markdown_attachments():
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "![plot](attachment:p.png)",
         "attachments": {"p.png": {"image/png": PNG}}},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": "x = 1"}]}
    read = read_notebook(json.dumps(notebook).encode("utf-8"), "n.ipynb")
    assert read.cells[0].source == f"![plot](data:image/png;base64,{PNG})"
    assert read.cells[1].source == "x = 1"
    assert "with_attachments" in nbm.__all__
