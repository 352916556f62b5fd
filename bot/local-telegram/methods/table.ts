// What every method file returns: methods by name. Apart from index.ts so that the files it gathers do not
// import it back.
import type { Params } from '../rules';

/** `signal` aborts when the bot hangs up (a long poll stops waiting). */
type BotApiMethod = (params: Params, call: { signal?: AbortSignal }) => unknown | Promise<unknown>;
export type MethodTable = Record<string, BotApiMethod>;
