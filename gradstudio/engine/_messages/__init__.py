"""What the engine says besides its results: warnings shown at the user's line, however
deep in the engine they arise (``warn``), and PyTorch's TypeErrors for a reduction given
``keepdim`` without ``dim`` (``reduce_errors``)."""
