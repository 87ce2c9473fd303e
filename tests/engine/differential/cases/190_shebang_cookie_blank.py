#!/usr/bin/env python3
# -*- coding: utf-8 -*-

# Shebang, coding cookie, then a blank line; f-strings need constants.
print(f"{"\N{BULLET}"} {"\t".join(["a", "b"])!r}")
