from .events import Event


class EventBus:
    def __init__(self, name, subscriptions={}):
        self.name = name
        self._subscriptions = subscriptions

    def subscribe(self, pattern, handler):
        self._subscriptions.setdefault(pattern, []).append(handler)

    def publish(self, topic, **payload):
        event = Event(topic, payload)
        delivered = 0
        for pattern, handlers in self._subscriptions.items():
            if event.matches(pattern):
                for handler in handlers:
                    handler(event)
                    delivered += 1
        return delivered
