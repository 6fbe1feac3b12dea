// The content forms' own rules: slugs, typed UTC times and the values a saved item fills its form with.
import { describe, expect, it } from 'vitest'
import { articleFormSchema, formValuesOfSnapshot, parseUtcDateTime, slugProblem, toDateTimeField } from './admin-forms.ts'

describe('slugs', () => {
  it('takes lower-case words joined by single hyphens, up to 80 characters', () => {
    expect(slugProblem('security-deposits', 'article')).toBeNull()
    expect(slugProblem('2026-rules', 'article')).toBeNull()
    expect(slugProblem('a'.repeat(80), 'article')).toBeNull()
    expect(slugProblem('a'.repeat(81), 'article')).toMatch(/80 characters/)
    for (const bad of ['Security', 'two  words', 'a--b', '-a', 'a-', 'é-clair', 'feed.xml', 'a_b']) {
      expect(slugProblem(bad, 'article'), bad).toMatch(/lower-case letters/)
    }
  })

  it('refuses the words the public pages use, per kind', () => {
    expect(slugProblem('category', 'article')).toMatch(/reserved/)
    expect(slugProblem('category', 'faq')).toBeNull()
    expect(slugProblem('current', 'terms')).toMatch(/reserved by the site’s own pages: choose another label/)
  })
})

describe('typed times (UTC)', () => {
  it('reads a datetime-local value as UTC and refuses impossible dates', () => {
    expect(parseUtcDateTime('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T09:00:00.000Z')
    expect(parseUtcDateTime('2026-12-01 09:00:30')?.toISOString()).toBe('2026-12-01T09:00:30.000Z')
    for (const bad of ['2026-02-30T10:00', '2026-12-01T25:00', 'tomorrow', '', '1999-01-01T00:00', '99999-01-01T00:00']) {
      expect(parseUtcDateTime(bad), bad).toBeNull()
    }
    expect(toDateTimeField('2026-12-01T09:00:00.000Z')).toBe('2026-12-01T09:00')
  })
})

describe('the article form', () => {
  const input = { title: ' A title ', slug: 'a-title', summary: 'S', category: 'moving', tags: 'Pets, pets , deposit,', body: 'B' }

  it('publishes now, at a time given, or keeps a draft without a time', () => {
    const now = articleFormSchema.parse({ ...input, status: 'published', when: 'now' })
    expect(now.title).toBe('A title')
    expect(now.tags).toEqual(['pets', 'deposit'])
    expect(Math.abs(now.publishedAt!.getTime() - Date.now())).toBeLessThan(5000)
    const later = articleFormSchema.parse({ ...input, status: 'published', when: 'at', publishAt: '2030-01-01T08:00' })
    expect(later.publishedAt?.toISOString()).toBe('2030-01-01T08:00:00.000Z')
    expect(articleFormSchema.parse({ ...input, status: 'draft' }).publishedAt).toBeNull()
  })

  it('fills the form of a saved article, keeping its publication time', () => {
    const values = formValuesOfSnapshot('article', {
      ...input,
      tags: ['pets', 'deposit'],
      status: 'published',
      publishedAt: '2030-01-01T08:00:00.000Z',
    })
    expect(values).toMatchObject({ tags: 'pets, deposit', when: 'at', publishAt: '2030-01-01T08:00', status: 'published' })
    expect(formValuesOfSnapshot('faq', null)).toMatchObject({ status: 'draft', when: 'now', topic: 'account', position: '0' })
  })
})
