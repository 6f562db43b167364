import pytest

from confload import load_config

FULL = """
[server]
host = 0.0.0.0   # listen everywhere
port = 9000
workers = 4

[logging]
level = debug
"""


def test_full_config():
    cfg = load_config(FULL)
    assert cfg == {"host": "0.0.0.0", "port": 9000, "workers": 4, "log_level": "DEBUG"}


def test_bad_port_is_reported():
    with pytest.raises(ValueError, match="port must be an integer"):
        load_config("[server]\nport = eighty\n")


def test_line_without_equals_is_rejected():
    with pytest.raises(ValueError, match="line 2"):
        load_config("[server]\nport 80\n")


def test_logging_section_is_optional():
    cfg = load_config("[server]\nport = 8081\n")
    assert cfg["port"] == 8081
    assert cfg["log_level"] == "INFO"
