"""Host adapters: thin layers over `MemoryHooks` for the agent loops people run.

One module per host, each imported only by the host that uses it (never by `import
agentmem`), so a host's client library is needed only where that host runs:
`claude_code` (Claude Code's hooks), `mcp_server` (an MCP server, `agentmem-loop[mcp]`),
`openai_agents` (OpenAI Agents SDK run hooks, `agentmem-loop[openai-agents]`).
"""
