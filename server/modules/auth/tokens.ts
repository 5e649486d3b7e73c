import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret handed out once (a session, a password reset link, the setup link): 32 random bytes.
 * Only its hash is stored, so a copy of the database opens nothing.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
