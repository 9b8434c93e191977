# The code cells of seeds/002_6260b20a9b8b3ca4.txt, verbatim, in order (one '# %%' per cell).

# %% In [1]:
import torch

# %% In [27]:
# requires_grad is the parameter needed to keep track of computation on that variable
x = torch.ones(2, 2, requires_grad=True)
x

# %% In [28]:
y = x + 2
y

# %% In [29]:
# Shows that y was created as a result of an operation (Function), so it has a grad_fn property
y.grad_fn

# %% In [30]:
z = y * y * 3
# retain_grad() make sure that the autograd saves the gradient for the Tensor after doing .backward()
z.retain_grad()
out = z.mean()

# Shows that y was created from a multiplication Function
print(z)

# Shows that out was created from a mean Function
print(out)

# %% In [10]:
# The requires_grad property is what determines if a Tensor is added to the graph

# Originally, a is not part of the computation graph
a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print("Before a was added, requires_grad =", a.requires_grad)

# Here, we change that and add it to the graph to track all operations
a.requires_grad_(True)
print("After a was added, requires_grad =", a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)

# %% In [25]:
# Recall our out variable
# out.backward() computes the derivatives 
out.backward()
print(z.grad)
print(x.grad)

# %% In [26]:
# To stop autograd from tracking history on Tensors, 
# you can wrap the code that you don't want tracked within a "with torch.no_grad()""

print(x.requires_grad)
print((x ** 2).requires_grad)

with torch.no_grad():
    print((x ** 2).requires_grad)

# %% In [31]:
# Could also use .detech() to get a new Tensor with the same content but does not require gradients
print(x.requires_grad)
y = x.detach()
print(y.requires_grad)

# Just checks to see if x and y are equal
print(x.eq(y).all())
