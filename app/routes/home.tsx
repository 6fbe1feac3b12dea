export function meta() {
  return [{ title: 'Cooper Home — homes to rent and lease' }]
}

export default function Home() {
  return (
    <main>
      <h1>Cooper Home</h1>
    </main>
  )
}
