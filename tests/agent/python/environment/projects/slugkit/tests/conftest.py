import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run slow tests")


def pytest_runtest_setup(item):
    # pytest < 4.1: Node.get_marker
    if item.get_marker("slow") is not None and not item.config.getoption("--runslow"):
        pytest.skip("need --runslow to run")


@pytest.fixture
def titles():
    return [u"Hello World", u"Caf\u00e9 au lait", u"  spaces  everywhere  "]
