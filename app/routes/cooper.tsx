export default function Cooper() {
  return <main><h1>cooper</h1></main>
}
