"""The coach at the page, decided: a finished deal reviewed in the background, opened, cancelled.

Plain Python (no ``js``). When a deal ends at a table reviewed by its kind (and the coach is
on in the settings) ``after_deal`` asks for a `messages.Review`; the worker runs ``lukfu.coach``
in slices and answers with `messages.ReviewProgress` and `messages.ReviewReady` (the review as
plain data, ``lukfu.coach.summary``). A stale answer (another deal began, or the review was
cancelled) is dropped.
"""

from __future__ import annotations

import copy
from typing import Any

from lukfu.web import saving
from lukfu.web.effects import Effect, Review, Store
from lukfu.web.model import Coaching, Model


def after_deal(model: Model, fx: list[Effect]) -> Model:
    """A deal ended: review it in the background if the coach is on (its accuracy counted in
    the statistics where the table's kind counts the deal: not a practice's)."""
    if model.player.settings.coach and model.table.coaching is None:
        return start(model, fx, open_it=False, counts=model.table.kind.counted)
    return model


def start(model: Model, fx: list[Effect], open_it: bool, counts: bool = False) -> Model:
    table = model.table
    fx.append(Review(table.generation))
    coaching = Coaching(table.generation, open=open_it, counts=counts)
    return model._replace(table=table._replace(coaching=coaching))


def open_review(model: Model, fx: list[Effect]) -> Model:
    """"Review this deal": show the review (starting it if the coach was off)."""
    table = model.table
    session, coaching = table.session, table.coaching
    if session is None or not session.is_over or table.replay is not None:
        return model
    if coaching is None or coaching.generation != table.generation:
        return start(model, fx, open_it=True)
    return model._replace(table=table._replace(coaching=coaching._replace(open=True)))


def close_review(model: Model, fx: list[Effect]) -> Model:
    """Close the review; one still thinking is cancelled (it can be asked for again)."""
    table = model.table
    coaching = table.coaching
    if coaching is None:
        return model
    if coaching.summary is None:
        return model._replace(table=table._replace(coaching=None))
    return model._replace(table=table._replace(coaching=coaching._replace(open=False)))


def progress(model: Model, fx: list[Effect], generation: int, share: float,
             judged: list[dict[str, Any]] | None = None) -> Model:
    """The coach's progress, and the decisions it has judged so far (shown as they come)."""
    table = model.table
    coaching = table.coaching
    if coaching is None or coaching.generation != generation or coaching.summary is not None:
        return model
    coaching = coaching._replace(progress=max(0.0, min(1.0, share)), judged=tuple(judged or ()))
    return model._replace(table=table._replace(coaching=coaching))


def ready(model: Model, fx: list[Effect], generation: int, summary: dict[str, Any]) -> Model:
    """The review is done; the review started as the deal ended adds its accuracy to the
    statistics (once: one asked for after a reload does not count again)."""
    table = model.table
    coaching = table.coaching
    if coaching is None or coaching.generation != generation or coaching.summary is not None:
        return model
    done = coaching._replace(progress=1.0, summary=summary)
    model = model._replace(table=table._replace(coaching=done))
    if coaching.counts and summary["decisions"]:
        stats = copy.deepcopy(model.player.stats)
        stats.add_accuracy(round(100 * float(summary["accuracy"])))
        fx.append(Store(saving.STATS_KEY, stats.to_json()))
        model = model._replace(player=model.player._replace(stats=stats))
    return model
