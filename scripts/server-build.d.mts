// Types for server-build.mjs (plain JavaScript, so that scripts/start.mjs can run it before any compiler runs).
/** dist/server/start.js: the server `npm start` and the Docker image run. */
export const SERVER_BUNDLE: string;
/** True when the bundle is missing or older than one of its inputs. */
export function serverBuildIsStale(): boolean;
/** Builds dist/server/start.js; returns the ms it took. */
export function buildServer(): Promise<number>;
/** Builds the server when its bundle is stale. */
export function ensureServerBuild(log?: (line: string) => void): Promise<void>;
