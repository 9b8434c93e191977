"""The values some settings of timeline actions take: ``CHOICES`` (by setting name), the
optimizers' settings (``OPTIMIZER_SETTINGS``) and the keyword arguments an ``optimizer``
action passes to ``torch.optim`` (``optimizer_arguments``); the learning-rate schedulers'
(``SCHEDULER_SETTINGS``, ``scheduler_arguments``)."""
__all__ = ["CHOICES", "OPTIMIZER_SETTINGS", "has_betas", "optimizer_arguments", "SCHEDULER_SETTINGS",
           "scheduler_arguments", "REQUIRED"]

# the values a "choice" setting takes, by setting name
CHOICES = {
    "style": ("-=", "data", "sub_"),
    "algorithm": ("SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adamax", "NAdam", "RAdam",
                  "Adadelta"),
    "schedule": ("StepLR", "MultiStepLR", "ExponentialLR", "CosineAnnealingLR",
                 "CosineAnnealingWarmRestarts", "LinearLR", "ConstantLR", "PolynomialLR",
                 "ReduceLROnPlateau", "LambdaLR", "MultiplicativeLR", "OneCycleLR"),
    "mode": ("min", "max"),
    "anneal_strategy": ("cos", "linear"),
    "threshold_mode": ("rel", "abs"),
    "norm_type": ("2", "1", "inf"),
    "sci_mode": ("None", "True", "False"),          # torch.set_printoptions(sci_mode=)
    "profile": ("none", "default", "short", "full"),    # (none: not passed)
    "edit": ("clamp_", "mul_", "add_", "div_"),      # param_edit: the in-place call
    "form": ("mul_add", "assign"),       # momentum_update: how the velocity is written
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
    "Adagrad": (("lr_decay", "lr_decay", 0.0), ("weight_decay", "weight_decay", 0.0),
                ("initial_accumulator_value", "initial_accumulator_value", 0.0)),
    "Adamax": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
               ("weight_decay", "weight_decay", 0.0)),
    "NAdam": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
              ("weight_decay", "weight_decay", 0.0), ("momentum_decay", "momentum_decay", 0.004)),
    "RAdam": (("beta1", "betas", 0.9), ("beta2", "betas", 0.999),
              ("weight_decay", "weight_decay", 0.0)),
    "Adadelta": (("rho", "rho", 0.9), ("weight_decay", "weight_decay", 0.0)),
}


def has_betas(algorithm):
    """Whether ``algorithm`` takes ``betas`` (the Adam family)."""
    return any(keyword == "betas" for _, keyword, _ in OPTIMIZER_SETTINGS[algorithm])


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


REQUIRED = object()     # a scheduler's argument PyTorch has no default for

# per schedule: its arguments after the optimizer, as (setting, PyTorch's default), each
# setting named as torch.optim.lr_scheduler's keyword (``factor`` None: PyTorch's)
SCHEDULER_SETTINGS = {
    "StepLR": (("step_size", REQUIRED), ("gamma", 0.1)),
    "MultiStepLR": (("milestones", REQUIRED), ("gamma", 0.1)),
    "ExponentialLR": (("gamma", REQUIRED),),
    "CosineAnnealingLR": (("T_max", REQUIRED), ("eta_min", 0.0)),
    "CosineAnnealingWarmRestarts": (("T_0", REQUIRED), ("T_mult", 1), ("eta_min", 0.0)),
    "LinearLR": (("start_factor", None), ("end_factor", 1.0), ("total_iters", 5)),
    "ConstantLR": (("factor", None), ("total_iters", 5)),
    "PolynomialLR": (("total_iters", 5), ("power", 1.0)),
    "ReduceLROnPlateau": (("mode", "min"), ("factor", None), ("patience", 10),
                          ("threshold", 1e-4), ("threshold_mode", "rel"), ("cooldown", 0),
                          ("min_lr", 0.0), ("eps", 1e-8)),
    "LambdaLR": (("lr_lambda", REQUIRED),),         # (a lambda's text: timeline/formula.py)
    "MultiplicativeLR": (("lr_lambda", REQUIRED),),
    "OneCycleLR": (("max_lr", REQUIRED), ("total_steps", REQUIRED), ("pct_start", 0.3),
                   ("anneal_strategy", "cos"), ("cycle_momentum", True),
                   ("base_momentum", 0.85), ("max_momentum", 0.95), ("div_factor", 25.0),
                   ("final_div_factor", 1e4), ("three_phase", False)),
}


def scheduler_arguments(params):
    """The keyword arguments a ``scheduler`` action passes to its
    ``torch.optim.lr_scheduler`` class after the optimizer: each argument PyTorch has no
    default for, then each that differs from PyTorch's default, as ``[(keyword, value)]``
    (``OneCycleLR``'s ``max_lr`` a list when its ``max_lrs`` give one per group)."""
    args = []
    for name, default in SCHEDULER_SETTINGS[params["schedule"]]:
        value = params.get(name)
        if name == "max_lr" and params.get("max_lrs"):     # (one per parameter group)
            value = params["max_lrs"]
        if default is REQUIRED or (value is not None and value != default):
            args.append((name, list(value) if isinstance(value, (list, tuple)) else value))
    return args
