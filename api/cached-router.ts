// The app's router: Hono's own, with its answer for each path without parameters remembered. Our routes do
// not fit Hono's RegExpRouter (a fixed path beside a parameter at the same place: /api/readings/in-progress
// and /api/readings/:id), so Hono falls back to its TrieRouter, which walks the tree, collects the matching
// handlers and sorts them on every request: about 3 % of a status call's CPU (docs/operations.md).
import type { Params, ParamIndexMap, Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { BoundedMap } from '../domain/text/bounded-map';

/** Paths remembered per method: any path may be asked for, so the oldest go. */
const REMEMBERED_PATHS = 1000;

/** Whether a match took nothing from the path (no `:param`): then the same path always matches the same. */
function parameterFree<T>(result: Result<T>): boolean {
  if (result.length === 2) return result[1].length === 0;
  for (const [, params] of result[0] as [T, Params | ParamIndexMap][]) for (const _ in params) return false;
  return true;
}

export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  readonly #inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #matched = new Map<string, BoundedMap<string, Result<T>>>();

  add(method: string, path: string, handler: T): void {
    this.#matched.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    let byPath = this.#matched.get(method);
    const known = byPath?.get(path);
    if (known) return known;
    const result = this.#inner.match(method, path);
    // The result is only read (Hono's context takes the handlers and parameters from it): it can be shared.
    if (parameterFree(result)) {
      if (!byPath) this.#matched.set(method, (byPath = new BoundedMap(REMEMBERED_PATHS)));
      byPath.set(path, result);
    }
    return result;
  }
}
