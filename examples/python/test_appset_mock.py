"""A test suite in Python, using only the standard library, against `appset-mock` over HTTP.

It drives the mock through its control plane (`/__appset/`): reset between tests, seeding users,
groups, assignments and a security events provider, reading what a Security Event Token did,
injecting failures, moving the clock, reading the request journal (what the code sent, found and
counted by matchers, and near misses), stubbing an endpoint the mock does not implement, and
testing a retry against a 429 whose reset is 50 ms away.

Run it from the repository root:  python3 -m unittest discover -s examples/python -v
It starts the CLI itself: `node dist/appset-mock/cli.js` when the build is newer than the sources
(or APPSET_MOCK_CLI names a built cli.js), else `npx tsx mock-server/node/cli.ts`.
"""

import json
import os
import signal
import subprocess
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOKEN = "python-suite-token"
ISSUER = "https://risk-engine.example.com"
USER_RISK = "https://schemas.okta.com/secevent/okta/event-type/user-risk-change"


def newest_source_mtime():
    newest = 0.0
    for folder, _, files in os.walk(os.path.join(ROOT, "mock-server")):
        for name in files:
            newest = max(newest, os.path.getmtime(os.path.join(folder, name)))
    return newest


def cli_command():
    built = os.environ.get("APPSET_MOCK_CLI") or os.path.join(ROOT, "dist", "appset-mock", "cli.js")
    if os.path.exists(built) and (os.environ.get("APPSET_MOCK_CLI") or os.path.getmtime(built) >= newest_source_mtime()):
        return ["node", built]
    return ["npx", "tsx", "mock-server/node/cli.ts"]


class Mock:
    """One `appset-mock` process on a free loopback port."""

    def __init__(self):
        args = cli_command() + ["--port", "0", "--host", "127.0.0.1", "--token", TOKEN, "--ids", "deterministic"]
        # A process group of its own: `npx tsx …` runs the server in a grandchild, which stop() must reach too.
        self.process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        watchdog = threading.Timer(60, lambda: self._signal(signal.SIGKILL))
        watchdog.start()
        try:
            for line in self.process.stdout:
                if "listening on " in line:
                    self.url = line.split("listening on ", 1)[1].strip()
                    break
            else:
                raise RuntimeError("appset-mock exited before listening")
        finally:
            watchdog.cancel()
        # The server logs each request on stdout: keep reading so the pipe never fills.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def _signal(self, number):
        try:
            os.killpg(self.process.pid, number)
        except ProcessLookupError:
            pass

    def stop(self):
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        finally:
            self._signal(signal.SIGKILL)

    def request(self, method, path, body=None, token=True, raw=None, content_type="application/json"):
        """Sends a request; answers (status, headers, parsed JSON or None). HTTP errors are answers too."""
        data = raw.encode() if raw is not None else (json.dumps(body).encode() if body is not None else None)
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = content_type
        if token:
            headers["Authorization"] = "SSWS " + TOKEN
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=20) as response:
                status, head, text = response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            status, head, text = error.code, error.headers, error.read().decode()
        return status, head, (json.loads(text) if text else None)

    def control(self, method, path, body=None):
        """A control-plane call (no token needed)."""
        return self.request(method, "/__appset" + path, body, token=False)


def node_helper(*args, stdin=None):
    result = subprocess.run(
        ["node", "--import", "tsx", "examples/python/sign-set.ts", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60, check=True,
    )
    return result.stdout


BOOKMARK = {"name": "bookmark", "label": "Team Wiki", "signOnMode": "BOOKMARK", "settings": {"app": {"url": "https://wiki.example.com"}}}


def create_wiki(mock):
    """The code under test: creates the team wiki's bookmark app."""
    status, _, app = mock.request("POST", "/api/v1/apps", BOOKMARK)
    if status != 200:
        raise RuntimeError("create failed: %s" % status)
    return app


def get_with_retry(mock, path, attempts=3):
    """The code under test: a GET that waits out a 429 until its X-Rate-Limit-Reset, as Okta asks."""
    for _ in range(attempts):
        status, headers, body = mock.request("GET", path)
        if status != 429:
            return status, body
        wait = int(headers["X-Rate-Limit-Reset"]) - parsedate_to_datetime(headers["Date"]).timestamp()
        time.sleep(max(0.0, wait) + 0.05)
    return status, body


class AppsetMockSuite(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mock = Mock()
        cls.key = json.loads(node_helper("keygen"))

    @classmethod
    def tearDownClass(cls):
        cls.mock.stop()
        # The server itself is gone, not only the command that started it.
        try:
            urllib.request.urlopen(cls.mock.url + "/__appset/health", timeout=5)
        except urllib.error.URLError:
            return
        raise AssertionError("appset-mock still answers after stop()")

    def setUp(self):
        status, _, _ = self.mock.control("POST", "/reset")
        self.assertEqual(status, 204)

    def test_health_needs_no_token(self):
        status, _, body = self.mock.control("GET", "/health")
        self.assertEqual(status, 200)
        self.assertEqual(body["status"], "ok")

    def test_reset_leaves_nothing_from_an_earlier_test(self):
        _, _, apps = self.mock.request("GET", "/api/v1/apps")
        self.assertEqual(apps, [])

    def test_seeds_users_groups_and_assignments(self):
        status, _, created = self.mock.control("POST", "/seed", {"apps": [BOOKMARK]})
        self.assertEqual(status, 201)
        app_id = created["apps"][0]["id"]
        status, _, created = self.mock.control("POST", "/seed", {
            "users": [{"id": "00u1ada0000000000000", "login": "ada@example.com", "firstName": "Ada"}],
            "groups": [{"id": "00g1eng0000000000000", "name": "Engineering"}],
            "assignments": [{"appId": app_id, "userId": "00u1ada0000000000000"}, {"appId": app_id, "groupId": "00g1eng0000000000000"}],
        })
        self.assertEqual(status, 201)
        self.assertEqual([u["profile"]["login"] for u in created["users"]], ["ada@example.com"])
        query = urllib.parse.quote('user.id eq "00u1ada0000000000000"')
        _, _, apps = self.mock.request("GET", "/api/v1/apps?filter=" + query)
        self.assertEqual([a["id"] for a in apps], [app_id])
        query = urllib.parse.quote('group.id eq "00g1eng0000000000000"')
        _, _, apps = self.mock.request("GET", "/api/v1/apps?filter=" + query)
        self.assertEqual([a["id"] for a in apps], [app_id])

    def test_refused_seed_names_the_field_and_changes_nothing(self):
        status, _, body = self.mock.control("POST", "/seed", {"users": [{"login": "bob@example.com"}], "assignments": [{"appId": "0oa00000000000000000", "userId": "00u00000000000000000"}]})
        self.assertEqual(status, 400)
        self.assertIn("assignments[0].appId", body["error"])
        _, _, snapshot = self.mock.control("GET", "/snapshot")
        self.assertEqual(snapshot["users"], [])

    def test_security_event_raises_the_users_risk(self):
        # The organization acts only on events about its own users, found by email, as Okta does.
        status, _, _ = self.mock.control("POST", "/seed", {
            "users": [{"login": "ada@example.com"}],
            "providers": [{"name": "Risk Engine", "issuer": ISSUER, "jwks": {"keys": [self.key["publicJwk"]]}}],
        })
        self.assertEqual(status, 201)
        event = {"subject": {"user": {"format": "email", "email": "ada@example.com"}}, "current_level": "high", "previous_level": "low", "event_timestamp": 1700000000}
        token = node_helper("sign", stdin=json.dumps({"privateJwk": self.key["privateJwk"], "kid": self.key["kid"], "iss": ISSUER, "aud": self.mock.url, "events": {USER_RISK: event}}))
        status, _, _ = self.mock.request("POST", "/security/api/v1/security-events", raw=token, token=False, content_type="application/secevent+jwt")
        self.assertEqual(status, 202)
        _, _, signals = self.mock.control("GET", "/signals")
        self.assertEqual([(u["identifiers"], u["riskLevel"]) for u in signals["users"]], [(["email:ada@example.com"], "high")])

    def test_security_event_about_an_unknown_user_is_ignored_and_says_why(self):
        self.mock.control("POST", "/seed", {"providers": [{"name": "Risk Engine", "issuer": ISSUER, "jwks": {"keys": [self.key["publicJwk"]]}}]})
        event = {"subject": {"user": {"format": "email", "email": "nobody@example.com"}}, "current_level": "high", "previous_level": "low", "event_timestamp": 1700000000}
        token = node_helper("sign", stdin=json.dumps({"privateJwk": self.key["privateJwk"], "kid": self.key["kid"], "iss": ISSUER, "aud": self.mock.url, "events": {USER_RISK: event}}))
        status, _, _ = self.mock.request("POST", "/security/api/v1/security-events", raw=token, token=False, content_type="application/secevent+jwt")
        self.assertEqual(status, 202)
        _, _, signals = self.mock.control("GET", "/signals")
        self.assertEqual(signals["users"], [])
        self.assertEqual([(i["eventType"], i["reason"]) for i in signals["ignored"]], [(USER_RISK, "unknown_user")])

    def test_injected_429_carries_okta_body_and_a_reset_in_the_future(self):
        status, _, fault = self.mock.control("POST", "/faults", {"path": "/api/v1/apps", "status": 429})
        self.assertEqual(status, 201)
        status, headers, body = self.mock.request("GET", "/api/v1/apps")
        self.assertEqual((status, body["errorCode"]), (429, "E0000047"))
        reset = int(headers["X-Rate-Limit-Reset"])
        self.assertGreater(reset, parsedate_to_datetime(headers["Date"]).timestamp())
        status, _, _ = self.mock.request("GET", "/api/v1/apps")
        self.assertEqual(status, 200)

    def test_injected_503_then_the_retry_succeeds(self):
        self.mock.control("POST", "/faults", {"method": "GET", "path": "/api/v1/apps/*", "status": 503})
        _, _, created = self.mock.control("POST", "/seed", {"apps": [BOOKMARK]})
        app_id = created["apps"][0]["id"]
        status, _, body = self.mock.request("GET", "/api/v1/apps/" + app_id)
        self.assertEqual((status, body["errorCode"]), (503, "E0000009"))
        status, _, body = self.mock.request("GET", "/api/v1/apps/" + app_id)
        self.assertEqual((status, body["id"]), (200, app_id))

    def test_advancing_the_clock_past_the_rate_limit_window(self):
        self.mock.control("PUT", "/rate-limits", {"apps": 2})
        statuses = [self.mock.request("GET", "/api/v1/apps")[0] for _ in range(3)]
        self.assertEqual(statuses, [200, 200, 429])
        status, _, clock = self.mock.control("POST", "/clock", {"advanceMs": 60000})
        self.assertEqual(status, 200)
        self.assertIn("now", clock)
        status, _, _ = self.mock.request("GET", "/api/v1/apps")
        self.assertEqual(status, 200)

    def test_the_journal_lists_requests_oldest_first(self):
        self.mock.request("GET", "/api/v1/apps?limit=1")
        self.mock.request("GET", "/api/v1/apps/0oa00000000000000000")
        _, _, journal = self.mock.control("GET", "/requests")
        seen = [(r["method"], r["path"], r["status"], r["errorCode"]) for r in journal["requests"]]
        self.assertEqual(seen, [("GET", "/api/v1/apps?limit=1", 200, None), ("GET", "/api/v1/apps/0oa00000000000000000", 404, "E0000007")])
        self.assertEqual(self.mock.control("DELETE", "/requests")[0], 204)
        self.assertEqual(self.mock.control("GET", "/requests")[2], {"requests": []})

    def test_find_shows_the_body_the_code_sent(self):
        create_wiki(self.mock)
        status, _, found = self.mock.control("POST", "/requests/find", {"method": "POST", "path": "/api/v1/apps", "json": {"label": "Team Wiki"}})
        self.assertEqual(status, 200)
        self.assertEqual(len(found["requests"]), 1)
        sent = found["requests"][0]["request"]
        self.assertEqual(json.loads(sent["body"]), BOOKMARK)
        self.assertEqual(sent["headers"]["authorization"], "SSWS [REDACTED]")

    def test_count_tells_how_often_the_code_called(self):
        for _ in range(3):
            self.mock.request("GET", "/api/v1/apps?limit=2")
        status, _, counted = self.mock.control("POST", "/requests/count", {"method": "GET", "path": "/api/v1/apps", "query": {"limit": "2"}})
        self.assertEqual((status, counted), (200, {"count": 3}))
        status, _, refused = self.mock.control("POST", "/requests/count", {"methd": "GET"})
        self.assertEqual((status, refused["error"]), (400, "matcher field methd: Unknown member; remove it (see the schema of the document)"))

    def test_a_near_miss_names_the_route_and_what_differs(self):
        status, _, _ = self.mock.request("PUT", "/api/v1/app/0oa00000000000000000", BOOKMARK)
        self.assertEqual(status, 404)
        _, _, unmatched = self.mock.control("GET", "/requests/unmatched")
        [miss] = unmatched["requests"]
        self.assertEqual(miss["unmatched"]["kind"], "not-okta")
        self.assertEqual(miss["closest"][0]["route"], "PUT /api/v1/apps/:appId")
        self.assertEqual(miss["closest"][0]["differences"], [{"field": "path", "message": 'segment 3: sent "app" where the route has "apps"'}])

    def test_a_stub_answers_an_endpoint_the_mock_does_not_implement(self):
        status, _, body = self.mock.request("GET", "/api/v1/eventHooks/who1ada0000000000000")
        self.assertEqual((status, body["errorCode"]), (404, "E0000007"))
        _, _, journal = self.mock.control("GET", "/requests")
        self.assertTrue(journal["requests"][-1]["unmatched"]["note"].startswith("not implemented by appset-mock"))
        server = {"id": "who1ada0000000000000", "name": "Ada", "status": "ACTIVE"}
        status, _, stub = self.mock.control("POST", "/stubs", {"method": "GET", "pathPattern": "/api/v1/eventHooks/*", "status": 200, "body": server})
        self.assertEqual(status, 201)
        status, _, body = self.mock.request("GET", "/api/v1/eventHooks/who1ada0000000000000")
        self.assertEqual((status, body), (200, server))
        _, _, journal = self.mock.control("GET", "/requests")
        self.assertEqual(journal["requests"][-1]["stub"], stub["id"])

    def test_a_retry_after_a_429_with_a_short_reset(self):
        self.mock.control("POST", "/faults", {"method": "GET", "path": "/api/v1/apps", "status": 429, "resetInMs": 50})
        status, apps = get_with_retry(self.mock, "/api/v1/apps")
        self.assertEqual((status, apps), (200, []))
        _, _, journal = self.mock.control("GET", "/requests?path=/api/v1/apps")
        self.assertEqual([r["status"] for r in journal["requests"]], [429, 200])

    def test_snapshot_and_restore(self):
        self.mock.control("POST", "/seed", {"apps": [BOOKMARK]})
        _, _, saved = self.mock.control("GET", "/snapshot")
        self.mock.control("POST", "/reset")
        self.assertEqual(self.mock.control("PUT", "/snapshot", saved)[0], 204)
        self.assertEqual(self.mock.control("GET", "/snapshot")[2], saved)


if __name__ == "__main__":
    unittest.main()
