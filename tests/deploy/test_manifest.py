"""deploy/app-manifest.json: GitHub's documented manifest parameters, real permission names and
levels (the OpenAPI `app-permissions` schema), real webhook events, and the events the router handles."""
from __future__ import annotations

import json

import pytest
from github_fakes import GITHUB_SHARED
from jsonschema import Draft7Validator

from bot.cli.app_create import MANIFEST, load_manifest
from bot.web.handlers import router

# GitHub Docs, "Registering a GitHub App from a manifest" -> "GitHub App Manifest parameters"
MANIFEST_PARAMETERS = {
    "type": "object",
    "required": ["url", "hook_attributes"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 34},
        "url": {"type": "string", "pattern": "^https?://"},
        "hook_attributes": {"type": "object", "required": ["url"], "additionalProperties": False,
                            "properties": {"url": {"type": "string", "pattern": "^https?://"},
                                           "active": {"type": "boolean"}}},
        "redirect_url": {"type": "string", "pattern": "^https?://"},
        "callback_urls": {"type": "array", "maxItems": 10, "items": {"type": "string", "pattern": "^https?://"}},
        "setup_url": {"type": "string", "pattern": "^https?://"},
        "description": {"type": "string"},
        "public": {"type": "boolean"},
        "default_events": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "default_permissions": {"type": "object", "additionalProperties": {"type": "string"}},
        "request_oauth_on_install": {"type": "boolean"},
        "setup_on_update": {"type": "boolean"},
    },
}
# delivered to every App without a subscription ("you cannot manually subscribe to this event")
ALWAYS_DELIVERED = {"installation", "installation_repositories", "ping"}


@pytest.fixture(scope="module")
def openapi():
    return json.loads((GITHUB_SHARED / "openapi" / "api.github.com.json").read_text())


@pytest.fixture(scope="module")
def webhook_events():
    spec = json.loads((GITHUB_SHARED / "openapi" / "webhooks.api.github.com.json").read_text())
    return {op["post"]["x-github"]["subcategory"] for op in spec["webhooks"].values()}


def test_the_manifest_has_only_documented_parameters():
    manifest = json.loads(MANIFEST.read_text())
    assert [e.message for e in Draft7Validator(MANIFEST_PARAMETERS).iter_errors(manifest)] == []
    filled = load_manifest(MANIFEST, webhook_url="https://bot.example.org/webhook",
                           redirect_url="http://127.0.0.1:9/callback",
                           callback_urls=["https://bot.example.org/auth/callback"])
    assert [e.message for e in Draft7Validator(MANIFEST_PARAMETERS).iter_errors(filled)] == []
    assert (filled["hook_attributes"]["url"], filled["redirect_url"], filled["callback_urls"]) == (
        "https://bot.example.org/webhook", "http://127.0.0.1:9/callback", ["https://bot.example.org/auth/callback"])


def test_a_bad_manifest_is_caught_by_the_schema():
    bad = {**json.loads(MANIFEST.read_text()), "webhook_url": "https://x"}      # not a parameter
    assert list(Draft7Validator(MANIFEST_PARAMETERS).iter_errors(bad))
    no_hook = {k: v for k, v in json.loads(MANIFEST.read_text()).items() if k != "hook_attributes"}
    assert list(Draft7Validator(MANIFEST_PARAMETERS).iter_errors(no_hook))


def test_permissions_are_real_and_what_the_bot_needs(openapi):
    permissions = json.loads(MANIFEST.read_text())["default_permissions"]
    Draft7Validator({**openapi["components"]["schemas"]["app-permissions"], "additionalProperties": False}) \
        .validate(permissions)
    assert permissions == {"issues": "write", "pull_requests": "write", "contents": "write",
                           "checks": "write", "metadata": "read"}


def test_events_are_real_and_exactly_what_the_router_handles(webhook_events):
    events = json.loads(MANIFEST.read_text())["default_events"]
    assert set(events) <= webhook_events, set(events) - webhook_events
    routed = {event for event, _ in router._routes}
    assert routed - ALWAYS_DELIVERED == set(events), "subscribe to every routed event and to nothing else"
    assert ALWAYS_DELIVERED <= webhook_events
