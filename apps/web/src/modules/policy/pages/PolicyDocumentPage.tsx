export function PolicyDocumentPage() {
  return <div>PolicyDocumentPage</div>;
}
