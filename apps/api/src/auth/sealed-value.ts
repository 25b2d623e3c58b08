import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret value kept where the database can see it (a job's payload), encrypted with the
 * server's secret: a copy of the database alone does not give it away. AES-256-GCM under a
 * key of its own per purpose, `<iv><tag><ciphertext>` in base64url; a value sealed for one
 * purpose does not open for another.
 */
export function sealValue(secret: string, purpose: string, value: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The value, or undefined when it was sealed with another secret or purpose, or altered. */
export function openSealedValue(
  secret: string,
  purpose: string,
  sealed: string,
): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(secret, purpose),
    bytes.subarray(0, IV_BYTES),
  );
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    const opened = decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES));
    return Buffer.concat([opened, decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `basha-sealed:${purpose}`, 32));
}
