import pytest

from routegraph import Graph, reachable, shortest_path

NET = Graph.parse("""
    # backbone
    ams -> fra
    fra -> par
    ams -> lon
    lon -> par
    par -> mad
""")


def test_direct_route():
    assert shortest_path(NET, "ams", "fra") == ["ams", "fra"]


def test_multi_hop_route():
    assert shortest_path(NET, "ams", "mad") == ["ams", "fra", "par", "mad"]


def test_unknown_node():
    with pytest.raises(ValueError):
        shortest_path(NET, "ams", "osl")


def test_unreachable_goal_is_none():
    assert shortest_path(NET, "lon", "ams") is None


def test_reachable_set():
    assert reachable(NET, "lon") == {"lon", "par", "mad"}
