import { describe, expect, it } from 'vitest'
import { AppError, dataExceptionOf, isAppError } from './errors.server.ts'

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

describe('dataExceptionOf', () => {
  // The shape of both drivers' errors (pg's DatabaseError, PGlite's) as Drizzle throws them: wrapped as `cause`.
  const driverError = (code: string, message: string) => Object.assign(new Error(message), { code })
  const drizzleError = (cause: Error) => new Error('Failed query: select $1\nparams: x', { cause })

  it('finds a PostgreSQL data exception (SQLSTATE class 22), also behind Drizzle’s wrapper', () => {
    expect(dataExceptionOf(driverError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).toEqual({
      code: '22021',
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
    })
    for (const code of ['22P05', '22003', '22008', '22007', '22P02']) {
      expect(dataExceptionOf(drizzleError(driverError(code, 'bad value')))).toMatchObject({ code })
    }
  })

  it('leaves every other error alone', () => {
    expect(dataExceptionOf(drizzleError(driverError('23505', 'duplicate key value')))).toBeNull()
    expect(dataExceptionOf(drizzleError(driverError('57P01', 'terminating connection')))).toBeNull()
    expect(dataExceptionOf(new AppError('invalid', 'Some fields need attention.'))).toBeNull()
    expect(dataExceptionOf(Object.assign(new Error('no file'), { code: 'ENOENT' }))).toBeNull()
    expect(dataExceptionOf(new Error('boom'))).toBeNull()
    expect(dataExceptionOf('22021')).toBeNull()
    expect(dataExceptionOf(null)).toBeNull()
  })
})
