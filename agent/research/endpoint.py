"""A few-second check that an OpenAI-compatible endpoint answers, before a run depends on it.

One request, no retries: ``GET {base_url}/models`` (a server without that route is asked one
1-token chat completion instead). The answer is one line a person can act on -- connection refused,
no answer within the timeout, credentials refused, the model not served -- rather than the 45 s of
retries the agent's own client (agent/research/client.py) would spend before giving up.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from agent.limits import LLM_PROBE_TIMEOUT
from agent.research.client import _message
from agent.redact import redact

log = logging.getLogger(__name__)

OPENAI_URL = "https://api.openai.com/v1"


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    detail: str             # one line: what answered, or what is wrong
    seconds: float


def probe_endpoint(model: str, base_url: str | None, api_key: str | None, *,
                   timeout: float = LLM_PROBE_TIMEOUT, http_client=None) -> ProbeResult:
    """Ask the endpoint once; never raises for a network or HTTP failure (it is the result)."""
    from openai import OpenAI
    url = (base_url or OPENAI_URL).rstrip("/")
    key = api_key or "not-needed"
    client = OpenAI(api_key=key, base_url=url, timeout=timeout, max_retries=0, http_client=http_client)
    start = time.monotonic()
    ok, detail = _ask(client, model, url, timeout)
    seconds = time.monotonic() - start
    detail = redact(detail, key).replace("\n", " ")
    log.debug("probe of %s: ok=%s %s (%.2f s)", url, ok, detail, seconds)
    return ProbeResult(ok, detail, round(seconds, 3))


def _ask(client, model: str, url: str, timeout: float) -> tuple[bool, str]:
    import openai
    try:
        try:
            served = [m.id for m in client.models.list().data]
        except openai.NotFoundError:          # no /models route: one tiny chat call instead
            client.chat.completions.create(model=model, max_tokens=1,
                                           messages=[{"role": "user", "content": "ping"}])
            return True, f"{url} answered a 1-token request for model {model}"
    except openai.APITimeoutError:
        return False, f"{url}: no answer within {timeout:g} s"
    except openai.APIConnectionError as exc:
        return False, f"{url}: cannot connect ({_cause(exc)})"
    except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
        return False, f"{url} refused the credentials ({exc.status_code}); check CRASHFIX_LLM_API_KEY"
    except openai.APIStatusError as exc:
        return False, f"{url} answered {exc.status_code}: {_message(exc)[:200]}"
    except openai.OpenAIError as exc:         # e.g. a body that is not the API's JSON
        return False, f"{url}: not an OpenAI-compatible answer ({type(exc).__name__}: {str(exc)[:200]})"
    if served and model not in served and model.rsplit("/", 1)[-1] not in served:
        shown = ", ".join(served[:5]) + (", ..." if len(served) > 5 else "")
        return False, f"{url} does not serve model {model!r} (it serves: {shown})"
    return True, f"{url} answers; model {model} " + ("listed" if served else "(the endpoint lists no models)")


def _cause(exc: BaseException) -> str:
    """The innermost reason of a connection error: 'Connection refused', 'Name or service not known'."""
    inner: BaseException | None = exc
    while inner.__cause__ is not None or inner.__context__ is not None:
        inner = inner.__cause__ or inner.__context__
    text = str(inner).strip() or type(inner).__name__
    if "]" in text and text.startswith("[Errno"):
        text = text.split("]", 1)[1].strip()
    return text[:200]



def run_endpoint_problem(config) -> str | None:
    """One line naming why a run's LLM endpoint (a RunConfig's, else the environment's) cannot be used,
    or None: the run uses no model (templates, nothing configured) or the endpoint answers."""
    from agent.research.strategy import configured, endpoint
    if config.strategy == "templates" or not configured(config):
        return None
    found = probe_endpoint(*endpoint(config))
    return None if found.ok else f"LLM endpoint not usable: {found.detail}"
