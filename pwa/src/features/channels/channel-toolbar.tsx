import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettingsPopover } from '../../components/data-table/column-settings-popover';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { CHANNEL_COLUMN_IDS } from './channel-columns';
import { defaultChannelColumns, type ChannelColumns } from './channel-preferences';

export interface ChannelModes {
  idSort: boolean;
  tagMode: boolean;
  batchMode: boolean;
}

interface Props {
  modes: ChannelModes;
  onModesChange: (next: ChannelModes) => void;
  columns: ChannelColumns;
  onColumnsChange: (next: ChannelColumns) => void;
  /** The batch actions, shown while batch mode is on. */
  children?: ReactNode;
}

function ModeSwitch({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <span className="flex items-center gap-1.5">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id} className="text-[13px] font-normal">
        {label}
      </Label>
    </span>
  );
}

/** Id sort, tag aggregation and batch switches, the column settings, and the batch actions. */
export function ChannelToolbar({ modes, onModesChange, columns, onColumnsChange, children }: Props) {
  const { t } = useTranslation();
  const { idSort, tagMode, batchMode } = modes;
  return (
    <div className="mt-3 mb-2 flex flex-wrap items-center gap-x-4 gap-y-2" data-channel-toolbar>
      <ModeSwitch id="channel-id-sort" label={t('channels.idSort')} checked={idSort} onChange={(on) => onModesChange({ ...modes, idSort: on })} />
      <ModeSwitch id="channel-tag-mode" label={t('channels.tagMode')} checked={tagMode} onChange={(on) => onModesChange({ ...modes, tagMode: on })} />
      <ModeSwitch id="channel-batch-mode" label={t('channels.batchMode')} checked={batchMode} onChange={(on) => onModesChange({ ...modes, batchMode: on })} />
      {batchMode ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
      <div className="ml-auto">
        <ColumnSettingsPopover
          options={CHANNEL_COLUMN_IDS.filter((id) => id !== 'actions').map((id) => ({ id, label: id === 'id' ? 'ID' : t(`channels.columns.${id}`) }))}
          value={columns}
          onChange={(next) => onColumnsChange({ ...columns, ...next, actions: true })}
          onReset={() => onColumnsChange(defaultChannelColumns())}
        />
      </div>
    </div>
  );
}
