import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token } from '../../../../core/contracts/token';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DataTable, type RowKey } from '../../components/data-table/data-table';
import { SelectionBar } from '../../components/data-table/selection-bar';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
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
        <SelectionBar
          count={selectedTokens.length}
          emptyMessage={t('tokens.noSelection')}
          copy={{ label: t('tokens.copySelected'), disabled: selectedTokens.some((r) => isMaskedKey(r.key)), text: () => selectedTokens.map((r) => withKeyPrefix(r.key)).join('\n') }}
          remove={{ label: t('tokens.deleteSelected'), disabled: !online, onClick: () => setDeleting(selectedTokens) }}
        />
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
