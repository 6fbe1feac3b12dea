import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import type * as Toastify from 'react-toastify/unstyled'
import type { ToastContainerProps } from 'react-toastify/unstyled'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastHost } from '#app/components/frame/toast-host.tsx'
import { allowConsoleError } from '#tests/support/fail-on-console-error.ts'
import { TOAST_TRANSITION_MS, ToastProvider, notify, showFlash, toastTransition, useToastContext } from './toast.tsx'

// The toast library stands in for the screen: what it is asked to show, and how its container is set up.
const library = vi.hoisted(() => ({
  toast: Object.assign(
    vi.fn((_message: unknown, options: { toastId?: string }) => options.toastId ?? 'generated'),
    { dismiss: vi.fn() },
  ),
  containers: [] as unknown[],
}))
vi.mock('react-toastify/unstyled', async (importOriginal) => {
  const original = await importOriginal<typeof Toastify>()
  return {
    ...original,
    toast: library.toast,
    ToastContainer: (props: ToastContainerProps) => {
      library.containers.push(props)
      return null
    },
  }
})

beforeEach(() => {
  library.toast.mockClear()
  library.toast.dismiss.mockClear()
  library.containers = []
})

function UsesToasts() {
  const { notify: fromContext } = useToastContext()
  return <p>{fromContext === notify ? 'notify is ready' : 'wrong notify'}</p>
}

describe('useToastContext', () => {
  it('throws a clear message when used outside its provider', () => {
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

describe('notify', () => {
  it('asks for a toast of the given kind with the message', () => {
    notify('error', 'The listing could not be saved.')
    expect(library.toast).toHaveBeenCalledExactlyOnceWith('The listing could not be saved.', { type: 'error', toastId: undefined })
  })

  it('passes an id on, so the same toast is not shown twice', () => {
    expect(notify('success', 'Saved.', { id: 'flash-1' })).toBe('flash-1')
    expect(library.toast).toHaveBeenCalledExactlyOnceWith('Saved.', { type: 'success', toastId: 'flash-1' })
  })
})

describe('showFlash', () => {
  it('shows the message a redirect left', () => {
    showFlash({ id: 'a', type: 'success', message: 'Your draft is saved.' }, null)
    expect(library.toast).toHaveBeenCalledWith('Your draft is saved.', { type: 'success', toastId: 'a' })
    expect(library.toast.dismiss).not.toHaveBeenCalled()
  })

  it('closes the previous redirect’s message, which the new one makes out of date', () => {
    showFlash({ id: 'b', type: 'success', message: '“Loft” is published: renters can find it now.' }, 'a')
    expect(library.toast.dismiss).toHaveBeenCalledWith('a')
    expect(library.toast).toHaveBeenCalledWith('“Loft” is published: renters can find it now.', { type: 'success', toastId: 'b' })
  })

  it('leaves the same message alone when it is shown again', () => {
    showFlash({ id: 'b', type: 'success', message: 'Saved.' }, 'b')
    expect(library.toast.dismiss).not.toHaveBeenCalled()
  })
})

describe('the toast host', () => {
  const container = () => {
    renderToString(<ToastHost flash={null} />)
    expect(library.containers).toHaveLength(1)
    return library.containers[0] as ToastContainerProps
  }

  it('closes a toast by itself after 5 seconds, pausing while hovered or while the window is not focused', () => {
    expect(container()).toMatchObject({ autoClose: 5000, pauseOnHover: true, pauseOnFocusLoss: true })
  })

  it('lets a toast be swiped away once dragged across 80 % of its width, but not closed by a stray click', () => {
    expect(container()).toMatchObject({ draggablePercent: 80, closeOnClick: false })
  })

  it('stacks toasts top right, newest first, with the site transition', () => {
    expect(container()).toMatchObject({ position: 'top-right', newestOnTop: true, transition: toastTransition })
  })

  it('shows the flash message as a status to visitors without JavaScript', () => {
    const html = renderToString(<ToastHost flash={{ id: 't1', type: 'success', message: 'You are signed out.' }} />)
    expect(html).toMatch(/<noscript><p role="status"[^>]*>You are signed out.<\/p><\/noscript>/)
    expect(renderToString(<ToastHost flash={null} />)).not.toContain('<noscript>')
  })

  it('animates toasts in and out for as long as the transition waits', () => {
    const css = readFileSync(new URL('../app.css', import.meta.url), 'utf8')
    for (const name of ['enter', 'exit']) {
      const rule = new RegExp(`\\.cooper-toast-${name} \\{\\s*animation: cooper-toast-\\w+ (\\d+)ms`).exec(css)
      expect(rule, `.cooper-toast-${name} in app.css`).not.toBeNull()
      expect(Number(rule![1])).toBe(TOAST_TRANSITION_MS)
    }
    expect(TOAST_TRANSITION_MS).toBe(300)
  })
})
