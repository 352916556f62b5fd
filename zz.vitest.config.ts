import base from './vitest.config';
const cfg: any = base;
for (const p of cfg.test.projects) p.test.setupFiles = ['./zz-cpu-setup.ts'];
export default cfg;
