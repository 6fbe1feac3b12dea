// The words of the site's content: the knowledge base's categories, the FAQ's topics and the
// publishing states every kind of content shares. Browser-safe; the schema's checks use them too.

export const ARTICLE_CATEGORIES = [
  { slug: 'renting-basics', label: 'Renting basics' },
  { slug: 'leases-and-contracts', label: 'Leases and contracts' },
  { slug: 'moving', label: 'Moving' },
  { slug: 'for-landlords', label: 'For landlords' },
  { slug: 'market-data', label: 'Market data' },
] as const

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number]['slug']
export const ARTICLE_CATEGORY_SLUGS = ARTICLE_CATEGORIES.map((category) => category.slug) as readonly ArticleCategory[]

export const FAQ_TOPICS = [
  { slug: 'account', label: 'Your account' },
  { slug: 'searching', label: 'Searching for a home' },
  { slug: 'listing-a-home', label: 'Listing a home' },
  { slug: 'messages-and-chat', label: 'Messages and the chat room' },
  { slug: 'cooper-index', label: 'The Cooper Index' },
  { slug: 'safety-and-trust', label: 'Safety and trust' },
] as const

export type FaqTopic = (typeof FAQ_TOPICS)[number]['slug']
export const FAQ_TOPIC_SLUGS = FAQ_TOPICS.map((topic) => topic.slug) as readonly FaqTopic[]

/**
 * A draft is seen only by administrators. A published item is public from its publication time on:
 * one published with a time in the future is scheduled, and stays hidden until then.
 */
export const CONTENT_STATUSES = ['draft', 'published'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** The kinds of content administrators edit; each save of one keeps a revision. */
export const CONTENT_KINDS = ['article', 'faq', 'terms', 'lease_template'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]
