import type { OptionMap } from '../api';
import { OptionSection } from '../option-section';
import { noticeSection, personalizationSection } from './other-sections';
import { SystemInfoCard } from './system-info-card';

export function OtherTab({ options }: { options: OptionMap }) {
  return (
    <div className="grid gap-4">
      <SystemInfoCard />
      <OptionSection def={noticeSection} options={options} />
      <OptionSection def={personalizationSection} options={options} />
    </div>
  );
}
