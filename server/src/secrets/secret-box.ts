import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts the secrets users save (AI keys, mail passwords, calendar secrets) at rest with
 * AES-256-GCM, under a key derived from the server's SECRET_KEY (decisions.md item 5).
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'pipewise', 'stored-secrets', 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or null when the value was not sealed by this key (or was tampered with). */
  decrypt(sealed: string): string | null {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * What the browser may see of an API key: its last four characters at most, as the providers' own consoles show
 * them, so a person can tell which key is saved. Passwords show PASSWORD_MASK instead.
 */
export function maskSecret(plaintext: string): string {
  const visible = plaintext.length > 8 ? plaintext.slice(-4) : '';
  return `${'•'.repeat(8)}${visible}`;
}

/** A saved password as the browser sees it: that one is stored, and not one of its characters. */
export const PASSWORD_MASK = '••••••••';
