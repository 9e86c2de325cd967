import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { OptionMap } from '../api';
import { textKeys as k } from '../option-fields';
import { OptionSection, type SectionDef } from '../option-section';
import type { Draft } from '../option-values';
import { useDiscoverOidc } from '../queries';
import type { SectionHooks } from '../use-option-section';

const WELL_KNOWN = 'oidc.well_known';
const ENDPOINTS = ['oidc.authorization_endpoint', 'oidc.token_endpoint', 'oidc.user_info_endpoint'] as const;

export const oidcSection: SectionDef = {
  id: 'oidc',
  title: 'settings.sections.oidc',
  description: 'settings.descriptions.oidc',
  fields: [
    { key: WELL_KNOWN, kind: 'text', wide: true, ...k('oidcWellKnown', { placeholder: true, hint: true }) },
    { key: 'oidc.client_id', kind: 'text', ...k('oidcClientId') },
    { key: 'oidc.client_secret', kind: 'secret', ...k('oidcClientSecret') },
    { key: 'oidc.authorization_endpoint', kind: 'text', ...k('oidcAuthorization') },
    { key: 'oidc.token_endpoint', kind: 'text', ...k('oidcToken') },
    { key: 'oidc.user_info_endpoint', kind: 'text', ...k('oidcUserInfo') },
  ],
  saveLabel: 'settings.saveOidc',
};

/** The Well-Known URL must be an http(s) address. */
export const wellKnownError = (values: Draft): string | null => {
  const url = (values[WELL_KNOWN] ?? '').trim();
  return url && !/^https?:\/\//i.test(url) ? 'settings.errors.wellKnown' : null;
};

/** Whether saving should read the discovery document first: a new Well-Known URL, or endpoints still empty. */
export function needsDiscovery(values: Draft, options: OptionMap): boolean {
  const url = (values[WELL_KNOWN] ?? '').trim();
  if (!url) return false;
  return url !== (options[WELL_KNOWN] ?? '') || ENDPOINTS.some((key) => !(values[key] ?? '').trim());
}

/**
 * OIDC login: with a Well-Known URL the three endpoints are filled from the provider's discovery document
 * (read by the server) before saving.
 */
export function OidcSection({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const discover = useDiscoverOidc();
  const hooks: SectionHooks = {
    check: wellKnownError,
    prepare: async (values) => {
      if (!needsDiscovery(values, options)) return values;
      try {
        const doc = await discover.mutateAsync(values[WELL_KNOWN]!.trim());
        toast.success(t('settings.oidcDiscovered'));
        return { ...values, 'oidc.authorization_endpoint': doc.authorization_endpoint, 'oidc.token_endpoint': doc.token_endpoint, 'oidc.user_info_endpoint': doc.userinfo_endpoint };
      } catch {
        toast.error(t('settings.errors.oidcDiscovery'));
        return null;
      }
    },
  };
  return <OptionSection def={oidcSection} options={options} hooks={hooks} />;
}
