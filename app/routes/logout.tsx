export default function Logout() {
  return <main><h1>logout</h1></main>
}
