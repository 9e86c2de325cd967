import type { ApiRoute } from '../api-route.js';
import { registerRoutes } from './register-routes.js';
import { resetPasswordRoutes } from './reset-password-routes.js';
import { verificationRoutes } from './verification-routes.js';

/** Registration, email verification and password reset. */
export const accountRoutes: ApiRoute[] = [...registerRoutes, ...verificationRoutes, ...resetPasswordRoutes];
