"""The words every layer of GradStudio agrees on, kept once (the tracer, the document and
the window all read them here)."""
__all__ = ["DTYPES", "RESERVED_NAMES", "SCRIPT_NAMES", "MAX_LOOP_COUNT", "HISTORY_ELEMENTS",
           "MAX_JOINED", "TRACING_ENV"]

# the dtypes a node's tensor may have (every one the engine prints and promotes as torch)
DTYPES = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool")

# names a node may not take: the exported script needs them for itself
RESERVED_NAMES = ("torch", "print")

# every name the exported script uses itself; a node called one of the others is renamed
SCRIPT_NAMES = frozenset(RESERVED_NAMES + ("type", "Exception", "float"))

# the most iterations one loop of a document repeats
MAX_LOOP_COUNT = 10_000

# the most tensors one cat or stack node joins (its ports t0, t1, ...)
MAX_JOINED = 64

# the largest tensor (in elements) whose values a loop keeps for every iteration
HISTORY_ELEMENTS = 256

# set while GradStudio's tracer runs a script: an exported script's plot of the trained
# model, which draws and is not the program, leaves itself out when it is set
TRACING_ENV = "GRADSTUDIO_TRACING"
