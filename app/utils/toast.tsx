// Transient messages (docs/product.md#toasts): react-toastify with the site's timings, a `notify`
// helper for components, and the ToastContext through which the app hands `notify` down.
import { createContext, use, useMemo, type ReactNode } from 'react'
import { cssTransition, toast } from 'react-toastify/unstyled'

export const TOAST_AUTO_CLOSE_MS = 5000
export const TOAST_DRAG_PERCENT = 80
/** The fade/slide duration; the matching keyframes in app.css use the same 300 ms. */
export const TOAST_TRANSITION_MS = 300

export type ToastType = 'success' | 'error' | 'info' | 'warning'

export const toastTransition = cssTransition({
  enter: 'cooper-toast-enter',
  exit: 'cooper-toast-exit',
  collapseDuration: TOAST_TRANSITION_MS,
})

/** Shows a toast. With an `id`, a toast already on screen under that id is not shown again. */
export function notify(type: ToastType, message: string, options: { id?: string } = {}) {
  return toast(message, { type, toastId: options.id })
}

/**
 * Shows the toast a redirect left, in place of the one the previous redirect left: that one told
 * where things stood then ("Your draft is saved. Add photos, then publish.") and is out of date once
 * the next step has its own ("… is published").
 */
export function showFlash(flash: { id: string; type: ToastType; message: string }, previousId: string | null) {
  if (previousId !== null && previousId !== flash.id) toast.dismiss(previousId)
  notify(flash.type, flash.message, { id: flash.id })
}

type ToastContextValue = { notify: typeof notify }

const ToastContext = createContext<ToastContextValue | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const value = useMemo(() => ({ notify }), [])
  return <ToastContext value={value}>{children}</ToastContext>
}

export function useToastContext(): ToastContextValue {
  const value = use(ToastContext)
  if (!value) throw new Error('useToastContext should be used within the ToastContext provider!')
  return value
}
