import { createHmac } from 'node:crypto';

/**
 * The reverse pickup's code (decision 076): 4 digits derived from the return's id with a server secret
 * (HMAC-SHA256, server_keys 'return-pickup-codes'), so nothing readable is stored, the requester's screens
 * can show it at any time and the courier's typed code is compared in constant time. A new secret changes
 * every open code, as rotating the key should.
 */
export function pickupCodeOf(secret: Buffer, returnId: number): string {
  const digest = createHmac('sha256', secret).update(`return-pickup:${returnId}`).digest();
  return String(digest.readUInt32BE(0) % 10_000).padStart(4, '0');
}
