export default function Faq() {
  return <main><h1>faq</h1></main>
}
