// `GET /__appset/`: one self-contained page (no build step, no other file, works offline) showing the
// organization and the request journal. The server renders the state into it (render.ts), so the
// first paint already holds it; the script then refreshes it from the plane's JSON endpoints.
import { toBase64 } from '../../shared/base64';
import { sha256 } from '../../shared/sha256';
import type { ControlPlane } from '../plane';
import { renderParts } from './render';
import { DASHBOARD_LIST_LIMIT, DASHBOARD_SCRIPT } from './script';
import { DASHBOARD_STYLE } from './style';

/** The CSP source allowing one inline text by its SHA-256 (base64, as CSP spells hashes). */
function hashSource(text: string): string {
  return `'sha256-${toBase64(sha256(text))}'`;
}

let headers: Array<[string, string]> | undefined;

/**
 * The headers the page is served with: a strict Content-Security-Policy (the inline script and style
 * allowed by their hashes only; they never change, only the rendered state does) and its companions.
 */
export function dashboardHeaders(): Array<[string, string]> {
  headers ??= [
    [
      'content-security-policy',
      [
        "default-src 'none'",
        `script-src ${hashSource(DASHBOARD_SCRIPT)}`,
        `style-src ${hashSource(DASHBOARD_STYLE)}`,
        "connect-src 'self'",
        "img-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    ],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  return headers;
}

/**
 * The dashboard's HTML, the plane's state rendered into it (every value escaped): what its script
 * reads on each refresh, from health, the snapshot (no secrets) and the journal's latest requests.
 */
export function dashboardHtml(plane: Pick<ControlPlane, 'health' | 'snapshot' | 'requestSummaries'>): string {
  const p = renderParts({ health: plane.health(), snapshot: plane.snapshot(), requests: plane.requestSummaries({ limit: DASHBOARD_LIST_LIMIT }) });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>appset-mock dashboard</title>
<style>${DASHBOARD_STYLE}</style>
</head>
<body>
<header>
  <h1>appset-mock</h1>
  <span id="org-url">${p.orgUrl}</span>
  <span class="clock">clock <span id="clock">${p.clock}</span></span>
  <span id="status">as of page load</span>
  <button id="pause" type="button">Pause</button>
</header>
<main>
  <section id="org" aria-labelledby="org-title">
    <h2 id="org-title">Organization</h2>
    <div id="org-counts">${p.orgCounts}</div>
    <h2>Apps by status</h2><div id="apps">${p.apps}</div>
    <h2>Users</h2><div id="users">${p.users}</div>
    <h2>Groups</h2><div id="groups">${p.groups}</div>
    <h2>Assignments</h2><div id="assignments">${p.assignments}</div>
    <h2>Security events providers</h2><div id="providers">${p.providers}</div>
    <h2>Signals</h2><div id="signals">${p.signals}</div>
    <h2>System Log (latest first)</h2><div id="logs">${p.logs}</div>
  </section>
  <section id="journal" aria-labelledby="journal-title">
    <h2 id="journal-title">Requests (<span id="request-count">${p.requestCount}</span><span id="request-shown"></span>, latest first)</h2>
    <div id="filters" role="search">
      <label>method <select id="filter-method">${p.methodOptions}</select></label>
      <label>status <select id="filter-status">${p.statusOptions}</select></label>
      <label>path <input id="filter-path" type="search" placeholder="contains…" maxlength="200" autocomplete="off"></label>
    </div>
    <div id="requests">${p.requests}</div>
    <div id="detail" hidden></div>
  </section>
</main>
<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;
}
