export interface TopNavLink {
  key: 'home' | 'console' | 'pricing' | 'docs' | 'about';
  to: string;
  external?: boolean;
}

/** Home, Console, Pricing, Docs (only when a docs link is set), About. */
export function topNavLinks(docsLink: string): TopNavLink[] {
  const links: TopNavLink[] = [
    { key: 'home', to: '/' },
    { key: 'console', to: '/token' },
    { key: 'pricing', to: '/pricing' },
  ];
  if (docsLink.trim()) links.push({ key: 'docs', to: docsLink.trim(), external: true });
  links.push({ key: 'about', to: '/about' });
  return links;
}
