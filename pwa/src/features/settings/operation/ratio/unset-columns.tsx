import type { TFunction } from 'i18next';
import type { Column } from '../../../../components/data-table/data-table';
import { Input } from '../../../../components/ui/input';
import { EMPTY_EDIT, type UnsetEdit } from './unset-models';

interface Options {
  t: TFunction;
  edits: Readonly<Record<string, UnsetEdit>>;
  onEdit: (name: string, field: keyof UnsetEdit, value: string) => void;
}

/** Name plus three inline inputs; a fixed price disables the row's ratio inputs. */
export function unsetColumns({ t, edits, onEdit }: Options): Column<string>[] {
  const input =
    (field: keyof UnsetEdit, label: string, placeholder = label) =>
    (name: string) => {
      const edit = edits[name] ?? EMPTY_EDIT;
      return (
        <Input
          value={edit[field]}
          inputMode="decimal"
          aria-label={`${name} ${label}`}
          placeholder={placeholder}
          disabled={field !== 'price' && edit.price !== ''}
          onChange={(e) => onEdit(name, field, e.target.value)}
          className="h-8 min-w-24 mobile:w-40"
          data-unset-input={`${name}:${field}`}
        />
      );
    };
  return [
    { id: 'name', header: t('settings.ratio.columns.name'), cell: (name) => <span className="font-mono text-[13px] break-all">{name}</span>, mobile: 'title' },
    { id: 'price', header: t('settings.ratio.columns.fixedPrice'), cell: input('price', t('settings.ratio.columns.fixedPrice'), t('settings.unset.pricePlaceholder')) },
    { id: 'ratio', header: t('settings.ratio.columns.ratio'), cell: input('ratio', t('settings.ratio.columns.ratio')) },
    { id: 'completion', header: t('settings.ratio.columns.completionRatio'), cell: input('completionRatio', t('settings.ratio.columns.completionRatio')) },
  ];
}
