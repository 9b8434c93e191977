"""Words the document layer (which imports no Qt) says in the window, marked here for
the translations: the palette's categories (``catalogue``), the timeline's action titles (``timeline.ACTIONS``), the example
titles (``document.examples.TITLES``), what an exercise
asks (``exercise.ASK_TITLES``), its learning-aid note. ``document_word(text)`` is
their translation (any other text comes back unchanged)."""
from gradstudio.ui.i18n import QT_TRANSLATE_NOOP, translate

__all__ = ["document_word", "WORDS"]

WORDS = (
    QT_TRANSLATE_NOOP("Document", "change the learning rate"),
    QT_TRANSLATE_NOOP("Document", "comma"),
    QT_TRANSLATE_NOOP("Document", "semicolon"),
    QT_TRANSLATE_NOOP("Document", "tab"),
    QT_TRANSLATE_NOOP("Document", "space"),
    QT_TRANSLATE_NOOP("Document", "bar"),
    QT_TRANSLATE_NOOP("Document", "clip the gradients' norm"),
    QT_TRANSLATE_NOOP("Document", "clip the gradients' values"),
    QT_TRANSLATE_NOOP("Document", "load values into tensors (load_state_dict)"),
    QT_TRANSLATE_NOOP("Document", "make a learning-rate scheduler"),
    QT_TRANSLATE_NOOP("Document", "scheduler.step()"),
    QT_TRANSLATE_NOOP("Document", "Sources"),
    QT_TRANSLATE_NOOP("Document", "Activation"),
    QT_TRANSLATE_NOOP("Document", "Arithmetic"),
    QT_TRANSLATE_NOOP("Document", "Elementwise"),
    QT_TRANSLATE_NOOP("Document", "Reduction"),
    QT_TRANSLATE_NOOP("Document", "Linear algebra"),
    QT_TRANSLATE_NOOP("Document", "Shape"),
    QT_TRANSLATE_NOOP("Document", "Autograd"),
    QT_TRANSLATE_NOOP("Document", "Comparison"),
    QT_TRANSLATE_NOOP("Document", "Loss"),
    QT_TRANSLATE_NOOP("Document", "Normalization"),
    QT_TRANSLATE_NOOP("Document", "Convolution"),
    QT_TRANSLATE_NOOP("Document", "Datasets"),
    QT_TRANSLATE_NOOP("Document", "backward()"),
    QT_TRANSLATE_NOOP("Document", "grad.zero_()"),
    QT_TRANSLATE_NOOP("Document", "set grad to None"),
    QT_TRANSLATE_NOOP("Document", "set grad"),
    QT_TRANSLATE_NOOP("Document", "torch.autograd.grad()"),
    QT_TRANSLATE_NOOP("Document", "update: p -= lr * p.grad"),
    QT_TRANSLATE_NOOP("Document", "change in place: p.clamp_(), p.mul_()"),
    QT_TRANSLATE_NOOP("Document", "make an optimizer"),
    QT_TRANSLATE_NOOP("Document", "optimizer.step()"),
    QT_TRANSLATE_NOOP("Document", "optimizer.zero_grad()"),
    QT_TRANSLATE_NOOP("Document", "forward again"),
    QT_TRANSLATE_NOOP("Document", "loop: repeat the steps below"),
    QT_TRANSLATE_NOOP("Document", "at the end of each epoch"),
    QT_TRANSLATE_NOOP("Document", "end of loop"),
    QT_TRANSLATE_NOOP("Document", "print(tensor)"),
    QT_TRANSLATE_NOOP("Document", "compute nodes here"),
    QT_TRANSLATE_NOOP("Document", "print(...) as the script did"),
    QT_TRANSLATE_NOOP("Document", "Autograd tutorial"),
    QT_TRANSLATE_NOOP("Document", "requires_grad_ on a computed tensor"),
    QT_TRANSLATE_NOOP("Document", "Vector-Jacobian product"),
    QT_TRANSLATE_NOOP("Document", "detach and no_grad"),
    QT_TRANSLATE_NOOP("Document", "retain_graph"),
    QT_TRANSLATE_NOOP("Document", "Broadcasting"),
    QT_TRANSLATE_NOOP("Document", "Matrix product (matmul)"),
    QT_TRANSLATE_NOOP("Document", "Softmax"),
    QT_TRANSLATE_NOOP("Document", "Training: linear regression"),
    QT_TRANSLATE_NOOP("Document", "Training: forgetting zero_grad"),
    QT_TRANSLATE_NOOP("Document", "Training: logistic regression with optim.SGD"),
    QT_TRANSLATE_NOOP("Document", "Training: nn.Linear and MSE loss"),
    QT_TRANSLATE_NOOP("Document", "Training: XOR network with Adam"),
    QT_TRANSLATE_NOOP("Document", "Exercise: the tutorial's x.grad"),
    QT_TRANSLATE_NOOP("Document", "Exercise: retain_graph"),
    QT_TRANSLATE_NOOP("Document", "Exercise: zero_grad"),
    QT_TRANSLATE_NOOP("Document", "Exercise: detach"),
    QT_TRANSLATE_NOOP("Document", "Playground: XOR"),
    QT_TRANSLATE_NOOP("Document", "Playground: circles"),
    QT_TRANSLATE_NOOP("Document", "Playground: spirals"),
    QT_TRANSLATE_NOOP("Document", "Playground: two moons"),
    QT_TRANSLATE_NOOP("Document", "its values"),
    QT_TRANSLATE_NOOP("Document", "its .grad"),
    QT_TRANSLATE_NOOP("Document", "its grad_fn"),
    QT_TRANSLATE_NOOP("Document", "requires_grad"),
    QT_TRANSLATE_NOOP("Document", "which step raises, and what"),
    QT_TRANSLATE_NOOP("Document", "A learning aid, not an exam: the answers are in the file, and are only kept out of sight until you check."),
)


def document_word(text):
    """``text`` (one of ``WORDS``) in the window's language."""
    return translate("Document", text)
