import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { cn } from '../../../../lib/class-names';
import type { OptionMap } from '../../api';
import { PHONE_TAB, PHONE_TABS } from '../../phone-tabs';
import { SectionForm } from '../../option-section';
import { ratioJsonSection } from '../operation-sections';
import { ResetModelRatioButton } from './reset-model-ratio-button';
import { UnsetModelsTable } from './unset-models-table';
import { VisualRatioEditor } from './visual-ratio-editor';

/** Model prices three ways: the JSON maps, the visual table, and the enabled models that have none. */
export function RatioSettingsCard({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('json');
  return (
    <Card data-settings-section="ratio">
      <CardHeader>
        <CardTitle>{t('settings.sections.ratio')}</CardTitle>
        <CardDescription>{t('settings.ratio.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className={cn('mb-4', PHONE_TABS)}>
            <TabsTrigger value="json" className={PHONE_TAB}>
              {t('settings.ratio.jsonTab')}
            </TabsTrigger>
            <TabsTrigger value="visual" className={PHONE_TAB} data-ratio-tab="visual">
              {t('settings.ratio.visualTab')}
            </TabsTrigger>
            <TabsTrigger value="unset" className={PHONE_TAB} data-ratio-tab="unset">
              {t('settings.ratio.unsetTab')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="json" className="grid gap-4">
            <SectionForm fields={ratioJsonSection.fields ?? []} options={options} saveLabel={ratioJsonSection.saveLabel} />
            <div className="border-t pt-4">
              <ResetModelRatioButton />
            </div>
          </TabsContent>
          <TabsContent value="visual">
            <VisualRatioEditor options={options} />
          </TabsContent>
          <TabsContent value="unset">
            <UnsetModelsTable options={options} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
