import type { OptionKey } from '../../options/option-defaults.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';

/**
 * The admin-written texts anyone may read, returned raw as new-api does (Markdown or HTML). They are
 * rendered by the console through a sanitiser (S13); the server does not rewrite what the admin saved.
 */
const optionText =
  (key: OptionKey) =>
  (c: ApiContext): ApiResult =>
    ok(c.app.options.get(key));

export const publicRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/notice', access: 'public', handler: optionText('Notice') },
  { method: 'get', path: '/api/about', access: 'public', handler: optionText('About') },
  { method: 'get', path: '/api/home_page_content', access: 'public', handler: optionText('HomePageContent') },
];
