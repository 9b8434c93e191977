# The code cells of seeds/001_0400395b4afc2d20.txt, verbatim, in order (one '# %%' per cell).

# %% In [9]:
import torch
# Create a tensor and set ``requires_grad=True`` to track computation with it
x = torch.ones(2, 2, requires_grad=True)
print(x)
# Do a tensor operation:
y = x + 2
print(y)
# y was created as a result of an operation, so it has a grad_fn
print(y.grad_fn)
# Do more operations on y
z = y * y * 3
out = z.mean()
print(z, out)

'''
change an existing tensor's ``.requires_grad_( ... )'' by setting its ``requires_grad flag``
in-place, whose flag is default to ``False`` if not given
'''

a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)

# %% In [12]:
out.backward()
print(x.grad)
