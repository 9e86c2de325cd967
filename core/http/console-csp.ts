/**
 * The Content-Security-Policy of the console's HTML. The console shows operator-written content (notice,
 * footer, about, chat links) and holds session cookies and users' keys, so a script that slips into the
 * page must not run, and one that runs must not reach elsewhere with what it finds.
 */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  // Every script is a built file (no inline script, no eval); Turnstile loads its api.js when enabled.
  ['script-src', "'self' https://challenges.cloudflare.com"],
  // sonner and Radix dialogs insert <style> elements at run time; styles cannot run code.
  ['style-src', "'self' 'unsafe-inline'"],
  // Operator logos and pictures in notices are hosted anywhere on https.
  ['img-src', "'self' data: blob: https:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  // /chat/{id} frames the configured chat link (http or https); Turnstile renders its challenge in a frame.
  ['frame-src', "'self' http: https:"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  // Online top-up posts a form to the payment provider's address.
  ['form-action', "'self' http: https:"],
  ['frame-ancestors', "'self'"],
];

export const CONSOLE_CSP = DIRECTIVES.map(([name, sources]) => `${name} ${sources}`).join('; ');
