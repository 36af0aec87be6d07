"""A tiny stdlib HTTP server for the built site (site/), used by tools/serve, tests and bench.

Why not plain ``python3 -m http.server``: its MIME types come partly from the host's
/etc/mime.types (so they differ between machines), it sends no charset for text files and no
Cache-Control header.  Here the types that matter for the page are fixed, text is declared
UTF-8 (locale catalogs hold Chinese and Persian), and the caching policy is chosen by the caller:
``no-cache`` for development (always revalidate, so edits show on reload), or e.g.
``max-age=600`` to mimic GitHub Pages in benchmarks.

Run directly: ``python3 tools/devserver.py [--host 127.0.0.1] [--port 8000] [--cache no-cache]``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"  # what tools/build.py writes (tools/site.py)

UTF8 = "; charset=utf-8"

# Exact types for everything the page may load.  Module scripts must be served with a
# JavaScript type and WebAssembly.instantiateStreaming() insists on application/wasm.
MIME_TYPES: dict[str, str] = {
    ".html": "text/html" + UTF8,
    ".htm": "text/html" + UTF8,
    ".js": "text/javascript" + UTF8,
    ".mjs": "text/javascript" + UTF8,
    ".css": "text/css" + UTF8,
    ".json": "application/json" + UTF8,
    ".webmanifest": "application/manifest+json" + UTF8,
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".toml": "application/toml" + UTF8,
    ".py": "text/x-python" + UTF8,
    ".po": "text/plain" + UTF8,
    ".pot": "text/plain" + UTF8,
    ".mo": "application/octet-stream",
    ".txt": "text/plain" + UTF8,
    ".md": "text/markdown" + UTF8,
    ".svg": "image/svg+xml" + UTF8,
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types and a configurable Cache-Control header."""

    extensions_map = MIME_TYPES  # consulted before the host's mimetypes database
    cache_control = "no-cache"
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """A threading server that says nothing when a browser goes away in the middle of a file
    (a closed tab, a service worker stopped while it downloads): that is no server error."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    host: str = "127.0.0.1",
    port: int = 0,
    root: Path = SITE,
    cache_control: str = "no-cache",
    quiet: bool = False,
) -> http.server.ThreadingHTTPServer:
    """Bind a threading server serving ``root``; ``port=0`` picks a free port."""
    handler_class = type("ConfiguredHandler", (Handler,), {"cache_control": cache_control, "quiet": quiet})
    handler = functools.partial(handler_class, directory=str(root))
    return Server((host, port), handler)


def start_in_thread(
    root: Path = SITE, cache_control: str = "no-cache", quiet: bool = True
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``root`` on 127.0.0.1 and a free port from a daemon thread; return (server, url).

    The URL ends with "/".  Call ``server.shutdown()`` to stop it.
    """
    server = make_server(root=root, cache_control=cache_control, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name="devserver", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def record_sent(server: http.server.ThreadingHTTPServer, sent: list[str]) -> None:
    """From now on, ``server`` appends to ``sent`` the path of every file it sends whole (200),
    whoever asked: a page, its workers, or a service worker precaching (which a browser's own
    request events do not show)."""
    made = server.RequestHandlerClass  # functools.partial(the handler class, directory=...)
    assert isinstance(made, functools.partial)

    class Recording(made.func):  # type: ignore[misc,name-defined]
        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            if str(code) == "200":
                sent.append(urllib.parse.urlsplit(self.path).path)
            super().log_request(code, size)

    server.RequestHandlerClass = functools.partial(Recording, *made.args, **made.keywords)


PROJECT_FOLDER = "luk-fu"  # as GitHub Pages serves a project: https://<owner>.github.io/<repo>/


def start_in_folder(
    site: Path, parent: Path, cache_control: str = "no-cache"
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``site`` as <parent>/luk-fu/ (a symbolic link, which a test may point elsewhere)
    like `start_in_thread`; return (server, "http://127.0.0.1:<port>/luk-fu/")."""
    (parent / PROJECT_FOLDER).symlink_to(site.resolve(), target_is_directory=True)
    server, url = start_in_thread(root=parent, cache_control=cache_control)
    return server, f"{url}{PROJECT_FOLDER}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--cache", default="no-cache", help="Cache-Control header value")
    parser.add_argument("--root", type=Path, default=SITE)
    args = parser.parse_args()
    server = make_server(args.host, args.port, args.root, args.cache)
    host, port = server.server_address[:2]
    print(f"Serving {args.root} at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
