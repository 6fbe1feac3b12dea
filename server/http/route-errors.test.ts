import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseForm } from '#common/forms.ts'
import { AppError, parseOrThrow, statusOf } from '#server/errors.server.ts'
import { refusalOf } from './route-errors.server.ts'

/** The data and status of an action's answer as React Router holds them. */
const unwrap = (answer: unknown) => answer as { data: Record<string, unknown>; init: ResponseInit | null }

const schema = z.object({ email: z.string().min(1, 'Enter your e-mail address.'), age: z.number({ error: 'Enter a number.' }) })

describe('refusalOf', () => {
  it('answers an AppError as a FormAnswer with its status, and the page’s own keys beside it', () => {
    const error = new AppError('conflict', 'That address is taken.', { email: ['That address is taken.'] })
    const { data, init } = unwrap(refusalOf(error, { values: { email: 'a@b.c' } }))
    expect(init?.status).toBe(409)
    expect(data).toEqual({
      ok: false,
      fieldErrors: { email: ['That address is taken.'] },
      formError: 'That address is taken.',
      values: { email: 'a@b.c' },
    })
  })

  it('answers a failed parseForm as the same shape with 400', () => {
    const parsed = parseForm(schema, { email: '', age: 'x' })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    const { data, init } = unwrap(refusalOf(parsed))
    expect(init?.status).toBe(400)
    expect(data).toEqual({ ok: false, fieldErrors: { email: ['Enter your e-mail address.'], age: ['Enter a number.'] } })
  })

  it('keeps the FormAnswer’s keys when the page’s extras name them too', () => {
    const { data } = unwrap(refusalOf(new AppError('invalid', 'No.'), { ok: true, formError: 'other', fieldErrors: { x: ['y'] } }))
    expect(data).toEqual({ ok: false, fieldErrors: {}, formError: 'No.' })
  })

  it('answers every code with the status of the one map, a body too large with 413', () => {
    for (const code of Object.keys(statusOf) as (keyof typeof statusOf)[]) {
      expect(unwrap(refusalOf(new AppError(code, 'No.'))).init?.status).toBe(statusOf[code])
    }
    expect(statusOf['too-large']).toBe(413)
  })
})

describe('the whole-form sentence', () => {
  it('travels as formError, never as a `_` field', () => {
    const parsed = parseForm(schema, 'not an object' as never)
    expect(parsed).toMatchObject({ ok: false, fieldErrors: {} })
    expect(!parsed.ok && parsed.formError).toMatch(/expected object/i)
  })

  it('is the sentence of the AppError parseOrThrow throws', () => {
    expect(() => parseOrThrow(schema, 'not an object')).toThrow(expect.objectContaining({ code: 'invalid', fieldErrors: {} }))
    expect(() => parseOrThrow(schema, { email: '', age: 1 }, 'Check the form.')).toThrow(
      expect.objectContaining({ message: 'Check the form.', fieldErrors: { email: ['Enter your e-mail address.'] } }),
    )
  })
})
