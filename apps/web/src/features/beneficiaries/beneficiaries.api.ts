import type {
  Beneficiary,
  BeneficiaryData,
  BeneficiaryInput,
  BeneficiaryList,
} from '@mandado/shared/beneficiary.schemas';
import { apiDelete, apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

const BENEFICIARIES_KEY = ['beneficiaries'] as const;

/** The remitter's beneficiaries, newest first; with a city, only that city's (spec §6, compared by id). */
export function beneficiariesQueryOptions(cityId: number | null, enabled = true) {
  return queryOptions({
    queryKey: [...BENEFICIARIES_KEY, cityId],
    queryFn: async ({ signal }) => {
      const query = cityId === null ? '' : `?${new URLSearchParams({ city_id: String(cityId) })}`;
      return (await apiGet<BeneficiaryList>(`/beneficiaries/${query}`, signal)).results;
    },
    enabled,
  });
}

function useInvalidateBeneficiaries() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BENEFICIARIES_KEY });
}

export function useCreateBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationFn: async (input: BeneficiaryInput): Promise<Beneficiary> =>
      (await apiPost<BeneficiaryData>('/beneficiaries/', input)).data,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: BeneficiaryInput }): Promise<Beneficiary> =>
      (await apiPut<BeneficiaryData>(`/beneficiaries/${segment(id)}`, input)).data,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ detail: string }>(`/beneficiaries/${segment(id)}`),
    onSuccess: () => invalidate(),
  });
}
