// Copy and price variants are chosen by hashing the user id with 32-bit FNV-1a, so a user always sees the same variant.

/** FNV-1a 32-bit over the UTF-8 bytes of `input`; an unsigned 32-bit integer. */
export function fnv1a32(input: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(input)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Picks one of `variants` for a user, stably; `variants[0]` (the default, e.g. 'A') for a missing id. */
export function chooseVariant<T>(userId: number | string | null | undefined, variants: readonly T[], salt = ''): T {
  if (userId === null || userId === undefined || userId === '') return variants[0];
  return variants[fnv1a32(`${salt}${userId}`) % variants.length];
}

/**
 * One 32-bit FNV-1a hash of the user id, and each choice reads its own bits of it (tone the lowest, the price
 * variant the next): the choices are independent without salting the id.
 */
export function variantFromBits<T>(userId: number | string | null | undefined, variants: readonly T[], shift: number): T {
  if (userId === null || userId === undefined || userId === '') return variants[0];
  return variants[(fnv1a32(String(userId)) >>> shift) % variants.length];
}
