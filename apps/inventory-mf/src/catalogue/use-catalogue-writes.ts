import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, inventoryApi, inventoryKeys } from '@stockbook/api-client';

/**
 * The category, attribute and supplier calls. Each success reloads its list, the items (they
 * show category names and values) and the activity log; the server's SSE invalidation does the
 * same for every other open screen.
 */
export function useCatalogueWrites() {
  const queryClient = useQueryClient();
  const reload = (kind: 'categories' | 'attributes' | 'suppliers') => () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryKeys[kind].all() }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.items.all() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  const categories = reload('categories');
  const attributes = reload('attributes');
  const suppliers = reload('suppliers');
  return {
    addCategory: useMutation({ mutationFn: inventoryApi.addCategory, onSuccess: categories }),
    updateCategory: useMutation({ mutationFn: inventoryApi.updateCategory, onSuccess: categories }),
    deleteCategory: useMutation({ mutationFn: inventoryApi.deleteCategory, onSuccess: categories }),
    addAttribute: useMutation({ mutationFn: inventoryApi.addAttribute, onSuccess: attributes }),
    updateAttribute: useMutation({ mutationFn: inventoryApi.updateAttribute, onSuccess: attributes }),
    updateAttributeValue: useMutation({ mutationFn: inventoryApi.updateAttributeValue, onSuccess: attributes }),
    deleteAttribute: useMutation({ mutationFn: inventoryApi.deleteAttribute, onSuccess: attributes }),
    deleteAttributeForced: useMutation({ mutationFn: inventoryApi.deleteAttributeForced, onSuccess: attributes }),
    addSupplier: useMutation({ mutationFn: inventoryApi.addSupplier, onSuccess: suppliers }),
    updateSupplier: useMutation({ mutationFn: inventoryApi.updateSupplier, onSuccess: suppliers }),
    deleteSupplier: useMutation({ mutationFn: inventoryApi.deleteSupplier, onSuccess: suppliers }),
  };
}
export type CatalogueWrites = ReturnType<typeof useCatalogueWrites>;
