import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { allowConsoleError } from '#tests/support/fail-on-console-error.ts'
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, TOAST_TRANSITION_MS, ToastProvider, notify, useToastContext } from './toast.tsx'

function UsesToasts() {
  const { notify: fromContext } = useToastContext()
  return <p>{fromContext === notify ? 'notify is ready' : 'wrong notify'}</p>
}

describe('useToastContext', () => {
  it('throws the spec message when used outside its provider', () => {
    // React reports the render error on the console before rethrowing it.
    const quiet = allowConsoleError()
    try {
      expect(() => renderToString(<UsesToasts />)).toThrow(new Error('useToastContext should be used within the ToastContext provider!'))
    } finally {
      quiet.mockRestore()
    }
  })

  it('hands out notify inside the provider', () => {
    expect(
      renderToString(
        <ToastProvider>
          <UsesToasts />
        </ToastProvider>,
      ),
    ).toContain('notify is ready')
  })
})

describe('toast constants', () => {
  it('are the spec values', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000)
    expect(TOAST_DRAG_PERCENT).toBe(80)
    expect(TOAST_TRANSITION_MS).toBe(300)
  })
})
