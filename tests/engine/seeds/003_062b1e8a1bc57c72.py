# The code cells of seeds/003_062b1e8a1bc57c72.txt, verbatim, in order (one '# %%' per cell).

# %% In [1]:
import torch

# %% In [33]:
x = torch.ones(2, 2, requires_grad=True) # Create a tensor and set requires_grad=True to track computation with it
print(x)

# %% In [34]:
y = x + 2
print(y)

# %% In [4]:
# y was created as a result of an operation, so it has a grad_fn.
print(y.grad_fn)

# %% In [35]:
z = y*y*3
out = z.mean()
print(z, out)

# %% In [8]:
a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a)
print(a.requires_grad)
a.requires_grad = True
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)

# %% In [36]:
out.backward()

# %% In [37]:
print(x.grad)

# %% In [43]:
x = torch.randn(3, requires_grad=True)
y = x * 2
while y.data.norm()<1000:
    y = y * 2
print(y)

# %% In [44]:
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
y.backward(v)
print(x.grad)

# %% In [46]:
print(x.requires_grad)
print((x**2).requires_grad)

with torch.no_grad():
    print((x ** 2).requires_grad)
