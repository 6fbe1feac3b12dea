// The toast container (spec §2 item 4, §9) and the toast a redirect left in the flash cookie.
import { useEffect } from 'react'
import { ToastContainer } from 'react-toastify/unstyled'
import {
  TOAST_AUTO_CLOSE_MS,
  TOAST_DRAG_PERCENT,
  notify,
  toastTransition,
  type ToastType,
} from '#app/utils/toast.tsx'

export type FlashToast = { id: string; type: ToastType; message: string }

export function ToastHost({ flash }: { flash: FlashToast | null }) {
  const id = flash?.id
  const type = flash?.type
  const message = flash?.message
  useEffect(() => {
    // Keyed by id: a re-render or a second effect run does not show the same toast twice.
    if (id && type && message) notify(type, message, { id })
  }, [id, type, message])

  return (
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
  )
}
