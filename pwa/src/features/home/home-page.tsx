import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton';
import { homePageContentQuery } from '../notice/api';
import { HomeFeatures } from './home-features';
import { HomeHero } from './home-hero';
import { OperatorContent } from './operator-content';

/** The operator's HomePageContent when set (URL → frame, else Markdown/HTML); otherwise the default landing. */
export function HomePage() {
  const { data, isPending } = useQuery(homePageContentQuery());
  if (isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-20">
        <Skeleton className="mx-auto h-10 w-64" />
        <Skeleton className="mx-auto h-5 w-96 max-w-full" />
        <Skeleton className="mx-auto h-12 w-full max-w-xl" />
      </div>
    );
  }
  if (data && data.trim()) return <OperatorContent source={data} title="home" />;
  return (
    <div data-home-default>
      <HomeHero />
      <HomeFeatures />
    </div>
  );
}
