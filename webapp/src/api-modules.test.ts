// Screens and components reach the network only through the API modules, so every call carries the same
// headers, errors and types: `fetch` appears nowhere else in the web app.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(__dirname);
const isApiModule = (rel: string) => rel === 'api.ts' || rel === 'payments/client.ts' || rel.endsWith('-api.ts');

it('only the API modules call fetch', () => {
  const offenders = (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((rel) => /\.(ts|tsx)$/.test(rel) && !/\.test\.tsx?$/.test(rel))
    .filter((rel) => !isApiModule(rel.split(path.sep).join('/')))
    .filter((rel) => /\bfetch\(/.test(fs.readFileSync(path.join(SRC, rel), 'utf8')));
  expect(offenders).toEqual([]);
});
