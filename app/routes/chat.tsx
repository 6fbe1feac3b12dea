export default function Chat() {
  return <main><h1>chat</h1></main>
}
