"""Comments and line breaks inside replacement fields."""

total = 3
VALUES = [
    f"{total  # how many
       * 2}",
    f'''{
        total + 1  # a comment
    }''',
]


def ratio(divisor):
    return f"{total
              / divisor  # raises when divisor is 0
              :.2f}"


VALUES.append(ratio(4))
