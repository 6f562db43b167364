from .counter import Counter


class Registry:
    def __init__(self):
        self._metrics = {}

    def counter(self, name, help_text="", labelnames=()):
        if name not in self._metrics:
            self._metrics[name] = Counter(name, help_text, labelnames)
        return self._metrics[name]

    def expose(self):
        lines = []
        for name in sorted(self._metrics):
            metric = self._metrics[name]
            if metric.help_text:
                lines.append(f"# HELP {name} {metric.help_text}")
            lines.append(f"# TYPE {name} counter")
            for labels, value in metric.samples():
                if labels:
                    inner = ",".join(f'{k}="{v}"' for k, v in labels.items())
                    lines.append(f"{name}{{{inner}}} {value}")
                else:
                    lines.append(f"{name} {value}")
        return "\n".join(lines) + "\n"
