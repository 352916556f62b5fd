// The shipped weights as text: signed bytes in base64, written by the training script and read by the models.
// Coded here rather than with Buffer or atob, so that domain/ stays portable and pure.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function encodeBytes(bytes: Int8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] & 0xff;
    const b = i + 1 < bytes.length ? bytes[i + 1] & 0xff : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] & 0xff : 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

export function decodeBytes(text: string): Int8Array {
  const out = new Int8Array(Math.floor((text.replace(/=+$/, '').length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let k = 0;
  for (let i = 0; i < text.length && text[i] !== '='; i++) {
    acc = ((acc << 6) | ALPHABET.indexOf(text[i])) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = ((acc >> bits) << 24) >> 24;
    }
  }
  return out;
}

/** A stored target: bias, and weights as signed bytes × scale. */
export interface StoredTarget {
  bias: number;
  scale: number;
  weights: string;
}

/** A stored target as the scorer reads it; throws when its size is not the features' (a stale file). */
export function decodeTarget(stored: StoredTarget, buckets: number): { bias: number; weights: Float32Array } {
  const bytes = decodeBytes(stored.weights);
  if (bytes.length !== buckets) throw new Error(`care model: ${bytes.length} weights for ${buckets} buckets; run npm run train:care`);
  return { bias: stored.bias, weights: Float32Array.from(bytes, (b) => b * stored.scale) };
}
