// One of this tab's sends not yet stored: "Sending…" while it travels, or why it failed and a retry.
import { MessageText } from './message-text.tsx'
import type { PendingMessage } from './thread-state.ts'

export function PendingItem({ item, onRetry }: { item: PendingMessage; onRetry: (item: PendingMessage) => void }) {
  return (
    <li className="flex justify-end">
      <article aria-label="You" className="max-w-[85%] text-right sm:max-w-[75%]">
        <p className="text-sm font-semibold text-ink">You</p>
        <div
          className={`mt-1 inline-block rounded-2xl px-3.5 py-2 text-left ${item.status === 'failed' ? 'border border-red-300 bg-red-50 text-ink' : 'bg-brand-700/80 text-white'}`}
        >
          <MessageText body={item.body} />
        </div>
        {item.status === 'sending' ? (
          <p className="mt-0.5 text-xs text-ink-soft">Sending…</p>
        ) : (
          <p className="mt-1 flex flex-wrap items-center justify-end gap-2 text-sm font-medium text-red-800">
            <span>Not sent{item.error ? ` — ${item.error}` : ''}</span>
            <button
              type="button"
              onClick={() => onRetry(item)}
              className="rounded border border-red-300 bg-white px-2 py-0.5 font-semibold text-red-800 hover:bg-red-50"
            >
              Retry
            </button>
          </p>
        )}
      </article>
    </li>
  )
}
