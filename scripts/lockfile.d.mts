// Types for lockfile.mjs.
/** SHA-256 of `<root>/package-lock.json`, or '' when there is none. */
export function lockfileHash(root: string): string;
