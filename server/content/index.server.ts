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
