# The code cells of seeds/004_50bcd5f43ff40d79.txt, verbatim, in order (one '# %%' per cell).

# %% In [1]:
import torch

# %% In [3]:
x = torch.ones(2,2, requires_grad = True)
print(x)

# %% In [4]:
y = x + 2
print(y)

# %% In [5]:
print(y.grad_fn)

# %% In [6]:
z = y * y * 3
out = z.mean()
print(z,out)

# %% In [7]:
a = torch.randn(2,2)
a = ((a*3)/(a-1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a*a).sum()
print(b.grad_fn)

# %% In [8]:
out.backward()

# %% In [9]:
print(x.grad)

# %% In [10]:
x = torch.randn(3, requires_grad = True)

y = x * 2
while y.data.norm() < 1000:
    y = y * 2
print(y)

# %% In [11]:
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
y.backward(v)
print(x.grad)

# %% In [12]:
print(x.requires_grad)
print((x**2).requires_grad)

with torch.no_grad():
    print((x**2).requires_grad)

# %% In [13]:
print(x.requires_grad)
y = x.detach()
print(y.requires_grad)
print(x.eq(y).all())

# %% In [16]:
# print(help(x.eq(y)))
# Document about autograd.Function is at https://pytorch.org/docs/stable/autograd.html#function
