export function TokensPage() {
  return <div className="p-8">tokens</div>;
}
