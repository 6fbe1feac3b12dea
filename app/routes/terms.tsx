export default function Terms() {
  return <main><h1>terms</h1></main>
}
