// An optional drawn signature beside the typed name: a small canvas drawn on with a mouse, a finger or a
// pen (pointer events), written as an SVG path ("M x y L x y …", whole numbers in the pad's 400 × 120
// box) into the hidden input `drawing`. It exists only once scripts run; without them, and for keyboard
// users, the typed name is the signature.
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { MAX_SIGNATURE_DRAWING } from '#common/leases/vocabulary.ts'

const WIDTH = 400
const HEIGHT = 120
// Room for the last point of a stroke: a path never grows past what the server takes.
const ROOM = MAX_SIGNATURE_DRAWING - 24

type Point = { x: number; y: number }

export function SignaturePad({ name = 'drawing' }: { name?: string }) {
  const [isReady, setReady] = useState(false)
  const [path, setPath] = useState('')
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<Point | null>(null)
  const drawn = useRef('')

  useEffect(() => setReady(true), [])

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect()
    const x = Math.round(((event.clientX - box.left) / box.width) * WIDTH)
    const y = Math.round(((event.clientY - box.top) / box.height) * HEIGHT)
    return { x: Math.min(WIDTH, Math.max(0, x)), y: Math.min(HEIGHT, Math.max(0, y)) }
  }

  const line = (from: Point, to: Point) => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    context.lineWidth = 2.5
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = '#1c2430'
    context.beginPath()
    context.moveTo(from.x, from.y)
    context.lineTo(to.x, to.y)
    context.stroke()
  }

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault()
    if (drawn.current.length > ROOM) return
    const point = pointOf(event)
    last.current = point
    event.currentTarget.setPointerCapture(event.pointerId)
    line(point, point)
    drawn.current = `${drawn.current}${drawn.current ? ' ' : ''}M ${point.x} ${point.y}`
    setPath(drawn.current)
  }

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current
    if (!from) return
    const point = pointOf(event)
    if (point.x === from.x && point.y === from.y) return
    if (drawn.current.length > ROOM) return
    last.current = point
    line(from, point)
    drawn.current = `${drawn.current} L ${point.x} ${point.y}`
    setPath(drawn.current)
  }

  const end = () => {
    last.current = null
  }

  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    last.current = null
    drawn.current = ''
    setPath('')
  }

  if (!isReady) return null
  return (
    <div className="space-y-2">
      <p id="signature-pad-note" className="text-sm font-semibold text-ink">
        Draw your signature (optional)
      </p>
      <p className="text-sm text-ink-soft">With a mouse, a finger or a pen. Your typed name is your signature either way.</p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby="signature-pad-note"
        className="block h-auto w-full max-w-[400px] touch-none rounded-lg border-2 border-dashed border-gray-400 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <input type="hidden" name={name} value={path} />
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={clear}
          disabled={!path}
          className="rounded-lg border border-gray-400 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60"
        >
          Clear the drawing
        </button>
        <span className="text-sm text-ink-soft" aria-live="polite">
          {path ? 'Drawing added.' : 'Nothing drawn.'}
        </span>
      </div>
    </div>
  )
}
