import type { OptionMap } from '../api';
import { OptionSection } from '../option-section';
import { rateLimitSection } from './rate-limit-section';

export function RateLimitTab({ options }: { options: OptionMap }) {
  return <OptionSection def={rateLimitSection} options={options} />;
}
