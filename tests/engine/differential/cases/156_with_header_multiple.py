# F-strings needing lowering in a with-statement header with two items.
import io
with io.StringIO(f"{"a\nb"}") as f1, io.StringIO(f'{'c'}') as f2:
    print(f"{f1.read().splitlines()}|{f2.read()!r}")
