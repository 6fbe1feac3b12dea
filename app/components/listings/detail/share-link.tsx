// Share: the listing's address in a field anyone can select and copy, and with JavaScript a button
// that copies it and says so.
import { useEffect, useState } from 'react'

export function ShareLink({ url }: { url: string }) {
  const [canCopy, setCanCopy] = useState(false)
  const [message, setMessage] = useState('')
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setMessage('Link copied')
    } catch {
      setMessage('Copying failed: select the link and copy it.')
    }
  }

  return (
    <div>
      <label htmlFor="share-url" className="block text-sm font-semibold text-ink">
        Share this home
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id="share-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-gray-400 bg-white px-3 py-2 text-sm text-ink"
        />
        {canCopy ? (
          <button
            type="button"
            onClick={copy}
            className="shrink-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
          >
            Copy link
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1.5 min-h-5 text-sm font-medium text-brand-800">
        {message}
      </p>
    </div>
  )
}
