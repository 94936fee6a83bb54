// The public surface of `appset/mock-server/node`: the backend served over HTTP. Node.js only.
export { listen } from '../server/listen';
export type { ListenOptions, RequestLogEntry, RunningServer } from '../server/listen';
export type { CorsOrigins } from '../server/cors';
