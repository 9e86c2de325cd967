import { createFileRoute } from '@tanstack/react-router';
import { userGroupsQuery, userModelsQuery } from '../../features/account/queries';
import { PlaygroundPage } from '../../features/playground/playground-page';

export const Route = createFileRoute('/_authenticated/playground')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(userModelsQuery());
    void context.queryClient.prefetchQuery(userGroupsQuery());
  },
  component: PlaygroundPage,
});
