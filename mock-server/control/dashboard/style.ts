/** The dashboard's style sheet, served inline under a Content-Security-Policy that allows it by its hash. */
export const DASHBOARD_STYLE = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; --line: #8884; --soft: #8881; --accent: #36c; --bad: #c33; }
body { margin: 0; }
header { display: flex; gap: 1.2rem; align-items: baseline; flex-wrap: wrap; padding: .6rem 1rem; border-bottom: 1px solid var(--line); background: Canvas; }
header h1 { font-size: 1.1rem; margin: 0; }
header .clock, #status { color: GrayText; }
#pause { margin-left: auto; }
#status.failed { color: var(--bad); font-weight: 600; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1.5rem; padding: 0 1rem 1rem; align-items: start; }
section { min-width: 0; }
#journal { container-type: inline-size; }
h2 { font-size: 1rem; margin: 1rem 0 .35rem; }
h3 { font-size: .95rem; margin: .7rem 0 .3rem; }
#org-counts { display: flex; gap: .4rem 1rem; flex-wrap: wrap; }
tr.group th { border-bottom: 1px solid var(--line); padding-top: .5rem; color: GrayText; font-size: .8rem; letter-spacing: .03em; }
#org-counts span { background: var(--soft); border-radius: .3rem; padding: .05rem .4rem; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; }
th { text-align: left; white-space: nowrap; font-weight: 600; padding: .2rem .4rem; border-bottom: 2px solid var(--line); }
td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
td.nowrap, td.id { white-space: nowrap; }
td.id, td.path, td.value, pre.body, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .8rem; }
td.id { color: GrayText; }
td.value { overflow-wrap: anywhere; }
#org > div { overflow-x: auto; }
#requests { max-height: 55vh; overflow: auto; border: 1px solid var(--line); border-radius: .3rem; }
#requests thead th { position: sticky; top: 0; background: Canvas; }
#requests tr[data-id] { cursor: pointer; }
#requests tr[data-id]:hover td, #requests tr[data-id]:focus td { background: var(--soft); }
#requests tr.error td.status { color: var(--bad); font-weight: 600; }
#requests tr.selected td { background: #36c4; }
#requests tr.selected td:first-child { box-shadow: inset 3px 0 var(--accent); }
#requests .empty { padding: .4rem; }
#filters { display: flex; gap: .5rem 1rem; flex-wrap: wrap; align-items: center; margin: 0 0 .5rem; }
#filters label { display: flex; gap: .35rem; align-items: center; color: GrayText; }
#filters input { width: 14rem; }
#detail { margin-top: 1rem; border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: .3rem; padding: 0 .8rem .8rem; }
.detail-head { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .15rem 1rem; margin: .3rem 0; }
dl.facts dt { color: GrayText; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.empty { color: GrayText; margin: .2rem 0; }
.sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; }
pre.body { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--soft); padding: .5rem; margin: .3rem 0 0; max-height: 30rem; overflow: auto; }
.size { margin: .4rem 0 0; color: GrayText; }
.note { background: #fd04; padding: .3rem .5rem; border-radius: .2rem; }
ol.near-misses { margin: .2rem 0; padding-left: 1.4rem; }
ol.near-misses ul { margin: .1rem 0 .4rem; padding-left: 1.1rem; }
#journal:has(#detail:not([hidden])) #requests { max-height: 35vh; }
@media (min-width: 1101px) { #journal { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; padding-bottom: 1rem; } }
@media (max-width: 1100px) { main { grid-template-columns: minmax(0, 1fr); } #journal { order: -1; } }
@container (max-width: 760px) { .sides { grid-template-columns: minmax(0, 1fr); } }
`;
