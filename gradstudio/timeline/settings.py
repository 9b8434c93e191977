"""The values some settings of timeline actions take: ``CHOICES`` (by setting name), the
optimizers' settings (``OPTIMIZER_SETTINGS``) and the keyword arguments an ``optimizer``
action passes to ``torch.optim`` (``optimizer_arguments``)."""
__all__ = ["CHOICES", "OPTIMIZER_SETTINGS", "optimizer_arguments"]

# the values a "choice" setting takes, by setting name
CHOICES = {
    "style": ("-=", "data", "sub_"),
    "algorithm": ("SGD", "Adam", "AdamW", "RMSprop"),
}

# per algorithm: the settings it takes, as (setting, keyword of torch.optim, torch's
# default); beta1 and beta2 are one keyword, ``betas``
OPTIMIZER_SETTINGS = {
    "SGD": (("momentum", "momentum", 0.0), ("nesterov", "nesterov", False),
            ("weight_decay", "weight_decay", 0.0)),
    "Adam": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
             ("weight_decay", "weight_decay", 0.0)),
    "AdamW": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
              ("weight_decay", "weight_decay", 0.01)),
    "RMSprop": (("alpha", "alpha", 0.99), ("momentum", "momentum", 0.0),
                ("weight_decay", "weight_decay", 0.0)),
}


def optimizer_arguments(params):
    """The keyword arguments an ``optimizer`` action passes to ``torch.optim``, after the
    parameters: ``lr`` always, then each setting of its algorithm that differs from
    PyTorch's default (``betas`` as one pair), as ``[(keyword, value)]``."""
    args = [("lr", params["lr"])]
    settings = OPTIMIZER_SETTINGS[params["algorithm"]]
    defaults = {name: default for name, _, default in settings}
    betas = None
    for name, keyword, default in settings:
        value = params.get(name)
        if keyword == "betas":
            if params.get("beta1") is not None or params.get("beta2") is not None:
                betas = tuple(defaults[b] if params.get(b) is None else params[b]
                              for b in ("beta1", "beta2"))
            if name == "beta2" and betas is not None:
                args.append(("betas", betas))
        elif value is not None and value != default:
            args.append((keyword, value))
    return args
