// The toast container (docs/product.md#toasts) and the toast a redirect left in the flash cookie.
import { useEffect, useRef } from 'react'
import { ToastContainer } from 'react-toastify/unstyled'
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, showFlash, toastTransition, type ToastType } from '#app/utils/toast.tsx'

export type FlashToast = { id: string; type: ToastType; message: string }

export function ToastHost({ flash }: { flash: FlashToast | null }) {
  const id = flash?.id
  const type = flash?.type
  const message = flash?.message
  const shownId = useRef<string | null>(null)
  useEffect(() => {
    if (!id || !type || !message) return
    // Keyed by id: a re-render or a second effect run does not show the same toast twice.
    showFlash({ id, type, message }, shownId.current)
    shownId.current = id
  }, [id, type, message])

  return (
    <>
      {flash ? (
        // Without JavaScript the toast container never mounts; the message still has to be seen.
        <noscript>
          <p
            role="status"
            className="fixed top-4 right-4 z-50 max-w-sm rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg"
          >
            {flash.message}
          </p>
        </noscript>
      ) : null}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        draggablePercent={TOAST_DRAG_PERCENT}
        transition={toastTransition}
        theme="light"
        newestOnTop
        closeOnClick={false}
        pauseOnFocusLoss
        pauseOnHover
      />
    </>
  )
}
