"""Issue 29, large files: an edit that changes every node of a big graph (a node deleted at
the head of a 100,000-node chain) is summed up in the status bar without looking up the
name of every node it changed (that held the window for seconds, seen under Xvfb)."""
from gradstudio.ui.session import NodeChange, summarize_changes


def test_the_summary_looks_up_only_the_names_it_says():
    changes = {f"n{i}": NodeChange(error=(False, True)) for i in range(1000)}
    asked = []

    def name_of(node_id):
        asked.append(node_id)
        return node_id

    text = summarize_changes(changes, name_of, [f"n{i}" for i in range(1000)])
    assert text.startswith("n0, n1, n2 and 997 more now fail")
    assert asked == ["n0", "n1", "n2"]
