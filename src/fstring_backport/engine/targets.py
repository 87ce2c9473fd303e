"""Target versions: which Python the output must run on."""

from typing import Tuple, Union

from .. import NATIVE, NEWEST_GRAMMAR, TSTRINGS  # the hook needs them without importing this module

__all__ = [
    "CURRENT_FSTRINGS",
    "EXCEPT_GROUPS",
    "NATIVE",
    "NEWEST_GRAMMAR",
    "OLDEST",
    "SUPPORTED",
    "TSTRINGS",
    "Target",
    "parse_target",
]

Target = Union[str, Tuple[int, int]]

OLDEST = (3, 8)
# What a message says of a target before OLDEST.
SUPPORTED = "fstring-backport targets Python {}.{} and later".format(*OLDEST)
# The first Python with except* (PEP 654), which output may keep.
EXCEPT_GROUPS = (3, 11)
# The first Python that reads every f-string as 3.15 does: 3.12 evaluates a
# spec's fields before it converts the value (FB202) and rejects "{{" after
# a spec's field (FB108); a 3.12 target's f-strings that tell are lowered.
CURRENT_FSTRINGS = (3, 13)


def parse_target(target: Target) -> Tuple[int, int]:
    """Accept ``(3, 8)``, ``"3.8"`` or ``"py38"``; reject anything before 3.8.

    A bad string raises ValueError; anything else (a float such as ``3.8``,
    which cannot tell 3.1 from 3.10) raises TypeError.
    """
    if isinstance(target, str):
        text = target.strip().lower()
        if text.startswith("py") and text[2:].isdigit() and len(text) > 3:
            text = text[2] + "." + text[3:]
        major, _, minor = text.partition(".")
        if not (major.isdigit() and minor.isdigit()):
            raise ValueError(f"invalid target {target!r}: expected a version such as '3.8'")
        version = (int(major), int(minor))
    elif (
        isinstance(target, (tuple, list))  # sys.version_info too
        and len(target) >= 2
        and all(isinstance(part, int) and not isinstance(part, bool) for part in target[:2])
    ):
        version = (target[0], target[1])
    else:
        raise TypeError(
            f"target must be a string such as '3.8' or a tuple such as (3, 8), not {target!r} ({type(target).__name__})"
        )
    if version[0] != 3 or version < OLDEST:
        raise ValueError("unsupported target {}.{}: {}".format(*version, SUPPORTED))
    return version
