"""GradStudio: build, run and understand PyTorch-style autograd graphs."""

__version__ = "0.1.0"
