export function PricingPage() {
  return <div className="p-8">pricing</div>;
}
