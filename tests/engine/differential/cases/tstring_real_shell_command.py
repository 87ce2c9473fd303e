# Realistic: building shell commands safely from t-strings (each
# interpolation quoted as one argument, lists as several).
import shlex
from string.templatelib import Interpolation, Template


def sh(template: Template) -> str:
    out = []
    for item in template:
        if isinstance(item, str):
            out.append(item)
            continue
        value = item.value
        if isinstance(value, Template):
            out.append(shlex.quote(sh(value)))
        elif isinstance(value, (list, tuple)):
            out.append(" ".join(shlex.quote(str(v)) for v in value))
        else:
            text = format(value, item.format_spec) if item.conversion is None else repr(value)
            out.append(shlex.quote(text))
    return "".join(out)


path = "my file; rm -rf ~.txt"
flags = ["-l", "-a", "--color=never"]
pattern = "it's $HOME"
print(sh(t"ls {flags} {path}"))
print(sh(t"grep -e {pattern} -- {path}"))
print(sh(t"printf {'%s\n'} {[1, 2, "three four"]}"))
print(sh(t"sh -c {t"echo {pattern}"}"))
print(sh(t"head -n {5:03d} {path!r}"))
commands = [t"echo {i}" + t" && echo {i * i:>4}" for i in range(3)]
print(" ; ".join(sh(c) for c in commands))
print([type(p).__name__ for p in t"cp {path} {path + '.bak'}"])
print(isinstance(commands[0].interpolations[1], Interpolation))
