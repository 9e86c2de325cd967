import { textKeys as k } from '../option-fields';
import type { SectionDef } from '../option-section';

export const noticeSection: SectionDef = {
  id: 'notice',
  title: 'settings.sections.notice',
  fields: [{ key: 'Notice', kind: 'textarea', rows: 6, preview: 'markdown', ...k('notice', { hint: true }) }],
  saveLabel: 'settings.saveNotice',
};

export const personalizationSection: SectionDef = {
  id: 'personalization',
  title: 'settings.sections.personalization',
  fields: [
    { key: 'SystemName', kind: 'text', ...k('systemName', { placeholder: true }) },
    { key: 'Logo', kind: 'text', ...k('logo', { placeholder: true }) },
    { key: 'HomePageContent', kind: 'textarea', rows: 6, preview: 'markdown', ...k('homePageContent', { hint: true }) },
    { key: 'About', kind: 'textarea', rows: 6, preview: 'markdown', ...k('about', { hint: true }) },
    { key: 'Footer', kind: 'textarea', rows: 3, preview: 'html', ...k('footer', { hint: true }) },
  ],
  saveLabel: 'settings.savePersonalization',
};
