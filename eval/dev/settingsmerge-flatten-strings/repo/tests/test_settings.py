from settingsmerge import flatten, merge, plugin_list


def test_merge_nested():
    base = {"db": {"host": "localhost", "port": 5432}, "debug": False}
    local = {"db": {"host": "db.internal"}, "debug": True}
    assert merge(base, local) == {"db": {"host": "db.internal", "port": 5432}, "debug": True}


def test_flatten_numbers():
    assert flatten([1, [2, (3, [4])], 5]) == [1, 2, 3, 4, 5]


def test_flatten_keeps_dicts_whole():
    assert flatten([{"a": 1}, [{"b": 2}]]) == [{"a": 1}, {"b": 2}]


def test_plugin_list():
    assert plugin_list({"plugins": ["auth", ["cache"]]}, {"plugins": ["cache", "audit"]}) == \
        ["auth", "cache", "audit"]
