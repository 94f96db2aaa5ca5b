import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AttributeListResponseSchema,
  AttributeResponseSchema,
  CategoryListResponseSchema,
  CategoryResponseSchema,
  InTransitResponseSchema,
  ItemImportResponseSchema,
  ItemListResponseSchema,
  ItemResponseSchema,
  MessageResponseBodySchema,
  SupplierListResponseSchema,
  SupplierResponseSchema,
  type AddAttributeRequest,
  type AddBatchRequest,
  type AddCategoryRequest,
  type AddSimpleItemRequest,
  type AddSupplierRequest,
  type AddVariantItemRequest,
  type AddVariantRequest,
  type InTransitQuery,
  type ItemImportRequest,
  type ItemListQuery,
  type LiveData,
  type UpdateAttributeRequest,
  type UpdateAttributeValueRequest,
  type UpdateBatchRequest,
  type UpdateCategoryRequest,
  type UpdateItemAttributesRequest,
  type UpdateItemRequest,
  type UpdateParentRequest,
  type UpdateSupplierRequest,
  type UpdateVariantRequest,
} from '@stockbook/contracts';
import { apiQuery, apiRequest } from './http';

type Kind<K extends LiveData> = readonly [K, ...unknown[]];

/**
 * Query keys of the inventory data. Each starts with the `LiveData` kind an SSE `invalidate`
 * event names, so one event reloads every copy (see live-data.ts).
 */
export const inventoryKeys = {
  items: {
    all: () => ['items'] as const satisfies Kind<'items'>,
    list: (query: ItemListQuery) => ['items', 'list', query] as const satisfies Kind<'items'>,
    one: (id: string) => ['items', 'one', id] as const satisfies Kind<'items'>,
    ofBatch: (batchId: string) => ['items', 'of-batch', batchId] as const satisfies Kind<'items'>,
    /** Stock on its way (pending transfers) and on hand: every stock movement reloads `items`. */
    inTransit: (query: InTransitQuery) => ['items', 'in-transit', query] as const satisfies Kind<'items'>,
  },
  categories: {
    all: () => ['categories'] as const satisfies Kind<'categories'>,
    list: (inUse = false) => ['categories', { inUse }] as const satisfies Kind<'categories'>,
  },
  attributes: {
    all: () => ['attributes'] as const satisfies Kind<'attributes'>,
    list: (inUse = false) => ['attributes', { inUse }] as const satisfies Kind<'attributes'>,
  },
  suppliers: {
    all: () => ['suppliers'] as const satisfies Kind<'suppliers'>,
  },
};

/** user/inventory/list: one page of items with their variants, batches and stock per location. */
export const itemListQueryOptions = (query: ItemListQuery) =>
  queryOptions({
    queryKey: inventoryKeys.items.list(query),
    ...apiQuery('user/inventory/list', ItemListResponseSchema, { ...query }),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** user/inventory/in-transit: units of pending transfers on their way to the caller's locations (or one), and the value on hand there. */
export const inTransitQueryOptions = (query: InTransitQuery = {}) =>
  queryOptions({
    queryKey: inventoryKeys.items.inTransit(query),
    queryFn: ({ signal }) => apiRequest('user/inventory/in-transit', InTransitResponseSchema, { signal, query: { location: query.location } }),
  });

/** user/inventory/item/:id: one item (a variant's id gives its parent) with its variants and batches. */
export const itemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.items.one(id),
    queryFn: async ({ signal }) => (await apiRequest(`user/inventory/item/${encodeURIComponent(id)}`, ItemResponseSchema, { signal })).item,
  });

/** user/inventory/batch/:id: the item a batch belongs to (its parent for a variant), where a batch's link opens. */
export const batchItemQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: inventoryKeys.items.ofBatch(batchId),
    queryFn: async ({ signal }) => (await apiRequest(`user/inventory/batch/${encodeURIComponent(batchId)}`, ItemResponseSchema, { signal })).item,
  });

export const categoriesQueryOptions = (inUse = false) =>
  queryOptions({
    queryKey: inventoryKeys.categories.list(inUse),
    queryFn: async ({ signal }) =>
      (await apiRequest(inUse ? 'user/category/list/in-use' : 'user/category/list', CategoryListResponseSchema, { signal })).categories,
  });

export const attributesQueryOptions = (inUse = false) =>
  queryOptions({
    queryKey: inventoryKeys.attributes.list(inUse),
    queryFn: async ({ signal }) =>
      (await apiRequest(inUse ? 'user/attribute/list/in-use' : 'user/attribute/list', AttributeListResponseSchema, { signal })).attributes,
  });

export const suppliersQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.suppliers.all(),
    queryFn: async ({ signal }) => (await apiRequest('user/supplier/list', SupplierListResponseSchema, { signal })).suppliers,
  });

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The inventory calls that change something; each answers with its contract's shape. */
export const inventoryApi = {
  addSimpleItem: (body: AddSimpleItemRequest) =>
    apiRequest('user/inventory/add/simple/item', ItemResponseSchema, { method: 'POST', body }),
  addVariantItem: (body: AddVariantItemRequest) =>
    apiRequest('user/inventory/variant/item', ItemResponseSchema, { method: 'POST', body }),
  addVariant: (body: AddVariantRequest) => apiRequest('user/inventory/variant', ItemResponseSchema, { method: 'POST', body }),
  updateVariant: (body: UpdateVariantRequest) =>
    apiRequest('user/inventory/variant', ItemResponseSchema, { method: 'PATCH', body }),
  updateParent: (body: UpdateParentRequest) =>
    apiRequest('user/inventory/variant/parent', ItemResponseSchema, { method: 'PATCH', body }),
  updateItem: (body: UpdateItemRequest) => apiRequest('user/inventory/update', ItemResponseSchema, { method: 'PATCH', body }),
  updateItemAttributes: (body: UpdateItemAttributesRequest) =>
    apiRequest('user/inventory/update/attributes', ItemResponseSchema, { method: 'PATCH', body }),
  /** Up to ITEM_IMPORT_CHUNK CSV rows; one result per row, a refused row changes nothing. */
  importItems: (body: ItemImportRequest) => apiRequest('user/inventory/import', ItemImportResponseSchema, { method: 'POST', body }),
  deleteItem: (id: string) => apiRequest(path('user/inventory/delete', id), ItemResponseSchema, { method: 'DELETE' }),

  addBatch: (body: AddBatchRequest) => apiRequest('user/inventory/add/batch', ItemResponseSchema, { method: 'POST', body }),
  updateBatch: (body: UpdateBatchRequest) =>
    apiRequest('user/inventory/update/batch', ItemResponseSchema, { method: 'PATCH', body }),
  deleteBatch: (id: string) => apiRequest(path('user/inventory/batch', id), ItemResponseSchema, { method: 'DELETE' }),

  addCategory: (body: AddCategoryRequest) => apiRequest('user/category/add', CategoryResponseSchema, { method: 'POST', body }),
  updateCategory: (body: UpdateCategoryRequest) =>
    apiRequest('user/category/update', CategoryResponseSchema, { method: 'PATCH', body }),
  deleteCategory: (id: string) => apiRequest(path('user/category/delete', id), MessageResponseBodySchema, { method: 'DELETE' }),

  addAttribute: (body: AddAttributeRequest) => apiRequest('user/attribute/add', AttributeResponseSchema, { method: 'POST', body }),
  updateAttribute: (body: UpdateAttributeRequest) =>
    apiRequest('user/attribute/update', AttributeResponseSchema, { method: 'PATCH', body }),
  updateAttributeValue: (body: UpdateAttributeValueRequest) =>
    apiRequest('user/attribute/update/value', AttributeResponseSchema, { method: 'PATCH', body }),
  deleteAttribute: (id: string) => apiRequest(path('user/attribute/delete', id), MessageResponseBodySchema, { method: 'DELETE' }),
  deleteAttributeForced: (id: string) =>
    apiRequest(path('user/attribute/delete-forced', id), MessageResponseBodySchema, { method: 'DELETE' }),

  addSupplier: (body: AddSupplierRequest) => apiRequest('user/supplier/add', SupplierResponseSchema, { method: 'POST', body }),
  updateSupplier: (body: UpdateSupplierRequest) =>
    apiRequest('user/supplier/update', SupplierResponseSchema, { method: 'PATCH', body }),
  deleteSupplier: (id: string) => apiRequest(path('user/supplier/delete', id), MessageResponseBodySchema, { method: 'DELETE' }),
};
