// The public surface of `appset/mock-server/node`: the backend served over HTTP. Node.js only.
export { listen } from './listen';
export type { ListenOptions, RequestLogEntry, RunningServer } from './listen';
export type { CorsOrigins } from './cors';
