// The token of an invitation to join an application is derived, not stored: an HMAC of the invitation's
// id and expiry under a key derived from the auth secret. The database keeps its SHA-256, and the mail job
// carries only the invitation's id and expiry, recomputing the link when it sends. Inviting again moves the
// expiry, so the old token's hash no longer matches the row and the old link stops working.
import crypto from 'node:crypto'

const KEY_LABEL = 'cooper-application-invite'

// Until the services configure it, a key of this process's own: links then work until a restart.
let inviteKey = crypto.randomBytes(32)

/** Keys the invitations with a key derived from the auth secret (not the secret itself). Called once at start. */
export function configureInviteTokens({ authSecret }: { authSecret: string }): void {
  inviteKey = crypto.createHmac('sha256', authSecret).update(KEY_LABEL).digest()
}

/** The token of one invitation as it stands: 43 base64url characters. */
export function inviteToken(inviteId: number, expiresAt: Date): string {
  return crypto.createHmac('sha256', inviteKey).update(`${inviteId}\n${expiresAt.getTime()}`).digest('base64url')
}

export const hashInviteToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
