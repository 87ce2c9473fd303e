# Date formatting with specs built from string fields.
import datetime
dt = datetime.date(2024, 3, 9)
print(f"{dt:{"%Y"}-{"%m"}}")
print(f"{dt:%d.%m.%Y}")
sep = "/"
print(f"{dt:%Y{sep}%m{sep}%d}")
print(f"{dt:{"%A"}}")
