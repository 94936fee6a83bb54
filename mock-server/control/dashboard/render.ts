// The dashboard's first paint, rendered on the server: the organization and the journal as they are
// when the page is asked for, so that the page holds them before its script runs (a screenshot at
// load, a browser without JavaScript). Every value came from requests (labels, paths, errors), so
// every one is HTML-escaped here, in text and in attributes alike. The script (script.ts) renders
// the same tables from the plane's JSON on each refresh: keep the two in step (the browser test
// compares them).
import type { Snapshot } from '../snapshot-schema';
import type { JournalSummary } from '../requests/journal';
import type { MockHealth } from '../plane';

/** What the first paint shows. */
export interface DashboardState {
  health: MockHealth;
  snapshot: Snapshot;
  /** The journal's last entries, oldest first, as `GET /__appset/requests?summary=true` lists them. */
  requests: readonly JournalSummary[];
}

/** The parts of the page filled from the state, each the inner HTML of its element. */
export interface RenderedParts {
  orgUrl: string;
  clock: string;
  orgCounts: string;
  apps: string;
  users: string;
  groups: string;
  assignments: string;
  providers: string;
  signals: string;
  logs: string;
  requestCount: string;
  methodOptions: string;
  statusOptions: string;
  requests: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and for a double-quoted attribute value. */
function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Attributes = Record<string, string | number | null | undefined>;

function attributes(attrs: Attributes | undefined): string {
  if (!attrs) return '';
  let out = '';
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) out += ` ${name}="${escapeHtml(value)}"`;
  return out;
}

/** A cell: its text, and its class when the column needs one (see style.ts). */
type Cell = string | number | null | undefined | { text: unknown; class?: string; title?: string };

/** Where a path or a route may break: after `/`, `?`, `&` and `=`, never inside a segment. */
const BREAK_AFTER = /(?<=[/?&=])/;

/** Classes of cells holding paths and routes, which break only where {@link BREAK_AFTER} says (`<wbr>`). */
const BREAKING = new Set(['path', 'route']);

function cellHtml(cell: Cell): string {
  if (cell === null || typeof cell !== 'object') return `<td>${escapeHtml(cell)}</td>`;
  const text = cell.text === null || cell.text === undefined ? '' : String(cell.text);
  const inner = cell.class !== undefined && BREAKING.has(cell.class) ? text.split(BREAK_AFTER).map(escapeHtml).join('<wbr>') : escapeHtml(text);
  return `<td${attributes({ class: cell.class, title: cell.title })}>${inner}</td>`;
}

function row(cells: readonly Cell[], attrs?: Attributes): string {
  return `<tr${attributes(attrs)}>${cells.map(cellHtml).join('')}</tr>`;
}

function table(headings: readonly string[], rows: readonly string[]): string {
  return `<table><thead><tr>${headings.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function empty(text: string): string {
  return `<p class="empty">${escapeHtml(text)}</p>`;
}

function tableOr(headings: readonly string[], rows: readonly string[], none: string): string {
  return rows.length ? table(headings, rows) : empty(none);
}

const id = (value: unknown): Cell => ({ text: value, class: 'id' });

/** `2026-01-02T03:04:05.678Z` as `03:04:05.678`, the date kept for the cell's title. */
function clockTime(iso: string): Cell {
  return { text: iso.slice(11, 23), class: 'nowrap', title: iso };
}

/** What served a request, in a few words (the detail panel says more). */
function servedBy(entry: JournalSummary): string {
  if (entry.stub) return `stub ${entry.stub}`;
  if (entry.ingestion) {
    const i = entry.ingestion;
    return `SET ${i.outcome}${'reason' in i ? `: ${i.reason}` : ''}${'err' in i ? `: ${i.err}` : ''}`;
  }
  if (entry.unmatched) return entry.unmatched.kind;
  return entry.route ?? '';
}

/** The status classes and the statuses present, as the status filter offers them (`2xx`, `200`, `201`, `4xx`, `404`…). */
function statusChoices(statuses: readonly number[]): string[] {
  const exact = [...new Set(statuses)].sort((a, b) => a - b);
  const out: string[] = [];
  for (const status of exact) {
    const family = `${Math.floor(status / 100)}xx`;
    if (status >= 100 && !out.includes(family)) out.push(family);
    out.push(String(status));
  }
  return out;
}

function options(anyLabel: string, values: readonly string[]): string {
  return `<option value="">${escapeHtml(anyLabel)}</option>${values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`).join('')}`;
}

type AppBody = Snapshot['apps']['items'][number]['body'];

/** The parts of the page filled from the state, escaped. */
export function renderParts(state: DashboardState): RenderedParts {
  const { snapshot, health } = state;
  const apps: AppBody[] = snapshot.apps.items.map((item) => item.body);
  const active = apps.filter((a) => a.status === 'ACTIVE').length;
  const counts = [
    `apps: ${apps.length} (${active} active, ${apps.length - active} inactive)`,
    `users: ${snapshot.users.length}`,
    `groups: ${snapshot.groups.length}`,
    `providers: ${snapshot.providers.length}`,
    `System Log events: ${snapshot.logs.length}`,
  ];

  const appRows: string[] = [];
  // Grouped under one heading row per status rather than a status column: the table stays narrow enough for half a window.
  for (const status of ['ACTIVE', 'INACTIVE']) {
    const those = apps.filter((a) => a.status === status);
    if (those.length) appRows.push(`<tr class="group"><th colspan="4">${escapeHtml(`${status} (${those.length})`)}</th></tr>`);
    for (const a of those) appRows.push(row([a.label, a.name, a['signOnMode'] as string | undefined, id(a.id)]));
  }

  const groupNames = new Map(snapshot.groups.map((g) => [g.id, g.profile.name]));
  const assignments: string[] = [];
  for (const item of snapshot.apps.items) {
    for (const u of item.users) assignments.push(row([item.body.label, 'user', u.credentials.userName, id(u.id), u.status]));
    for (const g of item.groups) assignments.push(row([item.body.label, 'group', groupNames.get(g.id) ?? '(group not found)', id(g.id), `priority ${g.priority}`]));
  }

  const signalRows = [
    ...snapshot.signals.users.map((u) => row(['user', u.identifiers.join(', '), u.riskLevel ?? '', u.sessionsRevoked ? `sessions revoked ${u.sessionsRevoked}` : ''])),
    ...snapshot.signals.devices.map((d) => row(['device', d.identifiers.join(', '), d.riskLevel ?? '', d.compliance ?? ''])),
  ];

  const logs = snapshot.logs.slice(-50).reverse();
  const requests = state.requests;
  const methods = [...new Set(requests.map((r) => r.method.toUpperCase()))].sort();

  return {
    orgUrl: escapeHtml(health.orgUrl),
    clock: escapeHtml(health.now),
    orgCounts: counts.map((c) => `<span>${escapeHtml(c)}</span>`).join(''),
    apps: tableOr(['label', 'name', 'sign-on mode', 'id'], appRows, 'No apps.'),
    users: tableOr(
      ['login', 'name', 'status', 'id'],
      snapshot.users.map((u) => row([u.profile.login, [u.profile.firstName, u.profile.lastName].filter(Boolean).join(' '), u.status, id(u.id)])),
      'No users.',
    ),
    groups: tableOr(['name', 'description', 'id'], snapshot.groups.map((g) => row([g.profile.name, g.profile.description, id(g.id)])), 'No groups.'),
    assignments: tableOr(['app', 'kind', 'user or group', 'id', 'status'], assignments, 'No assignments.'),
    providers: tableOr(
      ['name', 'issuer', 'status', 'id'],
      snapshot.providers.map((p) => row([p.name, p.settings.issuer, p.status, id(p.id)])),
      'No security events providers.',
    ),
    signals: tableOr(['subject', 'identifiers', 'risk', 'more'], signalRows, 'No signals received.'),
    logs: tableOr(
      ['published', 'event type', 'message', 'actor'],
      logs.map((e) => {
        const actor = e['actor'] as { displayName?: string; id?: string } | undefined;
        return row([clockTime(e.published), e.eventType, e['displayMessage'] as string | undefined, actor && (actor.displayName || actor.id)]);
      }),
      'No System Log events.',
    ),
    requestCount: escapeHtml(requests.length),
    methodOptions: options('any method', methods),
    statusOptions: options('any status', statusChoices(requests.map((r) => r.status))),
    requests: requests.length
      ? table(
          ['time', 'method', 'path', 'status', 'error', 'served by'],
          requests
            .slice()
            .reverse()
            .map((r) =>
              row([clockTime(r.time), { text: r.method, class: 'nowrap' }, { text: r.path, class: 'path' }, { text: r.status, class: 'nowrap status' }, r.errorCode ?? '', { text: servedBy(r), class: 'route' }], {
                'data-id': r.requestId,
                class: r.status >= 400 || r.status === 0 ? 'error' : 'ok',
                tabindex: 0,
                'data-method': r.method.toUpperCase(),
                'data-status': r.status,
                'data-path': r.path,
                'aria-expanded': 'false',
              }),
            ),
        )
      : empty('No requests yet.'),
  };
}
