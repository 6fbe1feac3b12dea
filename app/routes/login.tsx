export default function Login() {
  return <main><h1>login</h1></main>
}
