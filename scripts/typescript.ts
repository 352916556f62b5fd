// TypeScript's compiler API for the code checks (the layering, SQL's home, unused members), loaded as the
// CommonJS module it is. Imported as ESM, Node would first parse its 9 MB to tell its module format and then
// again for its named exports: about 0.4 CPU-seconds more in every test worker that loads it.
import { createRequire } from 'node:module';

const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');
export default ts;
