import * as z from 'zod/v4';

/**
 * `zod` as the console's build sees it (vite.config.ts aliases the bare name here): the same library with
 * jitless on. The console's Content-Security-Policy allows no eval, and otherwise zod probes
 * `new Function` when the first object schema is created; it catches the refusal, but the browser still
 * reports a CSP violation. As every `import 'zod'` resolves to this module, the setting is in place before
 * any schema exists, whichever chunk the bundler puts the schemas in.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
