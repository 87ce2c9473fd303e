# A __future__ import followed on the same line by a statement whose f-string needs a constant.
from __future__ import annotations; print(f"{"\n".join(["a", "b"])}")
print(f"{"done"}")
