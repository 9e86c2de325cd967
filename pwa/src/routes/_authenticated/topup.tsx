import { createFileRoute } from '@tanstack/react-router';
import { TopupPage } from '../../features/topup/topup-page';

export const Route = createFileRoute('/_authenticated/topup')({ component: TopupPage });
