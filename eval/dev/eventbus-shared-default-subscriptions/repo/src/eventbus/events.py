from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    topic: str
    payload: dict = field(default_factory=dict)

    def matches(self, pattern):
        if pattern.endswith(".*"):
            return self.topic.startswith(pattern[:-1])
        return self.topic == pattern
