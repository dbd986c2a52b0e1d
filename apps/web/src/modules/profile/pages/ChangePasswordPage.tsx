export function ChangePasswordPage() {
  return <div>ChangePasswordPage</div>;
}
