// Every URL no other route claims: a 404 page inside the frame, from the root error boundary.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export function action() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
