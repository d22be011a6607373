"""`python -m agentmem`: the same CLI as the `agentmem` command."""

from agentmem.cli import main

main()
