import { lazyExport } from '@stockbook/ui';

/**
 * The items screen's drawer and dialogs, each loaded when it is first opened rather than with
 * the list: the batch form brings the date picker, the import dialog the upload, progress and
 * CSV parser, the drawer its descriptions (about 64 KiB compressed that a first look at the list
 * never needs).
 */
export const ItemDrawer = lazyExport(() => import('./item-drawer'), 'ItemDrawer');
export const ItemFormModal = lazyExport(() => import('./item-form-modal'), 'ItemFormModal');
export const VariantFormModal = lazyExport(() => import('./variant-form-modal'), 'VariantFormModal');
export const BatchFormModal = lazyExport(() => import('./batch-form-modal'), 'BatchFormModal');
export const ImportModal = lazyExport(() => import('../csv/import-modal'), 'ImportModal');
export const AddStockPicker = lazyExport(() => import('./add-stock-picker'), 'AddStockPicker');
