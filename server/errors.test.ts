import { describe, expect, it } from 'vitest'
import { AppError, isAppError } from './errors.server.ts'

describe('isAppError', () => {
  it('recognises an AppError, also one made by another copy of the module', () => {
    expect(isAppError(new AppError('not-found', 'No such listing.'))).toBe(true)
    // What a second copy of the class (the dev server's or a page test's) produces.
    const foreign = Object.assign(new Error('No such listing.'), { name: 'AppError', code: 'not-found' })
    expect(isAppError(foreign)).toBe(true)
  })

  it('refuses anything else', () => {
    expect(isAppError(new Error('boom'))).toBe(false)
    expect(isAppError(Object.assign(new Error('x'), { name: 'AppError', code: 'teapot' }))).toBe(false)
    expect(isAppError({ name: 'AppError', code: 'invalid' })).toBe(false)
    expect(isAppError(null)).toBe(false)
  })
})
