// better-auth for Cooper Home: e-mail + password with verification and reset by e-mail, an optional
// second factor (an authenticator app, with backup codes), passkeys, optional OpenID Connect sign-in, sessions in httpOnly SameSite=Lax cookies, rate limits in the database.
import { loopbackOrigins, relink } from '#server/link-origin.server.ts'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth, twoFactor } from 'better-auth/plugins'
import { passkey } from '@better-auth/passkey'
import { siteConfig } from '#common/site-config.ts'
import { VERIFICATION_LINK_HOURS } from '#common/accounts/auth-schemas.ts'
import type { Config } from '#server/config.server.ts'
import type { Database } from '#server/db/client.server.ts'
import { recordSignUpAcceptance, termsLabelForSignUp } from '#server/content/index.server.ts'
import * as schema from '#server/db/schema.ts'
import type { Logger } from '#server/logger.server.ts'
import type { Mailer } from '#server/mail/mailer.server.ts'
import { createAuthHooks, type QueueJob } from './auth-hooks.server.ts'
import { queueFactorChangeNotice } from './factor-notices.server.ts'
import { normalizeEmail } from '#common/accounts/email.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.server.ts'
import { createProfile } from './profile.server.ts'
import { AUTH_RATE_LIMITS, betterAuthRateLimitStorage } from './rate-limit.server.ts'
import { refuseBannedSession } from './bans.server.ts'
import { clearSignInFailures } from './sign-in-failures.server.ts'
import { signInMethodOf } from './sign-in-method.server.ts'
import { TWO_FACTOR_OPTIONS, factorChangeOfUserUpdate } from './two-factor-rules.server.ts'

export { EMAIL_TAKEN_MESSAGE } from './auth-results.server.ts'

export const OIDC_PROVIDER_ID = 'oidc'

export type AuthOptions = {
  config: Pick<Config, 'publicUrl' | 'PUBLIC_URL' | 'PORT' | 'oidc' | 'RATE_LIMIT'> & { secret: string }
  database: Database
  mailer: Mailer
  logger: Logger
  /** Queues a background job; the hooks send reset links and sign-in warnings through jobs. */
  queueJob: QueueJob
}

export function createAuth({ config, database, mailer, logger, queueJob }: AuthOptions) {
  const { db } = database
  const sendMail = (mail: Parameters<Mailer['send']>[0]) =>
    mailer.send(mail).catch((error: unknown) => logger.error({ err: error, to: mail.to }, 'mail failed'))

  return betterAuth({
    appName: siteConfig.name,
    // better-auth's own messages go to the app's log instead of the console. At 'info', it does not
    // also print every refused request (a wrong password, a taken e-mail) to the console.
    logger: {
      level: 'info',
      log(level, message, ...args) {
        const [first] = args
        const details = first instanceof Error ? { err: first } : args.length > 0 ? { details: args } : {}
        logger[level](details, `auth: ${message}`)
      },
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        termsVersion: { type: 'string', required: false, input: true, fieldName: 'termsVersion' },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // The owner proved control of the mailbox, so earlier failed sign-ins stop blocking them.
      async onPasswordReset({ user }) {
        await clearSignInFailures(db, normalizeEmail(user.email))
      },
      // Called only by the reset job (auth-hooks.server.ts): a failed send fails the job, which is tried again.
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Cooper Home password',
          text:
            `Hello ${user.name || user.email},\n\n` +
            `Someone asked to reset the password of your Cooper Home account. ` +
            `To choose a new password, open this link within one hour:\n\n${relink(url, config)}\n\n` +
            `If it was not you, ignore this message: your password stays as it is.\n`,
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await sendMail({
          to: user.email,
          subject: 'Confirm your e-mail address for Cooper Home',
          text:
            `Welcome to Cooper Home, ${user.name || user.email}!\n\n` +
            `Confirm your e-mail address to finish creating your account. ` +
            `The link works for ${VERIFICATION_LINK_HOURS} hours:\n\n${relink(url, config)}\n\n` +
            `If you did not sign up, ignore this message.\n`,
        })
      },
    },
    // The mailed reset links' tokens (and single sign-on's state) are kept as their SHA-256 only, so
    // a copy of the database cannot reset anyone's password. Session tokens are kept as they are:
    // better-auth 1.7 looks a session up by its token and has no option to store it hashed.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // How the session was signed in, set by the create hook below and returned with the session by getSession.
      additionalFields: {
        signInMethod: { type: 'string', required: false, input: false, fieldName: 'signInMethod' },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] },
    },
    rateLimit: {
      enabled: config.RATE_LIMIT,
      customStorage: betterAuthRateLimitStorage(db),
      window: 60,
      max: 100,
      // The account actions have one budget per client for the API and the pages alike, kept by the
      // before hook (which also sees the pages' in-process calls); better-auth's limiter keeps the rest.
      customRules: Object.fromEntries(Object.keys(AUTH_RATE_LIMITS).map((path) => [path, false as const])),
    },
    advanced: {
      cookiePrefix: 'cooper',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The HTTP layer puts the client's budget address there (proxy.server.ts); an IPv6 address
      // counts by its /64 here too.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], ipv6Subnet: 64 },
      // Left to itself, better-auth turns its origin and CSRF checks off whenever TEST or
      // NODE_ENV=test is set; they stay on here, so tests see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      session: {
        create: {
          // A lease signature records how its signer was signed in: the endpoint making the session says how.
          // A session that replaces the current one (turning the second factor on or off does) keeps its method.
          async before(session, endpoint) {
            // A banned person gets no session, whichever way they sign in (bans.server.ts).
            await refuseBannedSession(db, session.userId)
            const carried = (session as { signInMethod?: string | null }).signInMethod
            return { data: { ...session, signInMethod: carried ?? signInMethodOf(endpoint) } }
          },
        },
      },
      user: {
        update: {
          // Turning the second factor on or off mails the account, whoever asked (a page or /api/auth).
          async after(changed, endpoint) {
            const change = factorChangeOfUserUpdate(changed as { twoFactorEnabled?: boolean | null }, endpoint)
            if (change) await queueFactorChangeNotice(queueJob, logger, { userId: changed.id, change })
          },
        },
        create: {
          async before(user) {
            // E-mail sign-ups are refused without the terms in force (auth-hooks.server.ts); an account made
            // through single sign-on accepts them with the notice beside its button.
            const termsVersion = (user as { termsVersion?: string | null }).termsVersion ?? (await termsLabelForSignUp(db))
            return { data: { ...user, email: normalizeEmail(user.email), termsVersion } }
          },
          async after(user) {
            await createProfile(db, { email: user.email, userId: user.id, img: user.image ?? null })
            const { termsVersion } = user as { termsVersion?: string | null }
            if (termsVersion) await recordSignUpAcceptance(db, { userId: user.id, label: termsVersion })
          },
        },
      },
    },
    hooks: createAuthHooks({ db, isRateLimited: config.RATE_LIMIT, queueJob, logger }),
    // Without PUBLIC_URL, the site's loopback names (localhost, 127.0.0.1, [::1]) are all this site.
    trustedOrigins: [config.publicUrl, ...loopbackOrigins(config)],
    // Where a failed single sign-on lands: our login page, which explains it inside the frame.
    onAPIError: { errorURL: `${config.publicUrl}/login?error=oidc` },
    plugins: [
      twoFactor(TWO_FACTOR_OPTIONS),
      // Passkeys are bound to the public URL's host name; the loopback origins the site trusts without
      // PUBLIC_URL are accepted too (a passkey made on localhost works on localhost only).
      passkey({
        rpID: new URL(config.publicUrl).hostname,
        rpName: siteConfig.name,
        origin: [new URL(config.publicUrl).origin, ...loopbackOrigins(config)],
      }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
