"""A new host for a thing named alike (`rehosted`): "ORDERS.IN lives on mq-b.corp.lan:1415
since the cutover" after "ORDERS.IN is read from mq-a.corp.lan:1414".
`agentmem.core.newvalue` asks it among the new values told in few shared words."""

from __future__ import annotations

from agentmem.core.places import HOST_PORT
from agentmem.core.statement import IDENTIFIER, Terms
from agentmem.core.textcache import textcached


@textcached
def _hosts(text: str) -> dict[str, str]:
    """The hosts a text gives with their port, and the domain each is in ("db-2.corp.lan":
    "corp.lan")."""
    return {
        f"{host}:{port}".lower(): host.lower().partition(".")[2]
        for host, port in HOST_PORT.findall(text)
    }


def _identifiers(text: str) -> set[str]:
    """The identifiers a text writes with a dot or an underscore ("ORDERS.IN", "fleet_db"),
    not a host: what a service names by exact spelling."""
    return {
        m.lower().strip("./-")
        for m in IDENTIFIER.findall(text)
        if ("." in m or "_" in m) and not HOST_PORT.search(m)
    }


def rehosted(draft: str, held: str, d: Terms) -> bool:
    """The draft says something changed and gives a host with its port in the domain of
    one the held text gives, none of the held text's own, and the two name one identifier
    ("Since the cutover ORDERS.IN lives on mq-b.corp.lan:1415" after "ORDERS.IN is read
    from mq-a.corp.lan:1414 …"): the thing both name moved to another host."""
    if not d.change:
        return False
    now, before = _hosts(draft), _hosts(held)
    if not now or not before or now.keys() & before.keys():
        return False
    if not set(now.values()) & set(before.values()) - {""}:
        return False
    return bool(_identifiers(draft) & _identifiers(held))
