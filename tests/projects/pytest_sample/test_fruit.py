"""Tests written with Python 3.12 f-strings."""

from fruit import label
from shop import receipt


def test_label(basket):
    assert label(basket[0]) == f"{basket[0]["name"]!r}"


def test_label_fails(basket):
    item = basket[1]
    assert label(item) == f"{item["name"]!s}"


def test_lengths_fail(basket):
    item = basket[1]
    assert len(label(item)) == len(f"{item["name"]}")


def test_multiline_fails(basket):
    assert [label(item) for item in basket] == [
        f"{basket[0]["name"]}",
        f"{basket[1]["name"]!r}",
    ]


def test_receipt_raises(basket):
    assert receipt(basket[1:]) == f"pear: {3:>3}"
    receipt(basket)


def test_dashes():
    """A doctest in a test module.

    >>> f"{"-" * 3}"
    '---'
    """
    assert f"{"-" * 3}" == "---"
