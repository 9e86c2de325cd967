import { queryOptions } from '@tanstack/react-query';
import type { PricingResponse } from '../../../../core/contracts/pricing';
import { request } from '../../lib/http-client';
import { BusinessError } from '../../lib/http-errors';

/** `GET /api/pricing`: group_ratio and usable_group sit next to data, and there is no message on success. */
export const pricingQuery = () =>
  queryOptions({
    queryKey: ['pricing'],
    queryFn: async () => {
      const res = await request<PricingResponse>('GET', '/api/pricing');
      if (!res.success) throw new BusinessError(res.message ?? '');
      return { models: res.data ?? [], groupRatio: res.group_ratio ?? {}, usableGroup: res.usable_group ?? {} };
    },
    staleTime: 60_000,
    meta: { persist: true },
  });
