// Named (server-side prepared) statements for the hottest queries on PostgreSQL: a statement whose text
// starts with `/* prepared: <name> */` is parsed and planned once per connection instead of at every call
// (the status read runs once per authenticated screen). Every other statement goes as before.
import type pg from 'pg';

const MARK = /^\/\* prepared: (\w{1,60}) \*\//;

/** Marks a statement for preparing under `name` (letters, digits, `_`). */
export const preparedSql = (name: string, sql: string) => `/* prepared: ${name} */ ${sql}`;

/** Installs the naming on a new pg client (pool.on('connect')). */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: any[]) => any;
  (client as any).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const m = typeof config === 'string' && typeof callback !== 'function' ? MARK.exec(config) : null;
    if (!m) return query(config, values, callback);
    const named = () => query({ name: m[1], text: config, values });
    return named().catch(async (err: any) => {
      // A migration changed a table under the prepared plan ("cached plan must not change result type"):
      // forget it on both sides and prepare it again once.
      if (err?.code !== '0A000') throw err;
      await query(`DEALLOCATE ${m[1]}`).catch(() => {});
      delete (client as any).connection?.parsedStatements?.[m[1]];
      return named();
    });
  };
}
