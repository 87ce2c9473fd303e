"""mkdocs.yml's hook: the browser playground, built into the documentation
site at playground/, so that docs/browser-playground.md's link to it and
its rule codes' links to the rules page work on the site as built
(``mkdocs build``) and as served (``mkdocs serve``).

After each build, scripts/build-playground writes the playground into
SITE/playground, with ``--rules-url`` the rules page's address on the site.
It takes 10 to 15 s, and Node, npm and pip's access to PyPI
(docs/browser-playground.md): ``mkdocs serve`` builds it once, at its first
build, and copies it into each rebuild (restart it to see a change to
playground/ or to the package).

FSTRING_BACKPORT_SITE_PLAYGROUND=0 builds the site without it (tox -e lint,
which checks the pages and their links and has no Node): SITE/playground
then holds a page saying so, and how to build it.  1, or unset, builds it;
any other value is an error.
"""

import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

REPO = Path(__file__).resolve().parent.parent
SWITCH = "FSTRING_BACKPORT_SITE_PLAYGROUND"
PLACE = "playground"  # SITE/playground, where docs/browser-playground.md links to
RULES = "rules.md"
PAGE = "browser-playground.md"  # the playground's page, which LEFT_OUT links to

log = logging.getLogger(f"mkdocs.hooks.{Path(__file__).stem}")

# The addresses of pages relative to SITE/playground/ (from the site's
# files: they follow use_directory_urls), and the playground built in this
# process, copied into each later build (mkdocs serve cleans its site
# folder before each one).
_urls: dict = {}
_built: Optional[tempfile.TemporaryDirectory] = None

LEFT_OUT = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>The playground is not in this build</title>
<p>This build of the documentation site leaves the playground out
(FSTRING_BACKPORT_SITE_PLAYGROUND=0).  Build the site without that setting,
or the playground alone with <code>scripts/build-playground DIR</code>: see
<a href="{page}">the playground's page</a>.</p>
</html>
"""


def wanted() -> bool:
    value = os.environ.get(SWITCH, "1")
    if value not in ("0", "1"):
        raise PluginError(f"{SWITCH}={value!r}: 1 (or unset) builds the playground into the site, 0 leaves it out")
    return value == "1"


def on_config(config: MkDocsConfig) -> None:
    wanted()  # a wrong value fails at once, not after the pages are built


def on_files(files: Files, config: MkDocsConfig) -> None:
    for name in (RULES, PAGE):
        page = files.get_file_from_path(name)
        if page is None:
            raise PluginError(f"the playground links to docs/{name}, which is missing")
        _urls[name] = "../" + page.url


def on_post_build(config: MkDocsConfig) -> None:
    global _built
    target = Path(config.site_dir) / PLACE
    if target.exists():  # a --dirty build keeps the previous one
        shutil.rmtree(target)
    if not wanted():
        target.mkdir(parents=True)
        (target / "index.html").write_text(LEFT_OUT.format(page=_urls[PAGE]), "utf-8")
        log.info(f"The playground is left out ({SWITCH}=0)")
        return
    if _built is None:
        built = tempfile.TemporaryDirectory(prefix="fstring-backport-playground-")
        build(Path(built.name) / PLACE)
        _built = built
    shutil.copytree(Path(_built.name) / PLACE, target)


def build(out: Path) -> None:
    log.info("Building the playground (scripts/build-playground, 10 to 15 s)")
    started = time.monotonic()
    command = [sys.executable, str(REPO / "scripts" / "build-playground"), str(out), "--rules-url", _urls[RULES]]
    done = subprocess.run(command, capture_output=True, text=True, cwd=str(REPO))
    if done.returncode:
        raise PluginError(
            f"scripts/build-playground failed (it needs Node, npm and pip's access to PyPI; "
            f"{SWITCH}=0 builds the site without the playground):\n{done.stdout}{done.stderr}"
        )
    log.info(f"The playground was built in {time.monotonic() - started:.1f} s")
