export default function Properties() {
  return <main><h1>properties</h1></main>
}
