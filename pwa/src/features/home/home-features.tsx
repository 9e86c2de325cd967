import { KeyRoundIcon, ReceiptTextIcon, SmartphoneIcon, WaypointsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'channels', icon: WaypointsIcon },
  { key: 'billing', icon: ReceiptTextIcon },
  { key: 'tokens', icon: KeyRoundIcon },
  { key: 'pwa', icon: SmartphoneIcon },
] as const;

const PROVIDERS = ['OpenAI', 'Anthropic Claude', 'Google Gemini', 'Azure OpenAI', 'DeepSeek', 'xAI Grok', 'Mistral', 'Ollama', 'Coze', 'Dify', 'Midjourney', 'Suno'];

export function HomeFeatures() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ key, icon: Icon }) => (
          <div key={key} className="rounded-xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md">
            <div className="mb-3 flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-[18px]" />
            </div>
            <h3 className="text-sm font-semibold">{t(`home.features.${key}Title`)}</h3>
            <p className="mt-1.5 text-[13px] leading-5 text-muted-foreground">{t(`home.features.${key}Body`)}</p>
          </div>
        ))}
      </div>
      <div className="mt-12 text-center">
        <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">{t('home.providers')}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {PROVIDERS.map((p) => (
            <span key={p} className="rounded-full border bg-card px-3 py-1 text-[13px] text-foreground/80">
              {p}
            </span>
          ))}
        </div>
      </div>
    </section>
  );
}
