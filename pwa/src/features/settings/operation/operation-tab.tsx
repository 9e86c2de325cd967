import type { OptionMap } from '../api';
import { OptionSection } from '../option-section';
import { ClearLogsForm } from './clear-logs-form';
import { chatsSection, dashboardSection, drawingSection, generalSection, groupSection, logSection, monitoringSection, quotaSection, sensitiveSection } from './operation-sections';
import { RatioSettingsCard } from './ratio/ratio-settings-card';

export function OperationTab({ options }: { options: OptionMap }) {
  return (
    <div className="grid gap-4">
      <OptionSection def={generalSection} options={options} />
      <OptionSection def={drawingSection} options={options} />
      <OptionSection def={sensitiveSection} options={options} />
      <OptionSection def={logSection} options={options}>
        <ClearLogsForm />
      </OptionSection>
      <OptionSection def={dashboardSection} options={options} />
      <OptionSection def={monitoringSection} options={options} />
      <OptionSection def={quotaSection} options={options} />
      <RatioSettingsCard options={options} />
      <OptionSection def={groupSection} options={options} />
      <OptionSection def={chatsSection} options={options} />
    </div>
  );
}
