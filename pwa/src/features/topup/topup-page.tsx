export function TopupPage() {
  return <div className="p-8">topup</div>;
}
