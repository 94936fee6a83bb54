/** The dashboard's style sheet, served inline under a Content-Security-Policy that allows it by its hash. */
export const DASHBOARD_STYLE = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0; }
header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; padding: .6rem 1rem; border-bottom: 1px solid #8884; }
header h1 { font-size: 1.1rem; margin: 0; }
#status.failed { color: #c33; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; padding: 1rem; }
section { min-width: 0; }
h2 { font-size: 1rem; margin: .8rem 0 .3rem; }
h3 { font-size: .95rem; margin: .5rem 0 .2rem; }
#org-counts { display: flex; gap: 1rem; flex-wrap: wrap; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; }
th, td { text-align: left; padding: .15rem .4rem; border-bottom: 1px solid #8883; vertical-align: top; overflow-wrap: anywhere; }
#requests tr[data-id] { cursor: pointer; }
#requests tr.error td:nth-child(4) { color: #c33; font-weight: 600; }
#requests tr.selected { outline: 2px solid #36c; }
.empty { color: #888; margin: .2rem 0; }
.sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; }
pre.body { white-space: pre-wrap; overflow-wrap: anywhere; background: #8881; padding: .5rem; max-height: 30rem; overflow: auto; }
.note { background: #fd04; padding: .3rem .5rem; }
@media (max-width: 900px) { main, .sides { grid-template-columns: minmax(0, 1fr); } }
`;
