"""Fixtures for the sample, written with Python 3.12 f-strings."""

import pytest

FRUIT = ["apple", "pear"]


def pytest_report_header(config):
    return f"fruit: {", ".join(FRUIT)}"


@pytest.fixture
def basket():
    names = {"first": FRUIT[0]}
    return [{"name": f"{names["first"]}"}, {"name": "pear", "price": 3}]
