import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Known total, or undefined for endpoints that return plain arrays. */
  total?: number;
  /** Rows on this page (used when the total is unknown). */
  rowCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
}

export function Pagination({ page, pageSize, total, rowCount, onPageChange, onPageSizeChange }: PaginationProps) {
  const { t } = useTranslation();
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const hasNext = lastPage === undefined ? rowCount >= pageSize : page < lastPage;
  const from = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = (page - 1) * pageSize + rowCount;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pt-3 text-[13px] text-muted-foreground">
      <span>{total === undefined ? t('common.pagination.page', { page }) : t('common.pagination.range', { from, to, total })}</span>
      <div className="flex items-center gap-2">
        {onPageSizeChange ? (
          <Select value={String(pageSize)} onValueChange={(v) => onPageSizeChange(Number(v))}>
            <SelectTrigger aria-label="page size" className="h-8 w-auto min-w-[112px]">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZE_OPTIONS.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {t('common.pagination.pageSize', { size })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        <Button variant="outline" size="icon-sm" aria-label={t('common.pagination.prev')} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon />
        </Button>
        <span className="min-w-12 text-center font-medium text-foreground tabular-nums">
          {page}
          {lastPage ? ` / ${lastPage}` : ''}
        </span>
        <Button variant="outline" size="icon-sm" aria-label={t('common.pagination.next')} disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  );
}
