// Copy and price variants are chosen by hashing the user id with 32-bit FNV-1a, so a user always sees the same variant.

const FNV_OFFSET = 0x811c9dc5;
const fnvByte = (hash: number, byte: number) => Math.imul(hash ^ byte, 0x01000193) >>> 0;

/**
 * FNV-1a 32-bit over the UTF-8 bytes of `input` (a lone surrogate counts as U+FFFD, as TextEncoder writes it);
 * an unsigned 32-bit integer. `hash` continues a hash already taken over a prefix: fnv1a32(b, fnv1a32(a)) is
 * fnv1a32(a + b). The bytes are worked out from the characters, without encoding the string: a reading hashes
 * its seed for every phrase it picks.
 */
export function fnv1a32(input: string, hash = FNV_OFFSET): number {
  for (let i = 0; i < input.length; i++) {
    let code = input.charCodeAt(i);
    if (code < 0x80) {
      hash = fnvByte(hash, code);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = input.charCodeAt(i + 1);
      if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else code = 0xfffd;
    }
    if (code < 0x800) hash = fnvByte(fnvByte(hash, 0xc0 | (code >> 6)), 0x80 | (code & 0x3f));
    else if (code < 0x10000) hash = fnvByte(fnvByte(fnvByte(hash, 0xe0 | (code >> 12)), 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
    else {
      hash = fnvByte(fnvByte(hash, 0xf0 | (code >> 18)), 0x80 | ((code >> 12) & 0x3f));
      hash = fnvByte(fnvByte(hash, 0x80 | ((code >> 6) & 0x3f)), 0x80 | (code & 0x3f));
    }
  }
  return hash;
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
