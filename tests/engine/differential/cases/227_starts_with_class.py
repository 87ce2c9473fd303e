class Row:
    SEP = f"{"\t".join(["x", "y"])}"

    def show(self, value):
        return f"{value!r:>{len(self.SEP)}}{"\\"}"


print(Row.SEP, Row().show("v"))
