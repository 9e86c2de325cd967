import { createFileRoute } from '@tanstack/react-router';
import { selfQuery } from '../../features/account/queries';
import { TopupPage } from '../../features/topup/topup-page';

export const Route = createFileRoute('/_authenticated/topup')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(selfQuery()),
  component: TopupPage,
});
