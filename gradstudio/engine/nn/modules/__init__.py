"""The layers, activations, containers and losses of ``torch.nn``."""
from .. import module  # torch.nn.modules.module
from . import (activation, attention, activation_extra, activation_more, batchnorm, container,
               container_dicts, conv, linear, loss, loss_margin, normalization, pooling,
               rnn, sparse)
from .activation import *  # noqa: F401,F403
from .activation_more import *  # noqa: F401,F403
from .activation_extra import *  # noqa: F401,F403
from .attention import *  # noqa: F401,F403
from .batchnorm import *  # noqa: F401,F403
from .container import *  # noqa: F401,F403
from .container_dicts import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .rnn import *  # noqa: F401,F403
from .linear import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .loss_margin import *  # noqa: F401,F403
from .normalization import *  # noqa: F401,F403
from .sparse import *  # noqa: F401,F403

__all__ = [*linear.__all__, *container.__all__, *container_dicts.__all__, *activation.__all__,
           *activation_more.__all__, *activation_extra.__all__,
           *loss.__all__, *loss_margin.__all__, *sparse.__all__, *batchnorm.__all__,
           *normalization.__all__, *conv.__all__, *pooling.__all__,
           *rnn.__all__, *attention.__all__]
