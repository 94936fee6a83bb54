// `GET /__appset/`: one self-contained page (no build step, no other file, works offline) showing the
// organization and the request journal, polling the plane's JSON endpoints.
import { sha256 } from '../../security-events/sha256';
import { DASHBOARD_SCRIPT } from './script';
import { DASHBOARD_STYLE } from './style';

/** The page and the headers it is served with. */
export interface DashboardPage {
  html: string;
  /** A strict Content-Security-Policy (the inline script and style allowed by their hashes only) and its companions. */
  headers: Array<[string, string]>;
}

/** The CSP source allowing one inline text by its SHA-256 (base64, as CSP spells hashes). */
function hashSource(text: string): string {
  const bytes = sha256(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

const BODY = `<header>
  <h1>appset-mock</h1>
  <span id="org-url"></span>
  <span>clock <span id="clock"></span></span>
  <span id="status">loading…</span>
  <button id="pause" type="button">Pause</button>
</header>
<main>
  <section aria-labelledby="org-title">
    <h2 id="org-title">Organization</h2>
    <div id="org-counts"></div>
    <h2>Apps by status</h2><div id="apps"></div>
    <h2>Users</h2><div id="users"></div>
    <h2>Groups</h2><div id="groups"></div>
    <h2>Assignments</h2><div id="assignments"></div>
    <h2>Security events providers</h2><div id="providers"></div>
    <h2>Signals</h2><div id="signals"></div>
    <h2>System Log (latest first)</h2><div id="logs"></div>
  </section>
  <section aria-labelledby="journal-title">
    <h2 id="journal-title">Requests (<span id="request-count">0</span>, latest first)</h2>
    <div id="requests"></div>
    <div id="detail" hidden></div>
  </section>
</main>`;

let page: DashboardPage | undefined;

/** The dashboard, built once. */
export function dashboardPage(): DashboardPage {
  page ??= {
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>appset-mock dashboard</title>
<style>${DASHBOARD_STYLE}</style>
</head>
<body>
${BODY}
<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`,
    headers: [
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
    ],
  };
  return page;
}
