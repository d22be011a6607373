"""Failure-cause families: one cause told in the vocabularies of different stacks.

Engineers describe a few kinds of failure in words that differ from one stack to the next
and share nothing a word match could join: a time-zone bug is `tzinfo` in Python,
`LocalDateTime` in Java, `time.Local` in Go, an IANA name in a test fixture, or a window
"an hour early" in a run's summary; a rate limit is `HTTP 429`, "Too Many Requests",
`quota_exceeded`, "throttled" or a quota used up ("600/600 req/min"); an expired token is
"unauthorized: authentication required" to a registry, `HTTP 401` to an upload API and
"jwt expired" to a CLI; a producer's schema change is `UndefinedColumn` to a consumer's
query, a removed property to an API diff and "drift" to a contract check; a scan that
reaches OCR rotated is "landscape" in a PDF, an EXIF orientation tag in a phone's photo
and "upside down" in a fax; characters a payment or file format refuses are a code point
"not in the permitted set", "invalid character" or a codec that cannot encode; a value read
in the wrong unit is a "unit mismatch" to one check, a figure "2.2 times too high" to another
and a weight "never converted" to a third; a phone number in a local format is an "invalid
mobile number" to one SMS provider and "must be E.164" to the next. Hook E's join
(`across`) counts a family that two failures both name as a shared signature word worth a
whole link, and a pattern whose failures mostly name one says so in its text.

The list is kept small and general on purpose: each family is a cause (not a symptom such
as "timed out", which a slow solver, a starved pool and a missing element all say) whose
vocabulary is the standard one of its subject across languages and tools. A mention that
is negated ("carrier endpoints have no rate limit") names nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NEGATION = re.compile(r"\b(?:no|not|without|never)\W+(?:\w+\W+)?$", re.IGNORECASE)
PREFIX = "~"  # a family's token: no word `words` makes starts with it


@dataclass(frozen=True)
class Family:
    """A cause family: its token, how a pattern's text names it, and what says it."""

    key: str
    name: str
    said: re.Pattern[str]

    @property
    def token(self) -> str:
        return PREFIX + self.key


def _said(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


FAMILIES = (
    Family(
        "time-zone",
        "time zones (UTC offsets, DST)",
        _said(
            r"\btz(?:info|data)?\b",
            r"\btime[\s_-]?zones?\b",
            r"(?<!\d\d )(?<!\d\d\) )\b(?:utc|gmt)\b",  # not a clock time's ("06:00 UTC")
            r"\bdst\b",
            r"daylight[\s_-]?saving",
            r"summer[\s_-]time",
            r"\bclocks?[\s_-](?:change|changed|went back|go back|went forward|go forward)",
            r"\b(?:zoneinfo|pytz|iana)\b",
            r"(?:Zoned|Offset|Local)DateTime",
            r"\btime\.(?:Local|LoadLocation)\b",
            r"\bnaive\s+(?:date)?time(?:stamp)?s?\b",
            # a time given with no zone: the want of one is the cause, not a denial of it
            r"\b(?:no|without|missing|lacks?)\s+(?:an?\s+|its\s+|the\s+)?"
            r"(?:(?:utc|gmt)[\s_-]offset|time[\s_-]?zone|tz(?:info)?)\b",
            r"\blocal[\s-]time\b",
            # an IANA zone name: one of its areas, a slash, a city
            r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)"
            r"/[A-Z][A-Za-z_]+",
            # one hour off is a clock change's mark ("late" is as often a job that ran late)
            r"\b(?:an|one) hour (?:early|ahead|behind|off)\b",
        ),
    ),
    Family(
        "rate-limit",
        "rate limiting (HTTP 429)",
        _said(
            r"(?:\bhttp|\bstatus|error|\bcode|->)\W{0,3}429\b",
            r"\b429\W+(?:too|rate|throttl|quota)",
            r"too[\s_-]many[\s_-]requests",
            r"\brate[\s_-]?limit(?:ed|ing|s)?\b",
            r"(?<!cpu )(?<!thermal )\bthrottl\w*",  # not a CPU slowed down
            r"(?<!disk )\bquota[\s_-]?(?:exceeded|exhausted)",
            r"\bout of (?:\w+ )?quota\b",
            r"\b(\d+)/\1 req(?:uest)?s?/",  # at the cap: "600/600 req/min"
        ),
    ),
    Family(
        "connection-pool",
        "connection pool exhaustion",
        _said(
            r"too[\s_-]many[\s_-](?:clients|connections)",
            r"\bmax_(?:client_conn|connections)\b",
            r"remaining connection slots",
            r"\bno more connections\b",
            r"connection is not available",
            r"\bconnection[\s_-]pool\b",
            r"\bpool\b.{0,20}\b(?:exhausted|runs? dry|ran dry|timeout)",
            r"(?:exhaust|starv)\w*\W+(?:the\W+)?(?:\w+\W+)?(?:database\W+)?(?:connections|pool)\b",
            r"\bHikariPool\b|\bQueuePool limit\b|\b53300\b",
        ),
    ),
    Family(
        "decode",
        "responses the client cannot decode (schema drift)",
        _said(
            r"(?<!unicode)decod(?:e|ing)[\s_.-]?error",  # not a text encoding's
            r"\b(?:failed|fails|unable|cannot|could not) to decode\b",
            r"\bcannot unmarshal\b",
            r"\b(?:Json(?:Data|Mapping|Parse)Exception|JSONDecodeError|MismatchedInputException)",
            r"\b(?:valueNotFound|keyNotFound|typeMismatch)\b",
            r"\brequired (?:value|property|field) '?\w+'?.{0,40}\bmissing\b",
            r"\bexpected (?:\S+ )?\(?(?:string|integer|int|number|boolean|bool|object|array"
            r"|hash|list|map)\)?(?: value)? but (?:found|received|got)\b",
        ),
    ),
    Family(
        "schema-change",
        "a schema change (columns or fields renamed, removed or retyped)",
        _said(
            r"\bUndefined(?:Column|Table)\b",
            r"\b(?:no such|unknown|undefined) column\b",  # SQLite, MySQL
            r"\bcolumn\s+\S+\s+(?:does not exist|not found)",  # Postgres, dbt
            r"\bcannot resolve\b.{0,60}\binput columns\b",  # Spark
            r"\bCannot query field\b",  # GraphQL
            r"\b(?:column|field|property|attribute)\s+[\"'`]?[\w.]+[\"'`]?\s+(?:was\s+|has been\s+)?"
            r"(?:renamed|removed|dropped|retyped)\b",
            r"\b(?:renamed|dropped|removed|retyped)\s+(?:the\s+|a\s+)?(?:column|field|property)\b",
            r"\bschema[\s_-]?(?:drift|change[sd]?|mismatch)\b",
            r"\b(?:contract|schema)\S*:?\s+(?:\S+\s+)?drift\b",
        ),
    ),
    Family(
        "orientation",
        "page or image orientation (rotated scans and photos)",
        _said(
            # not a robot's or a vehicle's orientation (its pose): a page's, an image's
            r"\b(?:exif|page|image|photo|scan|screen|device)[\s_-]?orientation\b",
            r"\borientation\s*[=:]\s*\d",  # the EXIF tag's value
            r"\bUIImageOrientation|\bExifInterface\b|\bexif[\s_-]?transpose\b",
            r"\bsideways\b|\bupside[\s-]down\b",
            r"\b(?:pages?|images?|photos?|scans?)\b[^.;]{0,20}\b(?:rotated|landscape|turned)\b",
            r"\b(?:rotated|turned)\s+(?:by\s+)?(?:90|180|270)\s*(?:°|deg)",  # not a key "rotated 90 days ago"
        ),
    ),
    Family(
        "charset",
        "characters the format does not accept (character set, encoding)",
        _said(
            r"\bchar(?:acter)?[\s_-]?sets?\b",
            r"\b(?:invalid|illegal|forbidden|unsupported|unprintable|special|non[\s-]?\w+)"
            r"\s+char(?:acter)?s?\b",
            r"\bchar(?:acter)?s?\b.{0,30}\bnot (?:in the (?:permitted|allowed)|allowed|permitted)",
            r"\bU\+[0-9A-F]{4,5}\b",  # a code point
            r"\bUnicode(?:Encode|Decode)Error\b|\bcodec can't (?:en|de)code\b",
            r"\b(?:utf-?8|utf-?16|latin-?1|iso-8859-\d+|cp125\d|us-ascii)\b",
            r"\btransliterat\w*|\bdiacritics?\b|\bmojibake\b",
        ),
    ),
    Family(
        "units",
        "units of measure (values read in the wrong unit, not converted)",
        _said(
            # a unit named beside what went wrong with it; not a unit test, a unit price
            r"\bunits?\b(?![\s_-]*(?:tests?|price|cost|of work))[^.;]{0,40}?"
            r"\b(?:mismatch\w*|wrong|expects?|instead of|not converted|unconverted)\b",
            r"\b(?:in|into|with) (?:the )?wrong units?\b",
            r"\bunit[\s_-]?(?:mismatch|conversion|confusion)",
            r"\b(?:un|not |never |wrongly |double[\s-])convert(?:ed|s)?\b",
            # a value off by a constant factor ("1000x too large", "60 times the actual
            # value"): not a load "3x the usual", which a unit does not explain
            r"\b\d+(?:\.\d+)?\s?(?:x|×|times)\s+(?:too (?:high|low|large|small|big)"
            r"|the (?:real|actual|true|correct)\b)",
        ),
    ),
    Family(
        "phone-number",
        "phone numbers in the wrong format (E.164)",
        _said(
            r"\bE\.?164\b",
            r"\b(?:invalid|not an? (?:valid|correct)|malformed|bad)\s+"
            r"(?:phone|mobile|telephone|msisdn|cell)(?:\s+number)?s?\b",
            r"\b(?:phone|mobile|telephone)\s+numbers?\b[^.;]{0,30}\b(?:invalid|malformed|format)",
            r"\b(?:libphonenumber|phonenumbers?\.parse|NumberParseException)\b",
        ),
    ),
    Family(
        "credentials",
        "expired or rejected credentials (HTTP 401)",
        _said(
            r"(?:\bhttp|\bstatus|error|\bcode|->)\W{0,3}401\b",
            r"\bunauthori[sz]ed\b|\bunauthenticated\b",
            r"\bauthentication (?:required|failed|failure)\b",
            # what expired or was refused is a credential, not a TLS certificate (a host
            # clock set back makes those "expired" too) nor a parser's "invalid token"
            r"\b(?:token|jwt|credentials?|password|api[\s_-]?key|session)s?\W+"
            r"(?:has |have |is |are |was |were )?(?:been )?(?:expired|revoked|rejected)\b",
            r"\b(?:expired|revoked)[\s_-](?:access[\s_-]|auth[\s_-]|bearer[\s_-])?"
            r"(?:token|jwt|credentials?|password|api[\s_-]?key|session)s?\b",
            r"\binvalid[\s_-](?:credentials|api[\s_-]?key|access[\s_-]token|bearer|password)\b",
            r"\binvalid_grant\b|\b(?:Token|Signature)Expired|\bExpired(?:Token|Signature)\b",
        ),
    ),
)


def families(text: str) -> frozenset[str]:
    """The tokens of the cause families `text` names (not where it says it does not)."""
    found = set()
    for family in FAMILIES:
        for match in family.said.finditer(text):
            if not NEGATION.search(text[: match.start()]):
                found.add(family.token)
                break
    return frozenset(found)


def failure_families(detail: str, account: str) -> frozenset[str]:
    """The cause families a failure names: its check's (`detail`: the error as the check
    saw it), else its run's account's. An account that names another family beside the
    check's tells what else the run tried or ruled out (a check saying "connection pool
    exhausted" of a run whose account adds that throttling its callers had not helped),
    not a second cause of this failure."""
    return families(detail) or families(account)


def named(token: str) -> str:
    """How a pattern's text names the family of `token`."""
    return next(f.name for f in FAMILIES if f.token == token)


def is_family(token: str) -> bool:
    return token.startswith(PREFIX)
