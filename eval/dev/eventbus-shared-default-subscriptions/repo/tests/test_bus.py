from eventbus import Event, EventBus


def test_wildcard_match():
    assert Event("order.created").matches("order.*")
    assert not Event("user.created").matches("order.*")


def test_publish_to_subscribers():
    bus, seen = EventBus("orders"), []
    bus.subscribe("order.*", lambda e: seen.append((e.topic, e.payload["id"])))
    assert bus.publish("order.paid", id=7) == 1
    assert seen == [("order.paid", 7)]


def test_buses_are_independent():
    billing, audit = EventBus("billing"), EventBus("audit")
    got = []
    billing.subscribe("invoice.sent", got.append)
    assert audit.publish("invoice.sent", id=1) == 0
    assert got == []
