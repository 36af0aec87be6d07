"""Thinking in slices: a computer player's work that yields now and then and returns its answer.

A ``Thinking[T]`` is a generator that yields ``None`` between slices of work and returns its
answer. Whoever runs it decides how long a slice may last: the page lets the browser breathe
between slices; under CPython, ``finish`` runs it to the end at once.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Thinking = Generator[None, None, T]
"""Work in slices: yields between slices, returns its answer."""


def finish(thinking: Generator[object, None, T]) -> T:
    """Run ``thinking`` (or any work that yields between slices, whatever it yields) to the end
    and return its answer.

    >>> def count() -> Thinking[int]:
    ...     yield
    ...     return 3
    >>> finish(count())
    3
    """
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            answer: T = done.value
            return answer
