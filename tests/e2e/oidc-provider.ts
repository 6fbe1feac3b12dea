// A real OpenID Connect provider on 127.0.0.1 for the sign-in tests: oidc-provider with its
// development login and consent pages, one confidential client (Cooper Home), PKCE required.
// Any login is accepted; the login is the account's e-mail, and its name comes from the e-mail.
import http from 'node:http'
import Provider, { type AccountClaims } from 'oidc-provider'

export type OidcProviderOptions = {
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  redirectUri: string
}

/** "quinn.harper+k3v9@example.test" → "Quinn Harper": readable names for unique test e-mails. */
export function nameForLogin(login: string): string {
  const local = login.split('@')[0]!.split('+')[0]!
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
}

export async function startOidcProvider(options: OidcProviderOptions) {
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['cooper-home-e2e-oidc-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount(_ctx, id) {
      const email = id.trim().toLowerCase()
      return {
        accountId: email,
        claims: (): AccountClaims => ({ sub: email, email, email_verified: true, name: nameForLogin(email) }),
      }
    },
  })
  provider.on('server_error', (_ctx, error) => console.error('OIDC provider error:', error))

  const server = http.createServer(provider.callback())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', resolve)
  })
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
