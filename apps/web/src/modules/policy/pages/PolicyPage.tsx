export function PolicyPage() {
  return <div>PolicyPage</div>;
}
