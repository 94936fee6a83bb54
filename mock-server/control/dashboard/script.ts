// The dashboard's script, served inline under a Content-Security-Policy that allows it by its hash.
// Everything it shows came from requests (labels, headers, bodies), so it builds the page with DOM
// calls and `textContent` only: no markup is ever parsed from data.

/** The script, as the page embeds it. */
export const DASHBOARD_SCRIPT = String.raw`
'use strict';
(function () {
  var POLL_MS = 1000;
  var LIST_LIMIT = 200;
  var state = { selected: null, paused: false, lastRequests: '', lastState: '', detail: null };

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

  function cells(values, props) {
    return el('tr', props, values.map(function (v) { return el('td', null, [v === null || v === undefined ? '' : String(v)]); }));
  }

  function empty(text) { return el('p', { class: 'empty' }, [text]); }

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
      apps.filter(function (a) { return a.status === status; }).forEach(function (a) {
        appRows.push(cells([status, a.label, a.name, a.signOnMode, a.id]));
      });
    });
    $('apps').replaceChildren(appRows.length ? table(['status', 'label', 'name', 'signOnMode', 'id'], appRows) : empty('No apps.'));

    $('users').replaceChildren(snapshot.users.length
      ? table(['login', 'name', 'status', 'id'], snapshot.users.map(function (u) {
        return cells([u.profile.login, [u.profile.firstName, u.profile.lastName].filter(Boolean).join(' '), u.status, u.id]);
      }))
      : empty('No users.'));

    $('groups').replaceChildren(snapshot.groups.length
      ? table(['name', 'description', 'id'], snapshot.groups.map(function (g) { return cells([g.profile.name, g.profile.description, g.id]); }))
      : empty('No groups.'));

    var assignments = [];
    snapshot.apps.items.forEach(function (item) {
      item.users.forEach(function (u) { assignments.push(cells([item.body.label, 'user', u.credentials.userName, u.id, u.status])); });
      item.groups.forEach(function (g) { assignments.push(cells([item.body.label, 'group', '', g.id, 'priority ' + g.priority])); });
    });
    $('assignments').replaceChildren(assignments.length ? table(['app', 'kind', 'user name', 'id', 'status'], assignments) : empty('No assignments.'));

    $('providers').replaceChildren(snapshot.providers.length
      ? table(['name', 'issuer', 'status', 'id'], snapshot.providers.map(function (p) { return cells([p.name, p.settings.issuer, p.status, p.id]); }))
      : empty('No security events providers.'));

    var signalRows = [];
    snapshot.signals.users.forEach(function (u) {
      signalRows.push(cells(['user', u.identifiers.join(', '), u.riskLevel || '', u.sessionsRevoked ? 'sessions revoked ' + u.sessionsRevoked : '']));
    });
    snapshot.signals.devices.forEach(function (d) {
      signalRows.push(cells(['device', d.identifiers.join(', '), d.riskLevel || '', d.compliance || '']));
    });
    $('signals').replaceChildren(signalRows.length ? table(['subject', 'identifiers', 'risk', 'more'], signalRows) : empty('No signals received.'));

    var logs = snapshot.logs.slice(-50).reverse();
    $('logs').replaceChildren(logs.length
      ? table(['published', 'event type', 'message', 'actor'], logs.map(function (e) {
        return cells([e.published, e.eventType, e.displayMessage, e.actor && (e.actor.displayName || e.actor.id)]);
      }))
      : empty('No System Log events.'));
  }

  // ---- the journal ----
  function outcome(entry) {
    if (entry.stub) return 'stub ' + entry.stub;
    if (entry.ingestion) {
      var i = entry.ingestion;
      return 'SET ' + i.outcome + (i.reason ? ': ' + i.reason : '') + (i.err ? ': ' + i.err : '');
    }
    if (entry.unmatched) return entry.unmatched.kind;
    return entry.route || '';
  }

  function renderRequests(requests) {
    $('request-count').textContent = String(requests.length);
    if (!requests.length) {
      $('requests').replaceChildren(empty('No requests yet.'));
      return;
    }
    var rows = requests.slice().reverse().map(function (r) {
      var row = cells([r.time, r.method, r.path, r.status, r.errorCode || '', outcome(r)], {
        'data-id': r.requestId,
        class: (r.status >= 400 || r.status === 0 ? 'error' : 'ok') + (r.requestId === state.selected ? ' selected' : ''),
        tabindex: '0',
      });
      return row;
    });
    $('requests').replaceChildren(table(['time', 'method', 'path', 'status', 'error', 'served by'], rows));
  }

  function pretty(body, encoding) {
    if (body === null) return '(no body)';
    if (encoding === 'base64') return '(binary, base64) ' + body;
    try { return JSON.stringify(JSON.parse(body), null, 2); } catch (e) { return body; }
  }

  function side(title, message) {
    var headerRows = Object.keys(message.headers).map(function (name) { return cells([name, message.headers[name]]); });
    var size = message.bodySize + ' bytes' + (message.truncated ? ', cut: only the start is kept' : '');
    return el('div', { class: 'side' }, [
      el('h3', null, [title]),
      headerRows.length ? table(['header', 'value'], headerRows) : empty('No headers.'),
      el('p', { class: 'size' }, ['body: ' + size]),
      el('pre', { class: 'body' }, [pretty(message.body, message.bodyEncoding)]),
    ]);
  }

  function renderDetail(entry) {
    var facts = [
      entry.method + ' ' + entry.path,
      'status ' + entry.status + (entry.errorCode ? ' (' + entry.errorCode + ')' : ''),
      'request id ' + entry.requestId,
      'at ' + entry.time,
      'served by ' + (entry.stub ? 'stub ' + entry.stub : entry.route || 'no route'),
    ];
    var notes = [];
    if (entry.ingestion) notes.push(el('p', { class: 'note' }, ['security event token: ' + outcome(entry)]));
    if (entry.unmatched) notes.push(el('p', { class: 'note' }, [entry.unmatched.note]));
    $('detail').replaceChildren(
      el('h2', null, ['Request ' + entry.requestId]),
      el('ul', null, facts.map(function (f) { return el('li', null, [f]); })),
      el('div', null, notes),
      el('div', { class: 'sides' }, [side('Sent', entry.request), side('Answered', entry.response)])
    );
    $('detail').hidden = false;
  }

  function select(id) {
    state.selected = id;
    getJson('/__appset/requests/' + encodeURIComponent(id)).then(function (text) {
      state.detail = JSON.parse(text);
      renderDetail(state.detail);
      renderRequests(JSON.parse(state.lastRequests || '{"requests":[]}').requests);
    }).catch(function (error) {
      $('detail').replaceChildren(empty('This request is no longer in the journal (' + error.message + ').'));
      $('detail').hidden = false;
    });
  }

  function onPick(event) {
    var row = event.target.closest('tr[data-id]');
    if (row) select(row.getAttribute('data-id'));
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

  $('requests').addEventListener('click', onPick);
  $('requests').addEventListener('keydown', function (event) { if (event.key === 'Enter') onPick(event); });
  $('pause').addEventListener('click', function () {
    state.paused = !state.paused;
    $('pause').textContent = state.paused ? 'Resume' : 'Pause';
    setStatus(state.paused ? 'paused' : 'resuming', false);
  });
  loop();
})();
`;
