import { createFileRoute } from '@tanstack/react-router';
import { ResetRequestPage } from '../features/auth/reset-request-page';

export const Route = createFileRoute('/reset')({ component: ResetRequestPage });
