"""The site's own text files as they ship: what is written for the source's readers left out."""

from __future__ import annotations

import re

COMMENT = re.compile(r"[ \t]*/\*.*?\*/", flags=re.S)


def stylesheet(text: str) -> str:
    """static/style.css as the site ships it: without its comments, which are for the source's
    readers (7 kB of its 16 kB download, gzip'd), nor the lines they leave empty.  (Its comments
    are all outside strings: tests/test_build.py checks it.)

    >>> stylesheet("a { color: red; /* the ink */ }\\n/* below */\\n\\nb {}\\n")
    'a { color: red; }\\nb {}\\n'
    """
    lines = (line.rstrip() for line in COMMENT.sub("", text).splitlines())
    return "\n".join(line for line in lines if line.strip()) + "\n"
