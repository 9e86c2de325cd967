export function PersonalPage() {
  return <div className="p-8">personal</div>;
}
