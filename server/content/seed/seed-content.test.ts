import { describe, expect, it } from 'vitest'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_LINK_HOURS } from '#common/accounts/auth-schemas.ts'
import { ARTICLE_CATEGORY_SLUGS, FAQ_TOPIC_SLUGS } from '#common/content/vocabulary.ts'
import { CONFIRMATION_DAYS } from '#common/listings/vocabulary.ts'
import { DIRECT_MESSAGE_MAX_LENGTH, REPORT_REASON_MAX_LENGTH, ROOM_MESSAGE_MAX_LENGTH } from '#common/messages/schemas.ts'
import { renderMarkdown } from '#server/content/markdown.server.ts'
import { seedArticles } from './articles.ts'
import { seedFaq } from './faq.ts'
import { seedTerms } from './terms.ts'

const articleSlugs = new Set(seedArticles.map((article) => article.slug))
const faqText = seedFaq.map((entry) => entry.answer).join('\n')

/** Every text a visitor may read, with where it comes from. */
const allTexts = [
  ...seedArticles.flatMap((a) => [
    { where: `article ${a.slug}`, text: a.body },
    { where: `summary of ${a.slug}`, text: a.summary },
  ]),
  ...seedFaq.map((entry) => ({ where: `faq ${entry.slug}`, text: entry.answer })),
  ...seedTerms.flatMap((version, index) => [
    { where: `terms ${index + 1}`, text: version.body },
    { where: `terms ${index + 1} summary`, text: version.summary },
  ]),
]

/** The paths the site has, besides articles (app/routes.ts). */
const SITE_PATHS = ['/', '/properties', '/properties/new', '/cooper', '/knowledge', '/faq', '/terms', '/chat', '/userprofile']

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

describe('seed articles', () => {
  it('has at least 17, each category at least twice', () => {
    expect(seedArticles.length).toBeGreaterThanOrEqual(17)
    for (const category of ARTICLE_CATEGORY_SLUGS) {
      expect(seedArticles.filter((a) => a.category === category).length, category).toBeGreaterThanOrEqual(2)
    }
  })

  it('has unique, well-formed slugs and distinct publication dates in range', () => {
    expect(articleSlugs.size).toBe(seedArticles.length)
    for (const a of seedArticles) expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    const dates = seedArticles.map((a) => a.publishedOn)
    expect(new Set(dates).size).toBe(dates.length)
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(Number.isNaN(Date.parse(date))).toBe(false)
      expect(date >= '2025-09-01' && date <= '2026-11-20', date).toBe(true)
    }
  })

  it('has 2 to 4 lower-case tags on every article', () => {
    for (const a of seedArticles) {
      expect(a.tags.length, a.slug).toBeGreaterThanOrEqual(2)
      expect(a.tags.length, a.slug).toBeLessThanOrEqual(4)
      for (const tag of a.tags) expect(tag).toBe(tag.toLowerCase())
    }
  })

  it.each(seedArticles.map((a) => [a.slug, a] as const))('%s renders to sections and enough words', (_slug, a) => {
    const rendered = renderMarkdown(a.body)
    expect(rendered.headings.length).toBeGreaterThanOrEqual(3)
    const sections = rendered.headings.filter((heading) => heading.level === 2).length
    expect(sections).toBeGreaterThanOrEqual(3)
    expect(sections).toBeLessThanOrEqual(6)
    expect(wordCount(rendered.text)).toBeGreaterThanOrEqual(400)
    expect(wordCount(rendered.text)).toBeLessThanOrEqual(1000)
    expect(a.summary.length).toBeGreaterThan(40)
  })

  it('carries the not-legal-advice note, once, wherever an article speaks of state rules', () => {
    for (const a of seedArticles.filter((article) => /\bstates?\b/i.test(article.body))) {
      expect(a.body.match(/not legal advice/g) ?? [], a.slug).toHaveLength(1)
    }
  })

  it('explains the Cooper Index method in the market data category', () => {
    const marketData = seedArticles.filter((a) => a.category === 'market-data').map((a) => a.body)
    const method = [
      /same home/i,
      /repeat-rent/i,
      /asking rent/i,
      /not the all-in/i,
      /±0\.7/,
      /base period/i,
      /35th and 65th percentiles/,
      /90\s?% band/,
      /fewer than 30 pairs/,
      /not enough data/i,
      /3-month moving average/i,
      /year-over-year/i,
      /signed leases/i,
    ]
    const article = seedArticles.find((a) => a.slug === 'how-the-cooper-index-is-computed')
    expect(article?.category).toBe('market-data')
    for (const pattern of method) expect(article?.body, String(pattern)).toMatch(pattern)
    // No market data text may describe the index by the old method
    for (const body of marketData) expect(body).not.toMatch(/median all-in monthly cost|last 30 days/i)
  })
})

describe('seed FAQ', () => {
  it('has at least 26 questions, each topic at least 3, with unique slugs', () => {
    expect(seedFaq.length).toBeGreaterThanOrEqual(26)
    for (const topic of FAQ_TOPIC_SLUGS) {
      expect(seedFaq.filter((entry) => entry.topic === topic).length, topic).toBeGreaterThanOrEqual(3)
    }
    expect(new Set(seedFaq.map((entry) => entry.slug)).size).toBe(seedFaq.length)
    for (const entry of seedFaq) {
      expect(entry.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(entry.question.endsWith('?'), entry.slug).toBe(true)
    }
  })

  it('keeps each topic together, in the order of the topics', () => {
    const order = seedFaq.map((entry) => FAQ_TOPIC_SLUGS.indexOf(entry.topic))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('quotes the limits the site enforces', () => {
    const mentions = (n: number) => faqText.includes(n.toLocaleString('en-US'))
    for (const limit of [
      PASSWORD_MIN_LENGTH,
      PASSWORD_MAX_LENGTH,
      VERIFICATION_LINK_HOURS,
      CONFIRMATION_DAYS,
      DIRECT_MESSAGE_MAX_LENGTH,
      ROOM_MESSAGE_MAX_LENGTH,
      REPORT_REASON_MAX_LENGTH,
    ]) {
      expect(mentions(limit), String(limit)).toBe(true)
    }
  })
})

describe('seed terms', () => {
  it('has two versions: the first in force since 2025-01-15, the second scheduled', () => {
    expect(seedTerms).toHaveLength(2)
    expect(seedTerms[0]!.effective).toEqual({ on: '2025-01-15' })
    expect(seedTerms[1]!.effective).toEqual({ daysAfterSeeding: 30 })
    for (const version of seedTerms) {
      expect(renderMarkdown(version.body).headings.filter((h) => h.level === 2).length).toBeGreaterThanOrEqual(10)
      expect(version.summary.length).toBeGreaterThan(40)
    }
    const changes = seedTerms[1]!.summary.split('\n').filter((line) => line.startsWith('- '))
    expect(changes.length).toBeGreaterThanOrEqual(2)
    expect(changes.length).toBeLessThanOrEqual(4)
  })
})

describe('links in the seed content', () => {
  const links = allTexts.flatMap(({ where, text }) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({ where, href: match[1]! })))

  it('point at seed articles or at pages the site has', () => {
    expect(links.length).toBeGreaterThan(0)
    for (const { where, href } of links) {
      if (/^(https:|mailto:)/.test(href)) continue
      const path = href.split('#')[0]!
      const article = /^\/knowledge\/([^/?#]+)$/.exec(path)
      if (article) expect(articleSlugs.has(article[1]!), `${where} → ${href}`).toBe(true)
      else expect(SITE_PATHS, `${where} → ${href}`).toContain(path)
    }
  })

  it('never name an article that does not exist, even outside a link', () => {
    for (const { where, text } of allTexts) {
      for (const match of text.matchAll(/\/knowledge\/([a-z0-9-]+)/g)) {
        expect(articleSlugs.has(match[1]!), `${where} → ${match[0]}`).toBe(true)
      }
    }
  })
})
