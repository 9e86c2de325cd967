/** The email-domain whitelist: stored comma-separated, edited as a list. */
export function parseDomains(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The list with `input` added, or the refusal (i18n key) in the seeds' wording. */
export function addDomain(list: readonly string[], input: string): { list: string[] } | { error: string } {
  const domain = input.trim().toLowerCase();
  if (!DOMAIN.test(domain)) return { error: 'settings.whitelist.invalid' };
  if (list.includes(domain)) return { error: 'settings.whitelist.duplicate' };
  return { list: [...list, domain] };
}
