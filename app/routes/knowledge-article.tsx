export default function KnowledgeArticle() {
  return <main><h1>knowledge-article</h1></main>
}
