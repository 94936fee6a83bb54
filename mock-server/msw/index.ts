// The public surface of `appset/mock-server/msw`: the backend as msw handlers. Needs msw installed.
export { createHandlers } from './handlers';
