// The public surface of server/content/: everything outside this folder uses the area through these names.
export {
  countArticleRead,
  countArticlesByCategory,
  findArticleBySlug,
  findArticlePage,
  findArticles,
  findArticlesInCategory,
  findMostReadArticles,
  findRecentArticles,
  findRelatedArticles,
} from './articles.server.ts'
export { searchArticles } from './article-search.server.ts'
export { seedArticles } from './seed/articles.ts'
export { commentOnArticleVote, findArticleVote, voteOnArticle } from './votes.server.ts'
export {
  findEditableItem,
  listContentOverview,
  restoreRevision,
  saveContentItem,
  setPublication,
  SNAPSHOT_FIELDS,
} from './admin-items.server.ts'
export { findArticleFeedback } from './admin-feedback.server.ts'
export { compareSnapshots, findRevisionSnapshot, listRevisions } from './revisions.server.ts'
export { renderMarkdown } from './markdown.server.ts'
export { renderContentPreview } from './lease-templates.server.ts'
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
