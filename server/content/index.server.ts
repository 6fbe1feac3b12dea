// The public surface of server/content/: everything outside this folder uses the area through these names.
export { findArticleBySlug, findArticles, findRecentArticles } from './articles.server.ts'
export { findPublishedFaq } from './faq.server.ts'
export {
  acceptTerms,
  checkTermsAccepted,
  findScheduledTerms,
  findTermsDocument,
  findTermsToAccept,
  listTermsVersions,
  recordSignUpAcceptance,
  termsLabelForSignUp,
  TERMS_NOT_ACCEPTED,
} from './terms.server.ts'
export { seedFaq } from './seed/faq.ts'
export { seedTerms } from './seed/terms.ts'
export type { SeedTermsVersion } from './seed/types.ts'
