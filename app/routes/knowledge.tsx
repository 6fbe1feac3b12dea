export default function Knowledge() {
  return <main><h1>knowledge</h1></main>
}
