export function PolicyAcceptPage() {
  return <div>PolicyAcceptPage</div>;
}
