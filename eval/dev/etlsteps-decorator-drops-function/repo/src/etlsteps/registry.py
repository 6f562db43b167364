REGISTRY = {}


def step(name):
    """Register a row -> row function under `name`."""
    def decorate(fn):
        if name in REGISTRY:
            raise ValueError(f"step {name!r} registered twice")
        REGISTRY[name] = fn
    return decorate
