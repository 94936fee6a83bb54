// The dashboard's script, served inline under a Content-Security-Policy that allows it by its hash.
// The page arrives with the state already rendered (render.ts); the script refreshes it from the
// plane's JSON every second, filters the requests, and opens one. Everything it shows came from
// requests (labels, headers, bodies), so it builds the page with DOM calls and `textContent` only:
// no markup is ever parsed from data. Its tables are those render.ts writes: keep the two in step.

/** How many of the journal's latest requests the dashboard lists, at load and on each refresh. */
export const DASHBOARD_LIST_LIMIT = 200;

/** The script, as the page embeds it. */
export const DASHBOARD_SCRIPT = String.raw`
'use strict';
(function () {
  var POLL_MS = 1000;
  var LIST_LIMIT = ${DASHBOARD_LIST_LIMIT};
  var state = { selected: null, paused: false, lastRequests: '', lastState: '', requests: null, detailFor: null };

  function $(id) { return document.getElementById(id); }

  // Builds an element: props are attributes set by name (never an event handler, never markup),
  // children are elements or strings (added as text).
  function el(tag, props, children) {
    var node = document.createElement(tag);
    if (props) {
      Object.keys(props).forEach(function (name) {
        if (props[name] !== undefined && props[name] !== null) node.setAttribute(name, String(props[name]));
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  function table(headings, rows) {
    var head = el('tr', null, headings.map(function (h) { return el('th', null, [h]); }));
    return el('table', null, [el('thead', null, [head]), el('tbody', null, rows)]);
  }

  // Paths and routes break after / ? & = (a <wbr> element), never inside a segment: as render.ts writes them.
  var BREAK_AFTER = /(?<=[\/?&=])/;
  var BREAKING = ['path', 'route'];

  // A cell is a value (shown as text) or { text, class, title }.
  function cells(values, props) {
    return el('tr', props, values.map(function (v) {
      if (v === null || typeof v !== 'object') return el('td', null, [v === null || v === undefined ? '' : String(v)]);
      var text = v.text === null || v.text === undefined ? '' : String(v.text);
      var parts = [text];
      if (BREAKING.indexOf(v.class) !== -1) {
        parts = [];
        text.split(BREAK_AFTER).forEach(function (piece, i) { if (i > 0) parts.push(el('wbr')); parts.push(piece); });
      }
      return el('td', { class: v.class, title: v.title }, parts);
    }));
  }

  function empty(text) { return el('p', { class: 'empty' }, [text]); }
  function tableOr(headings, rows, none) { return rows.length ? table(headings, rows) : empty(none); }
  function id(value) { return { text: value, class: 'id' }; }
  function clockTime(iso) { return { text: iso.slice(11, 23), class: 'nowrap', title: iso }; }

  function getJson(path) {
    return fetch(path, { cache: 'no-store', headers: { accept: 'application/json' } }).then(function (response) {
      if (!response.ok) throw new Error(path + ' answered ' + response.status);
      return response.text();
    });
  }

  function setStatus(text, failed) {
    var status = $('status');
    status.textContent = text;
    status.className = failed ? 'failed' : '';
  }

  // ---- the organization ----
  function renderState(snapshot) {
    var apps = snapshot.apps.items.map(function (item) { return item.body; });
    var active = apps.filter(function (a) { return a.status === 'ACTIVE'; }).length;
    $('org-counts').replaceChildren(
      el('span', null, ['apps: ' + apps.length + ' (' + active + ' active, ' + (apps.length - active) + ' inactive)']),
      el('span', null, ['users: ' + snapshot.users.length]),
      el('span', null, ['groups: ' + snapshot.groups.length]),
      el('span', null, ['providers: ' + snapshot.providers.length]),
      el('span', null, ['System Log events: ' + snapshot.logs.length])
    );

    var appRows = [];
    ['ACTIVE', 'INACTIVE'].forEach(function (status) {
      var those = apps.filter(function (a) { return a.status === status; });
      if (those.length) appRows.push(el('tr', { class: 'group' }, [el('th', { colspan: 4 }, [status + ' (' + those.length + ')'])]));
      those.forEach(function (a) { appRows.push(cells([a.label, a.name, a.signOnMode, id(a.id)])); });
    });
    $('apps').replaceChildren(tableOr(['label', 'name', 'sign-on mode', 'id'], appRows, 'No apps.'));

    $('users').replaceChildren(tableOr(['login', 'name', 'status', 'id'], snapshot.users.map(function (u) {
      return cells([u.profile.login, [u.profile.firstName, u.profile.lastName].filter(Boolean).join(' '), u.status, id(u.id)]);
    }), 'No users.'));

    $('groups').replaceChildren(tableOr(['name', 'description', 'id'], snapshot.groups.map(function (g) {
      return cells([g.profile.name, g.profile.description, id(g.id)]);
    }), 'No groups.'));

    var groupNames = new Map(snapshot.groups.map(function (g) { return [g.id, g.profile.name]; }));
    var assignments = [];
    snapshot.apps.items.forEach(function (item) {
      item.users.forEach(function (u) { assignments.push(cells([item.body.label, 'user', u.credentials.userName, id(u.id), u.status])); });
      item.groups.forEach(function (g) {
        var name = groupNames.has(g.id) ? groupNames.get(g.id) : '(group not found)';
        assignments.push(cells([item.body.label, 'group', name, id(g.id), 'priority ' + g.priority]));
      });
    });
    $('assignments').replaceChildren(tableOr(['app', 'kind', 'user or group', 'id', 'status'], assignments, 'No assignments.'));

    $('providers').replaceChildren(tableOr(['name', 'issuer', 'status', 'id'], snapshot.providers.map(function (p) {
      return cells([p.name, p.settings.issuer, p.status, id(p.id)]);
    }), 'No security events providers.'));

    var signalRows = [];
    snapshot.signals.users.forEach(function (u) {
      signalRows.push(cells(['user', u.identifiers.join(', '), u.riskLevel || '', u.sessionsRevoked ? 'sessions revoked ' + u.sessionsRevoked : '']));
    });
    snapshot.signals.devices.forEach(function (d) {
      signalRows.push(cells(['device', d.identifiers.join(', '), d.riskLevel || '', d.compliance || '']));
    });
    $('signals').replaceChildren(tableOr(['subject', 'identifiers', 'risk', 'more'], signalRows, 'No signals received.'));

    var logs = snapshot.logs.slice(-50).reverse();
    $('logs').replaceChildren(tableOr(['published', 'event type', 'message', 'actor'], logs.map(function (e) {
      return cells([clockTime(e.published), e.eventType, e.displayMessage, e.actor && (e.actor.displayName || e.actor.id)]);
    }), 'No System Log events.'));
  }

  // ---- the journal ----
  function servedBy(entry) {
    if (entry.stub) return 'stub ' + entry.stub;
    if (entry.ingestion) {
      var i = entry.ingestion;
      return 'SET ' + i.outcome + (i.reason ? ': ' + i.reason : '') + (i.err ? ': ' + i.err : '');
    }
    if (entry.unmatched) return entry.unmatched.kind;
    return entry.route || '';
  }

  function statusChoices(statuses) {
    var exact = statuses.filter(function (s, i) { return statuses.indexOf(s) === i; }).sort(function (a, b) { return a - b; });
    var out = [];
    exact.forEach(function (status) {
      var family = Math.floor(status / 100) + 'xx';
      if (status >= 100 && out.indexOf(family) === -1) out.push(family);
      out.push(String(status));
    });
    return out;
  }

  // Refills a filter's choices, keeping the one picked even when no request has it any more.
  function refill(select, anyLabel, values) {
    var picked = select.value;
    if (picked && values.indexOf(picked) === -1) values = values.concat([picked]);
    select.replaceChildren.apply(select, [el('option', { value: '' }, [anyLabel])].concat(values.map(function (v) { return el('option', { value: v }, [v]); })));
    select.value = picked;
  }

  function filters() {
    return { method: $('filter-method').value, status: $('filter-status').value, path: $('filter-path').value.trim().toLowerCase() };
  }

  function statusMatches(status, wanted) {
    if (wanted === '') return true;
    if (/^\dxx$/.test(wanted)) return Math.floor(status / 100) === Number(wanted[0]) && status >= 100;
    return String(status) === wanted;
  }

  // Hides the rows the filters leave out: the rows as rendered, by the server (with the same data-* fields) or by renderRequests.
  function applyFilters() {
    var f = filters();
    var rows = document.querySelectorAll('#requests tr[data-id]');
    var shown = 0;
    rows.forEach(function (row) {
      var keep = (f.method === '' || row.getAttribute('data-method') === f.method) &&
        statusMatches(Number(row.getAttribute('data-status')), f.status) &&
        (f.path === '' || (row.getAttribute('data-path') || '').toLowerCase().indexOf(f.path) !== -1);
      row.hidden = !keep;
      if (keep) shown++;
    });
    var filtering = f.method !== '' || f.status !== '' || f.path !== '';
    $('request-shown').textContent = filtering ? ', ' + shown + ' shown' : '';
  }

  function renderRequests(requests) {
    state.requests = requests;
    $('request-count').textContent = String(requests.length);
    refill($('filter-method'), 'any method', requests.map(function (r) { return r.method.toUpperCase(); })
      .filter(function (m, i, all) { return all.indexOf(m) === i; }).sort());
    refill($('filter-status'), 'any status', statusChoices(requests.map(function (r) { return r.status; })));
    if (!requests.length) {
      $('requests').replaceChildren(empty('No requests yet.'));
      applyFilters();
      return;
    }
    var rows = requests.slice().reverse().map(function (r) {
      return cells([clockTime(r.time), { text: r.method, class: 'nowrap' }, { text: r.path, class: 'path' }, { text: r.status, class: 'nowrap status' }, r.errorCode || '', { text: servedBy(r), class: 'route' }], {
        'data-id': r.requestId,
        class: (r.status >= 400 || r.status === 0 ? 'error' : 'ok') + (r.requestId === state.selected ? ' selected' : ''),
        tabindex: '0',
        'data-method': r.method.toUpperCase(),
        'data-status': r.status,
        'data-path': r.path,
        'aria-expanded': r.requestId === state.selected ? 'true' : 'false',
      });
    });
    $('requests').replaceChildren(table(['time', 'method', 'path', 'status', 'error', 'served by'], rows));
    applyFilters();
  }

  // ---- one request, opened ----
  function pretty(body, encoding) {
    if (body === null) return '(no body)';
    if (encoding === 'base64') return '(binary, base64) ' + body;
    try { return JSON.stringify(JSON.parse(body), null, 2); } catch (e) { return body; }
  }

  function side(title, message) {
    var headerRows = Object.keys(message.headers).map(function (name) {
      return cells([{ text: name, class: 'nowrap' }, { text: message.headers[name], class: 'value' }]);
    });
    var size = message.bodySize + ' bytes' + (message.truncated ? ', cut: only the start is kept' : '');
    return el('div', { class: 'side' }, [
      el('h3', null, [title]),
      headerRows.length ? table(['header', 'value'], headerRows) : empty('No headers.'),
      message.headersTruncated ? el('p', { class: 'note' }, ['Some headers were left out past the journal\u2019s bound.']) : null,
      el('p', { class: 'size' }, ['body: ' + size]),
      el('pre', { class: 'body' }, [pretty(message.body, message.bodyEncoding)]),
    ]);
  }

  function nearMissList(closest) {
    if (!closest) return empty('Looking for the closest routes…');
    if (closest instanceof Error) return empty('The closest routes could not be read (' + closest.message + ').');
    if (!closest.length) return empty('No route is close to this request.');
    return el('ol', { class: 'near-misses' }, closest.map(function (miss) {
      return el('li', null, [
        el('code', null, [miss.route]),
        el('ul', null, miss.differences.map(function (d) { return el('li', null, [d.field + ': ' + d.message]); })),
      ]);
    }));
  }

  function stubText(stub) {
    if (stub === undefined) return 'looking it up…';
    if (stub === null) return 'no longer waiting (used up or removed)';
    return stub.method + ' ' + (stub.path === null ? stub.pathPattern : stub.path) + ' \u2192 ' + stub.status +
      ', used ' + stub.used + (stub.remaining === null ? '' : ', ' + stub.remaining + ' left');
  }

  function renderDetail(entry, extra) {
    var served = entry.stub ? 'stub ' + entry.stub : entry.route ? 'route ' + entry.route : 'no route or stub';
    var facts = [
      ['request', entry.method + ' ' + entry.path],
      ['status', entry.status + (entry.errorCode ? ' (' + entry.errorCode + ')' : '') + (entry.status === 0 ? ', connection dropped by a fault' : '')],
      ['served by', served],
      ['request id', entry.requestId],
      ['at', entry.time],
    ];
    if (entry.stub) facts.push(['stub', stubText(extra.stub)]);
    if (entry.ingestion) facts.push(['security event token', servedBy(entry)]);
    var parts = [
      el('div', { class: 'detail-head' }, [
        el('h2', null, ['Request ' + entry.requestId]),
        el('button', { type: 'button', id: 'close-detail' }, ['Close']),
      ]),
      el('dl', { class: 'facts' }, facts.reduce(function (all, f) { return all.concat([el('dt', null, [f[0]]), el('dd', null, [f[1]])]); }, [])),
    ];
    if (entry.ingestion && entry.ingestion.description) parts.push(el('p', { class: 'note' }, [entry.ingestion.description]));
    if (entry.unmatched) {
      parts.push(el('p', { class: 'note' }, [entry.unmatched.note]));
      parts.push(el('h3', null, ['Near misses']));
      parts.push(nearMissList(extra.closest));
    }
    parts.push(el('div', { class: 'sides' }, [side('Sent', entry.request), side('Answered', entry.response)]));
    $('detail').replaceChildren.apply($('detail'), parts);
    $('detail').hidden = false;
  }

  // Marks the open request's row (renderRequests marks it too, on each refresh).
  function markSelected() {
    document.querySelectorAll('#requests tr[data-id]').forEach(function (row) {
      var open = row.getAttribute('data-id') === state.selected;
      row.classList.toggle('selected', open);
      row.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }

  function closeDetail() {
    state.selected = null;
    $('detail').hidden = true;
    $('detail').replaceChildren();
    markSelected();
  }

  function select(id) {
    state.selected = id;
    markSelected();
    getJson('/__appset/requests/' + encodeURIComponent(id)).then(function (text) {
      if (state.selected !== id) return;
      var entry = JSON.parse(text);
      var extra = {};
      renderDetail(entry, extra);
      // Brought into view only when it opened out of sight: the list stays where the reader left it.
      if ($('detail').getBoundingClientRect().top > window.innerHeight - 80) $('detail').scrollIntoView({ block: 'start' });
      // What the entry does not hold: the stub as it waits, the routes an unserved request came closest to.
      if (entry.stub) {
        getJson('/__appset/stubs').then(function (stubs) {
          extra.stub = JSON.parse(stubs).stubs.filter(function (s) { return s.id === entry.stub; })[0] || null;
          if (state.selected === id) renderDetail(entry, extra);
        }).catch(function () {
          extra.stub = null;
          if (state.selected === id) renderDetail(entry, extra);
        });
      }
      if (entry.unmatched) {
        getJson('/__appset/requests/unmatched').then(function (unmatched) {
          var found = JSON.parse(unmatched).requests.filter(function (r) { return r.requestId === id; })[0];
          extra.closest = found ? found.closest : [];
          if (state.selected === id) renderDetail(entry, extra);
        }).catch(function (error) {
          extra.closest = error;
          if (state.selected === id) renderDetail(entry, extra);
        });
      }
    }).catch(function (error) {
      $('detail').replaceChildren(empty('This request is no longer in the journal (' + error.message + ').'));
      $('detail').hidden = false;
    });
  }

  function onPick(event) {
    var row = event.target.closest('tr[data-id]');
    if (!row) return;
    var id = row.getAttribute('data-id');
    if (id === state.selected) closeDetail(); else select(id);
  }

  function poll() {
    if (state.paused) return Promise.resolve();
    var requests = getJson('/__appset/requests?summary=true&limit=' + LIST_LIMIT).then(function (text) {
      if (text === state.lastRequests) return;
      state.lastRequests = text;
      renderRequests(JSON.parse(text).requests);
    });
    var org = getJson('/__appset/snapshot').then(function (text) {
      if (text === state.lastState) return;
      state.lastState = text;
      renderState(JSON.parse(text));
    });
    var health = getJson('/__appset/health').then(function (text) {
      var h = JSON.parse(text);
      $('org-url').textContent = h.orgUrl;
      $('clock').textContent = h.now;
    });
    return Promise.all([requests, org, health]).then(function () {
      setStatus('updated ' + new Date().toLocaleTimeString(), false);
    }, function (error) {
      setStatus('cannot reach the control plane: ' + error.message, true);
    });
  }

  function loop() {
    poll().then(function () { setTimeout(loop, POLL_MS); });
  }

  applyFilters();
  $('requests').addEventListener('click', onPick);
  $('requests').addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); onPick(event); } });
  $('detail').addEventListener('click', function (event) { if (event.target.id === 'close-detail') closeDetail(); });
  ['filter-method', 'filter-status'].forEach(function (name) { $(name).addEventListener('change', applyFilters); });
  $('filter-path').addEventListener('input', applyFilters);
  $('pause').addEventListener('click', function () {
    state.paused = !state.paused;
    $('pause').textContent = state.paused ? 'Resume' : 'Pause';
    setStatus(state.paused ? 'paused' : 'resuming', false);
  });
  loop();
})();
`;
