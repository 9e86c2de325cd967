import type { ApiRoute } from '../api-route.js';
import { oauthCallbackRoutes } from './oauth-callback-routes.js';
import { oauthStateRoutes } from './oauth-state.js';
import { telegramRoutes } from './telegram-routes.js';
import { wechatRoutes } from './wechat-routes.js';

/** Third-party sign-in and binding: GitHub, OIDC, Linux DO, WeChat, Telegram. */
export const oauthRoutes: ApiRoute[] = [...oauthStateRoutes, ...oauthCallbackRoutes, ...wechatRoutes, ...telegramRoutes];
