import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, inventoryKeys, salesApi, salesKeys } from '@stockbook/api-client';
import type { CreateInvoiceRequest } from '@stockbook/contracts';

/**
 * The selling calls. Each success reloads what it changed here (invoices, customers, items and the
 * activity log); the server's SSE invalidation does the same for every other open screen.
 */
export function useSalesWrites() {
  const queryClient = useQueryClient();
  const reload = (...keys: (readonly unknown[])[]) => () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const customers = reload(salesKeys.allCustomers(), accountKeys.allActivity());
  const invoices = reload(salesKeys.allInvoices(), salesKeys.allCustomers(), inventoryKeys.items.all(), accountKeys.allActivity());
  return {
    createCustomer: useMutation({ mutationFn: salesApi.createCustomer, onSuccess: customers }),
    updateCustomer: useMutation({ mutationFn: salesApi.updateCustomer, onSuccess: customers }),
    deleteCustomer: useMutation({ mutationFn: salesApi.deleteCustomer, onSuccess: customers }),
    createInvoice: useMutation({
      mutationFn: ({ body, idempotencyKey }: { body: CreateInvoiceRequest; idempotencyKey: string }) => salesApi.createInvoice(body, idempotencyKey),
      onSuccess: invoices,
    }),
    addPayment: useMutation({ mutationFn: salesApi.addPayment, onSuccess: invoices }),
    refund: useMutation({ mutationFn: salesApi.refund, onSuccess: invoices }),
    cancelInvoice: useMutation({ mutationFn: salesApi.cancelInvoice, onSuccess: invoices }),
    revokeLink: useMutation({ mutationFn: salesApi.revokeLink, onSuccess: reload(salesKeys.allInvoices()) }),
    sendLink: useMutation({ mutationFn: salesApi.sendLink }),
    reissueLink: useMutation({ mutationFn: salesApi.reissueLink, onSuccess: reload(salesKeys.allInvoices()) }),
  };
}
export type SalesWrites = ReturnType<typeof useSalesWrites>;
