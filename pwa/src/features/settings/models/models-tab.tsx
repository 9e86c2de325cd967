import type { OptionMap } from '../api';
import { OptionSection } from '../option-section';
import { claudeSection, geminiSection, globalModelSection } from './model-sections';

export function ModelsTab({ options }: { options: OptionMap }) {
  return (
    <div className="grid gap-4">
      <OptionSection def={globalModelSection} options={options} />
      <OptionSection def={geminiSection} options={options} />
      <OptionSection def={claudeSection} options={options} />
    </div>
  );
}
