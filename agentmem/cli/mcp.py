"""`agentmem mcp`: serve memory to MCP clients (Claude Desktop, Claude Code, Cursor, …)."""

from __future__ import annotations

import click

from agentmem.cli._common import State, pass_state, translate_errors

DEFAULT_PORT = 8765


@click.command(name="mcp")
@click.option("--http", is_flag=True, help="Streamable HTTP on 127.0.0.1 instead of stdio.")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port for --http (the server listens at http://127.0.0.1:PORT/mcp).",
)
@pass_state
@translate_errors
def mcp_command(state: State, http: bool, port: int) -> None:
    """Serve memory over MCP: search_memory, get_memory, build_pack, list_tentative,
    propose_memory.

    Reads of memory are open to any role; list_tentative (the lessons held out of memory
    until corroborated) and propose_memory (through the one writer) only with
    AGENTMEM_ROLE=executive. Resources: agentmem://MEMORY.md and agentmem://daily/today.
    Every tool call is one event in the audit ledger. Needs `pip install 'agentmem-loop[mcp]'`.
    """
    try:
        import anyio

        from agentmem.adapters import mcp_server
    except ImportError as exc:
        raise click.ClickException(
            f"the MCP server needs the mcp package ({exc}): pip install 'agentmem-loop[mcp]'"
        ) from exc
    hooks = state.hooks
    if http:
        click.echo(f"agentmem MCP server at http://127.0.0.1:{port}/mcp", err=True)
        mcp_server.serve_http(hooks, port)
    else:
        anyio.run(mcp_server.serve_stdio, hooks)


COMMANDS = [mcp_command]
