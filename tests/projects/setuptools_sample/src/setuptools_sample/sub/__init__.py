"""A subpackage."""
