// The public surface of server/accounts/: everything outside this folder uses the area through these names.
export { isAdministrator, requireAdministrator } from './administrators.server.ts'
export { cookieHeaders, EMAIL_NOT_VERIFIED_MESSAGE } from './auth-results.server.ts'
export { ACCOUNT_SUSPENDED_CODE, isBanInForce } from './bans.server.ts'
export { type Auth, createAuth } from './auth.server.ts'
export { FACTOR_CHANGE_NOTICE_JOB, sendFactorChangeNotice } from './factor-notices.server.ts'
export { hasPasskey, listOwnPasskeys, removePasskey, renamePasskey } from './passkeys.server.ts'
export { mailPasswordResetLink, PASSWORD_RESET_JOB } from './password-reset-requests.server.ts'
export { isPasswordResetTokenUsable, requestPasswordReset, RESET_LINK_SENT_MESSAGE, resetPassword } from './password-reset.server.ts'
export {
  changeAccountPassword,
  countUnreadMessages,
  deleteAccount,
  findAccountOverview,
  listActiveSessions,
  removeProfilePhoto,
  saveProfile,
  signOutOtherSessions,
  signOutSession,
  startLetting,
  uploadProfilePhoto,
} from './profile.server.ts'
export {
  clientAddress,
  consumeRateLimit,
  PRUNE_RATE_LIMITS_CRON,
  PRUNE_RATE_LIMITS_JOB,
  pruneRateLimits,
  type RateLimitRule,
} from './rate-limit.server.ts'
export { emailOnlySchema, loginSchema, registerSchema, resetPasswordSchema } from './schemas.server.ts'
export {
  type CurrentSession,
  getCurrentSession,
  requireAdmin,
  requireAnonymous,
  requireApiUser,
  requireConsoleAdmin,
  requireUser,
  safeRedirectTo,
} from './session.server.ts'
export { sendSignInFailuresNotice, SIGN_IN_FAILURES_NOTICE_JOB } from './sign-in-failures.server.ts'
export { signIn, signOut, startOidcSignIn } from './sign-in.server.ts'
export { resendVerificationEmail, signUp } from './sign-up.server.ts'
export {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  hasSecondFactor,
  hasSecondStep,
  loadTwoFactorState,
  regenerateBackupCodes,
  SECOND_STEP_EXPIRED_MESSAGE,
  startTwoFactorSetup,
  turnOffTwoFactor,
  verifySecondStep,
} from './two-factor.server.ts'
export { TRUST_DEVICE_DAYS } from './two-factor-rules.server.ts'
