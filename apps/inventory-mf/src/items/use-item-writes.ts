import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, inventoryApi, inventoryKeys } from '@stockbook/api-client';
import type { ItemResponse } from '@stockbook/contracts';

/**
 * The item and batch calls. Each success puts the answered item in its cache entry and reloads
 * the lists and the activity log (every change is logged); the server's SSE invalidation does
 * the same for every other open screen.
 */
export function useItemWrites() {
  const queryClient = useQueryClient();
  const onSuccess = async ({ item }: ItemResponse) => {
    queryClient.setQueryData(inventoryKeys.items.one(item._id), item);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryKeys.items.all() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  };
  const write = <T,>(mutationFn: (body: T) => Promise<ItemResponse>) => ({ mutationFn, onSuccess });
  return {
    addSimpleItem: useMutation(write(inventoryApi.addSimpleItem)),
    addVariantItem: useMutation(write(inventoryApi.addVariantItem)),
    addVariant: useMutation(write(inventoryApi.addVariant)),
    updateVariant: useMutation(write(inventoryApi.updateVariant)),
    updateParent: useMutation(write(inventoryApi.updateParent)),
    updateItem: useMutation(write(inventoryApi.updateItem)),
    updateItemAttributes: useMutation(write(inventoryApi.updateItemAttributes)),
    deleteItem: useMutation(write(inventoryApi.deleteItem)),
    addBatch: useMutation(write(inventoryApi.addBatch)),
    updateBatch: useMutation(write(inventoryApi.updateBatch)),
    deleteBatch: useMutation(write(inventoryApi.deleteBatch)),
    /** A value added to an attribute from the variant form (XL where Size had S, M, L). */
    addAttributeValue: useMutation({
      mutationFn: inventoryApi.updateAttribute,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.attributes.all() }),
    }),
  };
}
export type ItemWrites = ReturnType<typeof useItemWrites>;
