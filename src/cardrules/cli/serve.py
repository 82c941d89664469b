"""``cardrules serve``: host tables in the browser for people and bots (`cardrules.web`)."""

from __future__ import annotations

from pathlib import Path

import click

__all__ = ["serve_command"]


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets other machines of your network in (see docs/web.md).",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("cardrules-tables"),
    show_default=True,
    help="Folder where tables are saved after every move, and resumed from at start.",
)
def serve_command(host: str, port: int, data: Path) -> None:
    """Host tables in the browser: open http://HOST:PORT/ to create one.

    Each person plays by a secret link to their seat and sees only their own
    cards; bots move on the server. Needs the web extra: pip install 'cardrules[web]'.
    """
    try:
        import uvicorn

        from cardrules.web.app import create_app
    except ImportError as error:
        raise click.ClickException(
            f"cardrules serve needs the web extra (pip install 'cardrules[web]'): {error}"
        ) from None
    app = create_app(data)
    click.echo(f"cardrules: serving tables from {data} at http://{host}:{port}/", err=True)
    # No access log: the links it would write down are the keys to the seats.
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
