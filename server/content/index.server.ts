// The public surface of server/content/: everything outside this folder uses the area through these names.
export { findArticleBySlug, findArticles, findRecentArticles } from './articles.server.ts'
