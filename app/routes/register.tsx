export default function Register() {
  return <main><h1>register</h1></main>
}
