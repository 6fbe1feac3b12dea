// What search engines read from an article page: schema.org Article JSON-LD.
export function articleJsonLd(article: {
  title: string
  summary: string
  url: string
  publishedAt: Date
  updatedAt: Date
  authorName: string | null
  siteName: string
  origin: string
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    url: article.url,
    mainEntityOfPage: article.url,
    datePublished: article.publishedAt.toISOString(),
    dateModified: article.updatedAt.toISOString(),
    author: article.authorName
      ? { '@type': 'Person', name: article.authorName }
      : { '@type': 'Organization', name: article.siteName, url: article.origin },
    publisher: { '@type': 'Organization', name: article.siteName, url: article.origin },
  }
}
