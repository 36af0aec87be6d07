"""The page's entry point: index.html awaits ``main()`` once Python is ready."""

from __future__ import annotations

from lukfu.web.app import App

_app: App | None = None  # the one game on the page, kept alive for its event handlers


async def main() -> None:
    global _app
    _app = App()
    _app.start()
