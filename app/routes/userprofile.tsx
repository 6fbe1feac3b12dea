export default function Userprofile() {
  return <main><h1>userprofile</h1></main>
}
