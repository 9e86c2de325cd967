import { useQuery } from '@tanstack/react-query';
import { CopyIcon, KeyRoundIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Token } from '../../../../core/contracts/token';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DataTable, type RowKey } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { useCopy } from '../../hooks/use-copy';
import { cn } from '../../lib/class-names';
import { normaliseServerAddress, withKeyPrefix } from '../../lib/chat-link';
import { useOnline } from '../../lib/online-status';
import { isMaskedKey } from '../../lib/secret-scrub';
import { useQuotaDisplay, useSiteStatus } from '../status/queries';
import { DeleteTokensDialog } from './delete-tokens-dialog';
import { tokensQuery, type TokenListParams } from './queries';
import { tokenColumns } from './token-columns';
import { TokenFormDrawer } from './token-form-drawer';
import { TokenSearchBar } from './token-search-bar';

export function TokensPage({ search, onSearchChange }: { search: TokenListParams; onSearchChange: (next: Partial<TokenListParams>) => void }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const status = useSiteStatus();
  const online = useOnline();
  const copy = useCopy();
  const { data, isPending } = useQuery(tokensQuery(search));
  const rows = data?.rows ?? [];
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  const [drawer, setDrawer] = useState<{ open: boolean; token: Token | null }>({ open: false, token: null });
  const [deleting, setDeleting] = useState<Token[]>([]);
  const columns = useMemo(
    () => tokenColumns({ t, display, onEdit: (token) => setDrawer({ open: true, token }), onDelete: setDeleting }),
    [t, display],
  );
  const selectedTokens = rows.filter((r) => selected.has(r.id));
  const requireSelection = () => {
    if (selectedTokens.length === 0) toast.error(t('tokens.noSelection'));
    return selectedTokens.length > 0;
  };
  const address = `${normaliseServerAddress(status.server_address || window.location.origin)}/v1`;
  return (
    <PageContainer>
      <PageHeader
        title={t('tokens.title')}
        description={t('tokens.description', { address })}
        actions={
          <Button onClick={() => setDrawer({ open: true, token: null })} disabled={!online} title={online ? undefined : t('common.offlineAction')} data-create-token>
            <PlusIcon />
            {t('tokens.create')}
          </Button>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <TokenSearchBar keyword={search.keyword} token={search.token} onSearch={(keyword, token) => onSearchChange({ keyword, token, page: 1 })} />
        <div className={cn('flex items-center gap-2', selected.size === 0 && 'mobile:hidden')}>
          {selected.size > 0 ? <span className="text-[13px] text-muted-foreground">{t('common.selected', { count: selected.size })}</span> : null}
          <Button variant="outline" size="sm" disabled={selectedTokens.some((r) => isMaskedKey(r.key))} onClick={() => requireSelection() && void copy(selectedTokens.map((r) => withKeyPrefix(r.key)).join('\n'))}>
            <CopyIcon />
            {t('tokens.copySelected')}
          </Button>
          <Button variant="outline" size="sm" className="text-destructive" disabled={!online} onClick={() => requireSelection() && setDeleting(selectedTokens)} data-delete-selected>
            <Trash2Icon />
            {t('tokens.deleteSelected')}
          </Button>
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={isPending}
        selection={{ selected, onChange: setSelected }}
        empty={<EmptyState icon={<KeyRoundIcon />} title={t('tokens.empty')} description={t('tokens.emptyHint')} />}
      />
      <Pagination
        page={search.page}
        pageSize={search.size}
        total={data?.total}
        rowCount={rows.length}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size, page: 1 })}
      />
      <TokenFormDrawer open={drawer.open} token={drawer.token} onOpenChange={(open) => setDrawer({ ...drawer, open })} />
      <DeleteTokensDialog tokens={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected(new Set())} />
    </PageContainer>
  );
}
