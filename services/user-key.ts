// The keyed hash of a Telegram id: what a deleted account leaves behind is filed under it (its limits still in
// their window, the erased-user marker, the generation of its sign-in tokens), never under the id. Keyed with
// the server secret, so a copy of the database alone does not tell which ids they are (an unkeyed hash of a
// ten-digit id is reversed by trying them all).
import crypto from 'node:crypto';

/** HMAC-SHA256 of the id with the server secret, base64url. */
export const userKey = (serverSecret: string, userId: number): string =>
  crypto.createHmac('sha256', serverSecret).update(`tarot-user:${userId}`).digest('base64url');

/** The keyed hash of a client address (sign-ins counted per address without storing it). */
export const addressKey = (serverSecret: string, address: string): string =>
  crypto.createHmac('sha256', serverSecret).update(`tarot-address:${address}`).digest('base64url');

/** The erased-user marker as it was written before the server secret (0028 keeps those rows as `legacy`). */
export const legacyErasedMarker = (userId: number): string =>
  crypto.createHash('sha256').update(`tarot-erased:${userId}`).digest('base64url');
