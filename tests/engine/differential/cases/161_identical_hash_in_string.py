# Valid before 3.12: a '#' inside a nested string (must come back unchanged).
print(f"{'#'}")
print(f"{'#' * 3}|{'a#b'.split('#')}")
