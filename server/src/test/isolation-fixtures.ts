// The safety batteries' fixtures in one import (the isolation matrix, fuzz, abuse and routes-defined-once tests in
// http/): the app with its route table (isolation-app.ts), a request as the cases describe it (isolation-requests.ts),
// A's world (isolation-world.ts) and what A reads back (isolation-reads.ts).

export { buildAppWithRoutes, routeKeys } from './isolation-app';
export { aReads, readAsA, type ReadKey } from './isolation-reads';
export { send, type Call, type Part } from './isolation-requests';
export { MARKER, mailServer, makeWorld, type World } from './isolation-world';
