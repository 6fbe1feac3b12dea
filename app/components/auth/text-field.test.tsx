import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ErrorSummary, problemsOf } from './error-summary.tsx'
import { CheckboxField, TextField } from './text-field.tsx'

/** The attributes of the one element matching `tag` with this id. */
function attributesOf(html: string, tag: string, id: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*\\bid="${id}"[^>]*>`))?.[0]
  if (!element) throw new Error(`No <${tag} id="${id}"> in ${html}`)
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]))
}

describe('TextField', () => {
  it('labels the input and ties the hint to it', () => {
    const html = renderToStaticMarkup(<TextField label="E-mail" name="email" type="email" hint="We confirm it." />)
    expect(html).toContain('<label for="email"')
    expect(attributesOf(html, 'input', 'email')).toMatchObject({
      name: 'email',
      type: 'email',
      'aria-invalid': 'false',
      'aria-describedby': 'email-hint',
    })
    expect(attributesOf(html, 'p', 'email-hint')).toBeDefined()
  })

  it('marks an input with an error invalid and points it at the message', () => {
    const html = renderToStaticMarkup(
      <TextField label="Password" name="password" type="password" hint="8 to 128 characters." error="Too short." />,
    )
    expect(attributesOf(html, 'input', 'password')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'password-hint password-error',
    })
    expect(html).toMatch(/<p id="password-error"[^>]*>.*Too short\.<\/p>/)
  })

  it('does the same for the terms checkbox', () => {
    const html = renderToStaticMarkup(
      <CheckboxField label="I accept the Terms of Use" name="termsVersion" value="2025-01-15" error="Accept the terms." />,
    )
    expect(attributesOf(html, 'input', 'termsVersion')).toMatchObject({
      type: 'checkbox',
      value: '2025-01-15',
      'aria-invalid': 'true',
      'aria-describedby': 'termsVersion-error',
    })
    expect(html).toContain('<label for="termsVersion"')
  })
})

describe('ErrorSummary', () => {
  it('lists the problems in page order, each linking to its field, after any form-level one', () => {
    const problems = problemsOf({ password: 'Too short.', email: 'Not an address.' }, ['name', 'email', 'password'], 'Try again.')
    expect(problems).toEqual([
      { message: 'Try again.' },
      { fieldId: 'email', message: 'Not an address.' },
      { fieldId: 'password', message: 'Too short.' },
    ])
    const html = renderToStaticMarkup(<ErrorSummary problems={problems} />)
    expect(html).toContain('tabindex="-1"')
    expect(html).toContain('role="alert"')
    expect(html.indexOf('href="#email"')).toBeLessThan(html.indexOf('href="#password"'))
  })

  it('renders nothing without problems', () => {
    expect(renderToStaticMarkup(<ErrorSummary problems={[]} />)).toBe('')
  })
})
