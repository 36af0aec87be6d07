"""The coach at the page, decided: a finished deal reviewed in the background, opened, cancelled.

Plain Python (no ``js``). When a deal ends (and the coach is on in the settings) ``after_deal``
asks the effects to review it (``("review", generation)``); they run ``lukfu.coach`` in slices
and answer with ``review-progress`` and ``review-ready`` (the review as plain data,
``lukfu.coach.summary``). A stale answer (another deal began, or the review was cancelled) is
dropped.
"""

from __future__ import annotations

import copy
from typing import Any

from lukfu.web import saving
from lukfu.web.messages import Effect, store
from lukfu.web.model import Coaching, Model


def after_deal(model: Model, fx: list[Effect]) -> Model:
    """A deal ended: review it in the background if the coach is on."""
    if model.settings.coach and model.coaching is None:
        return start(model, fx, open_it=False, counts=True)
    return model


def start(model: Model, fx: list[Effect], open_it: bool, counts: bool = False) -> Model:
    fx.append(("review", model.generation))
    return model._replace(coaching=Coaching(model.generation, open=open_it, counts=counts))


def open_review(model: Model, fx: list[Effect]) -> Model:
    """"Review this deal": show the review (starting it if the coach was off)."""
    session = model.session
    if session is None or not session.is_over or model.replay is not None:
        return model
    if model.coaching is None or model.coaching.generation != model.generation:
        return start(model, fx, open_it=True)
    return model._replace(coaching=model.coaching._replace(open=True))


def close_review(model: Model, fx: list[Effect]) -> Model:
    """Close the review; one still thinking is cancelled (it can be asked for again)."""
    coaching = model.coaching
    if coaching is None:
        return model
    if coaching.summary is None:
        return model._replace(coaching=None)
    return model._replace(coaching=coaching._replace(open=False))


def progress(model: Model, fx: list[Effect], generation: int, share: float) -> Model:
    coaching = model.coaching
    if coaching is None or coaching.generation != generation or coaching.summary is not None:
        return model
    return model._replace(coaching=coaching._replace(progress=max(0.0, min(1.0, share))))


def ready(model: Model, fx: list[Effect], generation: int, summary: dict[str, Any]) -> Model:
    """The review is done; the review started as the deal ended adds its accuracy to the
    statistics (once: one asked for after a reload does not count again)."""
    coaching = model.coaching
    if coaching is None or coaching.generation != generation or coaching.summary is not None:
        return model
    model = model._replace(coaching=coaching._replace(progress=1.0, summary=summary))
    if coaching.counts and summary["decisions"]:
        stats = copy.deepcopy(model.stats)
        stats.add_accuracy(round(100 * float(summary["accuracy"])))
        fx.append(store(saving.STATS_KEY, stats.to_json()))
        model = model._replace(stats=stats)
    return model
